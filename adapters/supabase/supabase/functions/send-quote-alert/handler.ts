import * as v from 'valibot';
import { type AlertingDeps, sendDueAlerts } from './alerting.ts';
import { pushTo } from '../_shared/push.ts';
import { readTakeToken } from '../../../../push/take-token.ts';

/** The function's set-up, or what is missing from it. */
export type AlertSetup = { ok: true; deps: AlertingDeps; publicKey: string; serviceKey: string } | { ok: false; problem: string };

type Answer = object;

/** What supabase-js's functions.invoke sends, and the service worker's fetch, so the browser's preflight lets them through. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
} as const;

const json = (body: Answer, status = 200) => Response.json(body, { status, headers: corsHeaders });
const refuse = (status: number, error: string, message: string) => json({ error, message }, status);

const bodyLimitBytes = 4 * 1024;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = v.pipe(v.string(), v.regex(uuidPattern, 'not a uuid'));
const NewRequestSchema = v.object({ id: uuid });
const TakeSchema = v.object({ quoteId: uuid, token: v.pipe(v.string(), v.maxLength(512)) });

/** The route below the function's name: Supabase passes /send-quote-alert/escalate, a local run /escalate. */
const routeOf = (url: string) => new URL(url).pathname.replace(/^(\/functions\/v1)?\/send-quote-alert/, '').replace(/\/+$/, '');

const bearerOf = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];

/** Compares two secrets in time that does not tell how much of them matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return { ok: false, response: refuse(415, 'unsupported-media-type', 'Send application/json') };
  const text = await request.text();
  if (new TextEncoder().encode(text).length > bodyLimitBytes) return { ok: false, response: refuse(413, 'payload-too-large', `The body is over ${bodyLimitBytes} bytes`) };
  try {
    return { ok: true, body: text === '' ? {} : (JSON.parse(text) as unknown) };
  } catch {
    return { ok: false, response: refuse(400, 'invalid-json', 'The request body is not valid JSON') };
  }
}

/**
 * The alert function's routes:
 *   POST /           { id }: the browser, right after storing a request: its first alert, to whoever is on call
 *   POST /escalate   the pg_cron job, with the service role key: each waiting request's alert that is due
 *   POST /take       { quoteId, token }: "I'm on it" from a notification, with its single-use token
 *   GET  /key        the VAPID public key browsers subscribe with
 *   POST /test       a staff member, with their token: a test alert to each of their devices
 */
export async function handleAlert(request: Request, setup: AlertSetup): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  const route = routeOf(request.url);
  const known = { '': 'POST', '/escalate': 'POST', '/take': 'POST', '/key': 'GET', '/test': 'POST' }[route];
  if (known === undefined) return refuse(404, 'not-found', 'There is no such route');
  if (request.method !== known) return refuse(405, 'method-not-allowed', `Use ${known}`);
  if (!setup.ok) {
    console.error(`send-quote-alert is not configured: ${setup.problem}`);
    return refuse(500, 'not-configured', `Alerts are not set up: ${setup.problem}`);
  }
  if (route === '/key') return json({ publicKey: setup.publicKey });
  try {
    if (route === '/escalate') {
      const key = bearerOf(request);
      if (key === undefined || !sameSecret(key, setup.serviceKey)) return refuse(401, 'not-service-role', 'Only the service role may run the escalation');
      return json(await sendDueAlerts(setup.deps));
    }
    if (route === '/test') return await testAlert(request, setup.deps);
    const read = await readJson(request);
    if (!read.ok) return read.response;
    if (route === '/take') return await take(read.body, setup.deps);
    const body = v.safeParse(NewRequestSchema, read.body);
    if (!body.success) return refuse(400, 'invalid-request', 'id must be the id of a stored quote request');
    return json(await sendDueAlerts(setup.deps, body.output.id));
  } catch (error) {
    // The store's errors name the call and the status, never the customer.
    console.error(error instanceof Error ? error.message : 'The database call failed');
    return refuse(502, 'database-failed', 'The database could not be reached');
  }
}

async function take(body: unknown, deps: AlertingDeps): Promise<Response> {
  const parsed = v.safeParse(TakeSchema, body);
  if (!parsed.success) return refuse(400, 'invalid-take', 'Send quoteId and token');
  const tokenId = readTakeToken(deps.takeTokenSecret, parsed.output.token, { quoteId: parsed.output.quoteId, now: deps.now() });
  if (tokenId === undefined || !uuidPattern.test(tokenId)) return refuse(403, 'invalid-token', 'The token is not valid for this request');
  const outcome = await deps.store.redeemTake(tokenId, parsed.output.quoteId);
  switch (outcome.outcome) {
    case 'taken':
    case 'already-taken':
      return json({ outcome: outcome.outcome, taken: { by: outcome.taken.by, at: outcome.taken.at.toISOString() } });
    case 'not-waiting':
      return json(outcome);
    case 'not-found':
      return refuse(404, 'not-found', 'There is no quote request with that id');
    case 'spent':
      return refuse(409, 'token-spent', 'This token has been used, or was not issued for this request');
    case 'not-staff':
      return refuse(403, 'not-staff', 'The token was sent to someone who is no longer staff');
  }
}

async function testAlert(request: Request, deps: AlertingDeps): Promise<Response> {
  const token = bearerOf(request);
  const staff = token === undefined ? 'refused' : await deps.store.isStaff(token);
  if (staff === 'refused' || token === undefined) return refuse(401, 'not-signed-in', 'Sign in as staff to send a test alert');
  if (!staff) return refuse(403, 'not-staff', 'Only staff may send a test alert');
  const devices = await deps.store.ownDevices(token);
  const message = { kind: 'test' as const, sentAt: deps.now().toISOString() };
  const results = await Promise.all(devices.map((device) => pushTo(device, message, deps)));
  return json({ delivered: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length });
}
