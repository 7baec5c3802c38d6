import * as v from 'valibot';
import { describeRoute, jsonAnswer } from '../openapi/describe-route';

// The Node server's health checks (app.ts), for the API's document.

const probe = (description: string) => ({ name: 'probe', in: 'query' as const, required: false, description, schema: { type: 'string' } });
const detail = v.optional(v.record(v.string(), v.unknown()));

export const healthOperations = {
  up: describeRoute({
    summary: 'The process is up',
    parameters: [
      probe(
        "The go-live check's probe: a random name (16 to 64 of A-Z, a-z, 0-9, - and _) under which the forwarding headers this request carried are remembered, for /readyz to tell this machine",
      ),
    ],
    responses: { 200: jsonAnswer('Up', v.object({ status: v.literal('ok') })) },
  }),
  ready: describeRoute({
    summary: 'The database answers, has every migration, and takes writes; to staff and this machine, why not, and what waits to be sent',
    parameters: [probe('To staff and this machine: what the /healthz request with this probe carried of X-Forwarded-For, -Proto and -Host')],
    responses: {
      200: jsonAnswer('Ready; to staff and this machine, with the email outbox and the alerts waiting', v.object({ status: v.literal('ready'), outbox: detail, alerts: detail, probe: detail })),
      503: jsonAnswer(
        'Not ready; to staff and this machine, with the reason',
        v.object({ status: v.literal('unavailable'), reason: v.optional(v.string()), cause: v.optional(v.string()), probe: detail }),
      ),
    },
  }),
};
