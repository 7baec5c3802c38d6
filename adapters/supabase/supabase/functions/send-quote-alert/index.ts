import * as v from 'valibot';
import { serveFunction } from '../_shared/serve.ts';
import { defaultAlertPolicy } from '../../../../../domain/alerts/alert-plan.ts';
import { parseStoreConfig } from '../_shared/postgrest.ts';
import { postgrestAlertStore } from '../_shared/alert-store.ts';
import { vapidFrom, vapidSecrets } from '../_shared/vapid.ts';
import { type AlertSetup, handleAlert } from './handler.ts';
import { WebPushSender } from '../../../../push/web-push-sender.ts';
import { allowLoopbackPushForTests, publicPushFetch } from '../_shared/public-push-fetch.ts';

const required = [...vapidSecrets, 'TAKE_TOKEN_SECRET', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

const MinutesSchema = v.pipe(v.string(), v.regex(/^\d+$/, 'ESCALATE_AFTER_MINUTES must be a whole number of minutes'), v.transform(Number), v.minValue(1, 'ESCALATE_AFTER_MINUTES must be at least 1'));

/** The function's secrets, read once at boot: without them every route but OPTIONS is answered 500, saying which to set. */
function alertSetup(): AlertSetup {
  const env = Object.fromEntries(required.map((name) => [name, Deno.env.get(name) ?? '']));
  const missing = required.filter((name) => env[name] === '');
  if (missing.length > 0) return { ok: false, problem: `set the secrets ${missing.join(', ')}` };
  const escalate = Deno.env.get('ESCALATE_AFTER_MINUTES');
  const minutes = escalate === undefined ? { success: true as const, output: defaultAlertPolicy.escalateAfterMinutes } : v.safeParse(MinutesSchema, escalate);
  if (!minutes.success) return { ok: false, problem: minutes.issues[0].message };
  const keys = vapidFrom(env);
  if (!keys.ok) return keys;
  if ((env.TAKE_TOKEN_SECRET ?? '').length < 32) return { ok: false, problem: 'TAKE_TOKEN_SECRET must be at least 32 characters' };
  const { vapid } = keys;
  const project = parseStoreConfig(env);
  if (project === undefined) return { ok: false, problem: 'set the secrets SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY' };
  return {
    ok: true,
    publicKey: vapid.publicKey,
    serviceKey: project.serviceKey,
    deps: {
      store: postgrestAlertStore(project),
      sender: new WebPushSender(vapid, { fetch: publicPushFetch({ allowLoopback: allowLoopbackPushForTests() }) }),
      takeTokenSecret: env.TAKE_TOKEN_SECRET ?? '',
      policy: { escalateAfterMinutes: minutes.output },
      now: () => new Date(),
      newId: () => crypto.randomUUID(),
    },
  };
}

const setup = alertSetup();
const handler = (request: Request) => handleAlert(request, setup);

serveFunction(handler);
