import type { MiddlewareHandler } from 'hono';

export interface RequestLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/**
 * One structured line per request. The path is logged without its query string and no body or
 * header is, so no visitor's personal data reaches the log.
 */
export function requestLog(write: (entry: RequestLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write({
      time: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
