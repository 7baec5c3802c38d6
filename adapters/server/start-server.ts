import { getRequestListener, RequestError } from '@hono/node-server';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Hono } from 'hono';
import { securityHeadersBeforeRouting } from './http/security-headers';

export interface RunningServer {
  url: string;
  /** Stops taking connections, lets requests in flight finish, then resolves. */
  close: () => Promise<void>;
}

/** How long a client may take to send its request, and how many connections it may hold at once. */
export interface ConnectionLimits {
  /** From the connection (or the end of its last request) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From the start of a request to the end of its body. */
  requestTimeoutMs: number;
  /** Connections one socket address may hold open; undefined for no cap (behind our own proxy). */
  maxConnectionsPerClient: number | undefined;
}

/** Node looks for requests over their time this often; its default, 30 s, would add up to that much again. */
const timeoutCheckMs = 500;

/** Listens on `host:port` (port 0 picks a free one) with Node's HTTP server, which hands each request to the app. */
export function startServer(app: Hono, { host, port, limits }: { host: string; port: number; limits: ConnectionLimits }): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch, {
    // A target or Host header the URL parser refuses, or none at all, never reaches the app: answer it
    // here, with the headers the app would have set.
    errorHandler: (error) => {
      const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8' });
      for (const [name, value] of securityHeadersBeforeRouting) headers.set(name, value);
      return error instanceof RequestError
        ? new Response('Bad Request\n', { status: 400, headers })
        : new Response('Something went wrong on our side\n', { status: 500, headers });
    },
  });
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const overCap = new WeakSet<Socket>();
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(timeoutCheckMs, headersTimeout),
      // Node would answer a request without a Host itself, with a bare 400: the listener answers it, with our headers.
      requireHostHeader: false,
    },
    (incoming, outgoing) => {
      if (overCap.has(incoming.socket)) refuse(outgoing);
      else void listener(incoming, outgoing);
    },
  );
  // Node answers what its parser refuses or what ran out of time (400, 408, 413, 431) itself, with
  // nothing but a status line: the same answer, with our headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A response already under way cannot be replaced by another (Node's own handler checks the same).
    const response: unknown = Reflect.get(socket, '_httpMessage');
    const started = typeof response === 'object' && response !== null && 'headersSent' in response && response.headersSent === true;
    // A connection the client reset has nobody to read an answer.
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    socket.end(rawResponse(clientErrorStatus(error)));
  });
  server.on('connection', (socket: Socket) => {
    // Node's server listens for its sockets' errors too; this one is ours, whatever Node has let go of.
    socket.on('error', () => socket.destroy());
  });
  const { maxConnectionsPerClient } = limits;
  if (maxConnectionsPerClient !== undefined) capConnectionsPerClient(server, maxConnectionsPerClient, overCap);

  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const info = server.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        close: () =>
          new Promise<void>((closed) => {
            // Keep-alive connections would hold the close open until they time out: drop each one as
            // soon as it has no request in flight.
            const sweep = setInterval(() => server.closeIdleConnections(), 50);
            server.close(() => {
              clearInterval(sweep);
              closed();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/** The answer to each request on a connection over the cap: 429, and the connection closed. */
function refuse(outgoing: ServerResponse) {
  const body = `${reasons[429]}\n`;
  outgoing.writeHead(429, [
    ...securityHeadersBeforeRouting.flat(),
    'Content-Type',
    'text/plain; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body)),
    // Node closes the connection once this is sent.
    'Connection',
    'close',
  ]);
  outgoing.end(body);
}

/**
 * One client holding every connection the machine can take would keep everyone else out, however
 * short the timeouts. Counted by the socket's address: behind a proxy that is the proxy's, so the
 * caller leaves the cap off there and the proxy caps its clients. A connection over the cap is
 * answered 429 at its first request and closed; one that sends nothing is closed at the headers timeout.
 */
function capConnectionsPerClient(server: ReturnType<typeof createServer>, cap: number, overCap: WeakSet<Socket>) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:/i, '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      overCap.add(socket);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function clientErrorStatus(error: NodeJS.ErrnoException): 400 | 408 | 413 | 431 {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

const reasons = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Content Too Large', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large' };

/** A whole response written straight to the socket, which is then closed. */
function rawResponse(status: ReturnType<typeof clientErrorStatus>): string {
  const body = `${reasons[status]}\n`;
  const headers = [
    ...securityHeadersBeforeRouting,
    ['Content-Type', 'text/plain; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${status} ${reasons[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}
