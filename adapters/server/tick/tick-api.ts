import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';

const wrongSecret: WireError = { error: 'not-signed-in', message: 'The tick needs its secret' };

/**
 * `POST /api/tick`: the scheduler's call, once a minute, for a host whose work cannot wait in loops of
 * its own (an edge function lives only while it answers). The secret is compared in constant time.
 * The work runs to its end before the answer, so the scheduler's log says whether it went well.
 */
export function tickApi({ secret, run }: { secret: string; run: () => Promise<void> }) {
  const api = new Hono();
  api.post('/', limitBody(bodyLimits.none), bearerAuth({ token: secret, invalidToken: { message: wrongSecret }, noAuthenticationHeader: { message: wrongSecret } }), async (c) => {
    await run();
    return c.body(null, 204);
  });
  return api;
}
