/**
 * Test-only: a fetch handler served on a real loopback port, for a process of its own (an edge
 * function under Deno) to call. Only tests import it.
 */
import { createServer, type IncomingMessage } from 'node:http';

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
