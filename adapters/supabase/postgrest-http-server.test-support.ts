/**
 * Test-only: the PostgREST of postgrest-on-scratch-database.test-support.ts on a real loopback port,
 * for a process of its own (the edge function under Deno) to call, and Storage's handlers
 * (storage-on-scratch-database.test-support.ts) when given. Only tests import it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { getResponse, type HttpHandler } from 'msw';
import { answerAsPostgrest, type ClaimsOf } from './postgrest-on-scratch-database.test-support';
import type { SupabaseScratchDatabase } from './supabase-scratch-database.test-support';

/** The request a loopback server received, as a fetch Request to the same path at `origin`. */
async function requestOf(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(name, value);
  const method = message.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks);
  return new Request(new URL(message.url ?? '/', origin), { method, headers, body });
}

/**
 * Serves `answer` at a free port on 127.0.0.1 until stopped: each request it receives as a fetch
 * Request to the same path at the server's own origin, and its Response written back (500 with the
 * error's message if answering fails).
 */
export async function serveOnLoopback(answer: (request: Request) => Promise<Response>): Promise<{ url: string; stop: () => Promise<void> }> {
  let origin = '';
  const server = createServer((message, response) => {
    void (async () => {
      const answered = await answer(await requestOf(message, origin));
      response.writeHead(answered.status, Object.fromEntries(answered.headers));
      response.end(Buffer.from(await answered.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  origin = `http://127.0.0.1:${String(address.port)}`;
  return { url: origin, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Serves /rest/v1 over `database` (and /storage/v1 by `storage`) at a free port on 127.0.0.1 until stopped. */
export function startPostgrestServer(
  database: SupabaseScratchDatabase,
  claimsOf: ClaimsOf,
  storage: (origin: string) => HttpHandler[] = () => [],
): Promise<{ url: string; stop: () => Promise<void> }> {
  return serveOnLoopback(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    return path.startsWith('/rest/v1/')
      ? answerAsPostgrest(database, claimsOf, request, path.slice('/rest/v1/'.length))
      : ((await getResponse(storage(url.origin), request)) ?? new Response(null, { status: 404 }));
  });
}
