// An attacker's body of any size, on every route that takes one: answered 413 at once, never read whole.
import { request as httpRequest } from 'node:http';
import { inspectRoutes } from 'hono/dev';
import { findTargetHandler } from 'hono/utils/handler';
import { expect, test } from 'vitest';
import { declaredBodyLimit } from './body-limit';
import { connectionLimitsOf, readServerConfig } from '../server-config';
import { signInCookie, startTestServer, testStaff, type TestServer } from '../test-server.test-support';

/** Methods whose requests carry a body; ALL is a route that answers every method. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'ALL']);

/** Every route of the app that answers a method with a body (a handler, not a middleware), once each. */
function bodyRoutes(server: TestServer): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path, isMiddleware } of inspectRoutes(server.app)) {
    if (bodyMethods.has(method) && !isMiddleware) seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The limit each route declared beside its registration, by `METHOD /path`. */
function declaredLimits(server: TestServer): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { method, path, handler } of server.app.routes) {
    const limit = declaredBodyLimit(findTargetHandler(handler));
    if (limit !== undefined) limits.set(`${method} ${path}`, limit);
  }
  return limits;
}

/** A request's path with its parameters and wildcard filled in. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'x').replace('*', 'no-such-path');

const total = 64 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 0x61);

/**
 * Sends a body of 64 MB, declared in Content-Length or chunked without it, as fast as the server
 * takes it, and stops at the first byte of the answer: the status, its headers, and how much was sent by then.
 */
function sendHuge(server: TestServer, method: string, path: string, { chunked, cookie }: { chunked: boolean; cookie: string }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers = { 'content-type': 'application/json', cookie, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }) };
    const outgoing = httpRequest(`${server.url}${concrete(path)}`, { method, headers }, (incoming) => {
      answered = true;
      incoming.resume();
      resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, sent });
      outgoing.destroy();
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', pump);
          return;
        }
      }
      if (!answered) outgoing.end();
    };
    pump();
  });
}

test('every route that takes a body answers 413 with the security headers to 64 MB, long before it is all sent', { timeout: 120_000 }, async () => {
  // Each abandoned upload's connection closes on the server a moment after the client lets go: on a
  // busy machine they would add up to the per-client cap, which is not what this test is about.
  const server = await startTestServer('sqlite', { alerts: {}, customerLinks: true, connections: connectionLimitsOf(readServerConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' })) });
  try {
    const routes = bodyRoutes(server);
    // The sign-in, the form, the inbox's moves, the alerts, the customer link, a customer's data, the unknown API path.
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, path } of routes) {
      for (const chunked of [false, true]) {
        const what = `${method} ${path} ${chunked ? 'chunked' : 'with Content-Length'}`;
        // A session of its own each time: a sign-out that read its body must not sign the next request out.
        const cookie = await signInCookie(server.url, testStaff);
        const answer = await sendHuge(server, method === 'ALL' ? 'POST' : method, path, { chunked, cookie });
        expect.soft(answer.status, what).toBe(413);
        expect.soft(answer.headers['x-content-type-options'], what).toBe('nosniff');
        expect.soft(answer.headers['content-security-policy'], what).toContain("default-src 'self'");
        // Answered with most of the body still unsent: what the sockets' buffers hold at most.
        expect.soft(answer.sent, what).toBeLessThan(total / 4);
      }
    }
  } finally {
    await server.stop();
  }
});

test('every route that takes a body declares its limit beside it, and a body one byte over it is refused', async () => {
  const server = await startTestServer('sqlite', { alerts: {}, customerLinks: true });
  try {
    const limits = declaredLimits(server);
    const undeclared = bodyRoutes(server).filter(({ method, path }) => !limits.has(`${method} ${path}`));
    expect(undeclared).toEqual([]);
    for (const [route, limit] of limits) {
      const [method = '', path = ''] = route.split(' ');
      for (const size of [limit, limit + 1]) {
        const response = await fetch(`${server.url}${concrete(path)}`, {
          method: method === 'ALL' ? 'POST' : method,
          headers: { 'content-type': 'application/json', cookie: await signInCookie(server.url, testStaff) },
          body: ' '.repeat(size),
        });
        await response.body?.cancel();
        if (size > limit) expect(response.status, `${route} with ${size} bytes`).toBe(413);
        else expect(response.status, `${route} with ${size} bytes`).not.toBe(413);
      }
    }
  } finally {
    await server.stop();
  }
});
