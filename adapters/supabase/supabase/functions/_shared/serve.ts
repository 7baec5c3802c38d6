import * as v from 'valibot';

const PortSchema = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'PORT must be a port number'),
  v.transform(Number),
  v.maxValue(65_535, 'PORT must be a port number'),
);

/**
 * Serves a function's handler: on Supabase, as the edge runtime expects; run by hand or by the tests
 * (PORT set, 0 for any free port), on loopback only, saying where on stderr as Deno's own message does
 * (stdout stays free, and the tests wait for that line).
 */
export function serveFunction(handler: (request: Request) => Response | Promise<Response>): void {
  const port = Deno.env.get('PORT');
  if (port === undefined) {
    Deno.serve(handler);
    return;
  }
  Deno.serve(
    {
      port: v.parse(PortSchema, port),
      hostname: '127.0.0.1',
      onListen: ({ hostname, port }) => console.error(`Listening on http://${hostname}:${port}/`),
    },
    handler,
  );
}
