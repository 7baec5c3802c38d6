import { getRequestListener, RequestError } from '@hono/node-server';
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { frontDoor } from './files/front-door';
import type { Hono } from 'hono';
import { securityHeadersBeforeRouting } from './http/security-headers';
import type { StaticLane } from './files/static-lane';

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

/**
 * Listens on `host:port` (port 0 picks a free one). With `lane`, the site's files are answered before
 * the app: a connection is first read by the front door (front-door.ts), which answers what the lane
 * takes and gives the connection to Node's HTTP server at the first request it does not; there too
 * the lane answers before the app.
 */
export function startServer(
  app: Hono,
  { host, port, limits, lane }: { host: string; port: number; limits: ConnectionLimits; lane?: StaticLane },
): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch, {
    hostname: host,
    // A target or Host header the URL parser refuses never reaches the app: answer it here, with the
    // headers the app would have set.
    errorHandler: (error) => {
      const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8' });
      for (const [name, value] of securityHeadersBeforeRouting) headers.set(name, value);
      return error instanceof RequestError
        ? new Response('Bad Request\n', { status: 400, headers })
        : new Response('Something went wrong on our side\n', { status: 500, headers });
    },
  });
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const server = createServer(
    { headersTimeout, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: Math.min(timeoutCheckMs, headersTimeout) },
    lane
      ? (incoming, outgoing) => {
          lane.serve(incoming, outgoing, () => void listener(incoming, outgoing));
        }
      : (incoming, outgoing) => void listener(incoming, outgoing),
  );
  // Node answers what its parser refuses or what ran out of time (400, 408, 413, 431) itself, with
  // nothing but a status line: the same answer, with our headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A response already under way cannot be replaced by another (Node's own handler checks the same).
    const response: unknown = Reflect.get(socket, '_httpMessage');
    const started = typeof response === 'object' && response !== null && 'headersSent' in response && response.headersSent === true;
    if (!socket.writable || started) {
      socket.destroy();
      return;
    }
    socket.end(rawResponse(clientErrorStatus(error)));
  });
  const door = lane && frontDoor({ lane, http: server });
  // The server that accepts connections: the door's, which hands Node's server those it does not answer.
  const listening = door ? createNetServer({ noDelay: true }) : server;
  const { maxConnectionsPerClient } = limits;
  // First: a connection over the cap is answered 429 and ended before anyone reads it.
  if (maxConnectionsPerClient !== undefined) capConnectionsPerClient(listening, maxConnectionsPerClient);
  /** Every connection accepted and not yet closed, whoever holds it. */
  const connections = new Set<Socket>();
  listening.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  if (door) {
    listening.on('connection', door.take);
    // Node's server tracks its connections' timeouts from when it starts listening; given its
    // connections by the door, it is told it has.
    server.emit('listening');
  }

  return new Promise((resolve) => {
    listening.listen(port, host, () => {
      const info = listening.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        close: () =>
          new Promise<void>((closed) => {
            // Keep-alive connections would hold the close open until they time out: drop each one
            // as soon as it has no request in flight. The connections themselves say when they are
            // all gone: the door's server counts one it gave to Node's server as open for good.
            const closeIdle = () => {
              door?.closeIdle();
              server.closeIdleConnections();
            };
            const sweep = setInterval(() => {
              closeIdle();
              if (connections.size > 0) return;
              clearInterval(sweep);
              closed();
            }, 50);
            listening.close();
            // Behind the door, Node's server never listened itself: told to close, it stops checking
            // its connections' timeouts.
            if (door) server.close(() => undefined);
            closeIdle();
          }),
      });
    });
  });
}

/**
 * One client holding every connection the machine can take would keep everyone else out, however
 * short the timeouts. Counted by the socket's address: behind a proxy that is the proxy's, so the
 * caller leaves the cap off there and the proxy caps its clients.
 */
/** How long a connection refused for being over the cap may stay open for its client to read why. */
const refusedConnectionMs = 10_000;

function capConnectionsPerClient(server: NetServer, cap: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:/i, '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.end(rawResponse(429));
      // What it sends is read and dropped, so its close is seen; one that never closes is dropped.
      socket.resume();
      socket.setTimeout(refusedConnectionMs, () => socket.destroy());
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
function rawResponse(status: keyof typeof reasons): string {
  const body = `${reasons[status]}\n`;
  const headers = [
    ...securityHeadersBeforeRouting,
    ['Content-Type', 'text/plain; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${status} ${reasons[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}
