import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { describeRoute, failure } from '../openapi/describe-route';

const wrongSecret: WireError = { error: 'not-signed-in', message: 'The tick needs its secret' };

/**
 * `POST /api/tick`: the scheduler's call, once a minute, for a host whose work cannot wait in loops of
 * its own (an edge function lives only while it answers). The secret is compared in constant time.
 * The work runs to its end before the answer, so the scheduler's log says whether it went well.
 */
export function tickApi({ secret, run }: { secret: string; run: () => Promise<void> }) {
  const api = new Hono();
  const operation = describeRoute({
    summary: 'Runs the due work once (emails, alerts, purges), for a host with no loops of its own; the scheduler sends the tick secret as a bearer token',
    security: [{ tickSecret: [] }],
    responses: { 204: { description: 'Done' }, 401: failure('No tick secret, or a wrong one') },
  });
  api.post('/', operation, limitBody(bodyLimits.none), bearerAuth({ token: secret, invalidToken: { message: wrongSecret }, noAuthenticationHeader: { message: wrongSecret } }), async (c) => {
    await run();
    return c.body(null, 204);
  });
  return api;
}
