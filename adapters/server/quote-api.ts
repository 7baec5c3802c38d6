import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { deleteQuote, type DeleteQuoteDeps } from '../../domain/delete-quote';
import { randomUUID } from 'node:crypto';
import { honeypotFieldName, type QuoteDraft } from '../../domain/quote';
import type { QuoteError } from '../../domain/quote-errors';
import { submitQuote, type SubmitQuoteDeps, type SubmitQuoteResult } from '../../domain/submit-quote';
import type { RateLimitDecision } from './rate-limits';
import { formFieldsToDraft, toWireError, toWireQuote, type WireError, wireBodyToDraftInput } from '../http-api/wire';

/** Answers the quote form's plain HTML post once the request has been judged and perhaps stored. */
type QuoteFormPost = (draft: QuoteDraft, result: SubmitQuoteResult) => Promise<Response>;

const statusOf: Record<QuoteError['kind'], ContentfulStatusCode> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'storage-failure': 503,
  'rate-limited': 429,
};

export interface QuoteApiOptions {
  /** Bodies larger than this are refused with 413 before they are read. */
  bodyLimitBytes: number;
  /** Answers a plain HTML form post: a redirect, or the page again with the errors. */
  formPost: QuoteFormPost;
  /** Lets only a signed-in staff member through; everyone else gets 401. */
  requireStaff: MiddlewareHandler;
  /** Whether this client may send another quote request now. */
  submissionLimit: (c: Context) => Promise<RateLimitDecision>;
}

const honeypot: Pick<SubmitQuoteDeps, 'quotes' | 'notifier'> = {
  quotes: { insert: (quote) => Promise.resolve({ ...quote, id: randomUUID(), createdAt: new Date() }) },
  notifier: { quoteSubmitted: () => Promise.resolve() },
};

function filledHoneypot(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value: unknown = (body as Record<string, unknown>)[honeypotFieldName];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/**
 * `/api/quote-requests`: the quote form's post (JSON for scripts, or the plain HTML post) and staff's
 * DELETE. Staff read and work the requests through inbox-api.ts, on the same path.
 */
export function quoteApi(
  deps: SubmitQuoteDeps & DeleteQuoteDeps,
  { bodyLimitBytes, formPost, requireStaff, submissionLimit }: QuoteApiOptions,
) {
  const api = new Hono();
  const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });
  // A bot that filled the honeypot is judged by the same rules and answered the same way, so it
  // cannot tell; only its request goes nowhere.
  const depsFor = (body: unknown): SubmitQuoteDeps => (filledHoneypot(body) ? { ...deps, ...honeypot } : deps);

  api.post(
    '/',
    bodyLimit({
      maxSize: bodyLimitBytes,
      onError: () =>
        fail({ error: 'payload-too-large', message: `The request body is over ${bodyLimitBytes} bytes` }, 413),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      const limit = await submissionLimit(c);
      const tooMany = limit.allowed ? undefined : ({ kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds } as const);
      const withRetryAfter = (response: Response) => {
        if (tooMany) response.headers.set('retry-after', String(tooMany.retryAfterSeconds));
        return response;
      };
      if (type === 'application/x-www-form-urlencoded') {
        const fields = await c.req.parseBody();
        const texts = Object.fromEntries(
          Object.entries(fields).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
        );
        const draft = formFieldsToDraft(texts);
        // Refused for now: the page again, every value kept, and a word on when to try again.
        if (tooMany) return withRetryAfter(await formPost(draft, { ok: false, error: tooMany }));
        return formPost(draft, await submitQuote(depsFor(texts), draft));
      }
      if (type !== 'application/json') {
        return fail(
          { error: 'unsupported-media-type', message: 'Send application/json or application/x-www-form-urlencoded' },
          415,
        );
      }
      if (tooMany) return withRetryAfter(fail(toWireError(tooMany), 429));
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return fail({ error: 'invalid-json', message: 'The request body is not valid JSON' }, 400);
      }
      const result = await submitQuote(depsFor(body), wireBodyToDraftInput(body));
      if (!result.ok) return fail(toWireError(result.error), statusOf[result.error.kind]);
      return c.json(toWireQuote(result.quote), 201);
    },
  );

  api.delete('/:id', requireStaff, async (c) => {
    const result = await deleteQuote(deps, c.req.param('id'));
    if (result.ok) return c.body(null, 204);
    switch (result.error.kind) {
      case 'not-found':
        return fail({ error: 'not-found', message: 'There is no such quote request' }, 404);
      case 'not-signed-in':
        return fail({ error: 'not-signed-in', message: 'Sign in as staff to delete quote requests' }, 401);
      case 'storage-failure':
        return fail(toWireError({ kind: 'storage-failure' }), 503);
    }
  });

  return api;
}
