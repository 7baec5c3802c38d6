import type { MiddlewareHandler } from 'hono';

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/**
 * A path as logs may show it: a customer link (/r/<token>, /api/r/<token>) is the key to their
 * request, so its token is left out: `/r/…/messages`.
 */
export const loggedPath = (path: string): string => path.replace(/^(\/api)?\/r\/[^/]+/, '$1/r/…');

/**
 * One structured line per request. The path is logged without its query string and no body or
 * header is, so no visitor's personal data reaches the log; nor does a customer link (see loggedPath).
 */
export function requestLog(write: (entry: RequestLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write({
      time: new Date().toISOString(),
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
