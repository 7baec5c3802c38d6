import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { WireError } from '../../http-api/wire';

/** The sizes a route may declare, in bytes: every route that answers a method with a body declares one. */
export const bodyLimits = {
  /** A route that reads no body: a stray `{}` passes, anything more is refused. */
  none: 1024,
  /** Staff sign-in: an email and a password. */
  signIn: 4 * 1024,
  /** A JSON or form body: a quote request, a note, a move, a rota, a push subscription, a customer's message. */
  json: 16 * 1024,
} as const;

const declared = new WeakMap<object, number>();

const isMultipart = (type: string | undefined) => (type ?? '').split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/**
 * Refuses a body over `maxBytes` with 413 before the route reads it (Hono's bodyLimit): at once when
 * its Content-Length says so, and as soon as a chunked one passes the limit, the rest never read.
 * With `streamsMultipart`, a multipart/form-data body is left to the route, which streams it to disk
 * under limits of its own (photos/multipart-body.ts) rather than holding it in memory here.
 */
export function limitBody(maxBytes: number, { streamsMultipart = false }: { streamsMultipart?: boolean } = {}): MiddlewareHandler {
  const limited = bodyLimit({
    maxSize: maxBytes,
    onError: () => Response.json({ error: 'payload-too-large', message: `The request body is over ${maxBytes} bytes` } satisfies WireError, { status: 413 }),
  });
  const middleware: MiddlewareHandler = streamsMultipart ? (c, next) => (isMultipart(c.req.header('content-type')) ? next() : limited(c, next)) : limited;
  declared.set(middleware, maxBytes);
  return middleware;
}

/** The limit a route declared with {@link limitBody}, if `handler` is that declaration: for the tests that walk the routes. */
export const declaredBodyLimit = (handler: object): number | undefined => declared.get(handler);
