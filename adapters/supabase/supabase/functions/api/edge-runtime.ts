// What differs between Supabase's edge runtime and Deno run by hand (the tests): how the function
// listens, and how work goes on after the answer.

/** Supabase's edge runtime keeps the function alive for a promise handed to its `EdgeRuntime.waitUntil`. */
function waitUntilOfRuntime(): ((promise: Promise<unknown>) => void) | undefined {
  const runtime: unknown = Reflect.get(globalThis, 'EdgeRuntime');
  if (typeof runtime !== 'object' || runtime === null) return undefined;
  const waitUntil: unknown = Reflect.get(runtime, 'waitUntil');
  return typeof waitUntil === 'function' ? (promise) => void Reflect.apply(waitUntil, runtime, [promise]) : undefined;
}

const waitUntil = waitUntilOfRuntime();

/**
 * Runs `work` past the answer: on Supabase, within the request's lifetime (waitUntil); run by hand,
 * the process simply stays up. Its failures are its own to log.
 */
export function inBackground(work: Promise<unknown>): void {
  const settled = work.catch((error: unknown) => console.error('Work after the answer failed', error));
  waitUntil?.(settled);
}

/**
 * Serves the handler: on Supabase as the runtime expects; run by hand or by the tests (PORT set, 0 for
 * any free port) on loopback only, saying where on stderr as Deno's own message does.
 */
export function serveFunction(handler: (request: Request) => Response | Promise<Response>): void {
  const port = Deno.env.get('PORT');
  if (port === undefined) {
    Deno.serve(handler);
    return;
  }
  if (!/^\d{1,5}$/.test(port)) throw new Error('PORT must be a port number');
  Deno.serve({ port: Number(port), hostname: '127.0.0.1', onListen: ({ hostname, port }) => console.error(`Listening on http://${hostname}:${port}/`) }, handler);
}
