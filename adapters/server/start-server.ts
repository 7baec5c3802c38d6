import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';

export interface RunningServer {
  url: string;
  /** Stops taking connections, lets requests in flight finish, then resolves. */
  close: () => Promise<void>;
}

/** Listens on `host:port` (port 0 picks a free one). */
export function startServer(app: Hono, { host, port }: { host: string; port: number }): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        close: () =>
          new Promise<void>((closed, failed) => {
            // Keep-alive connections would hold the close open until they time out: drop each one
            // as soon as it has no request in flight.
            const sweep = setInterval(() => {
              if ('closeIdleConnections' in server) server.closeIdleConnections();
            }, 50);
            server.close((error) => {
              clearInterval(sweep);
              if (error) failed(error);
              else closed();
            });
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
  });
}
