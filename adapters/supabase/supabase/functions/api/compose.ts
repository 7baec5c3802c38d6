// The product's API as Supabase's edge function `api`: the same Hono app as on our Node server
// (createApi), over the project's PostgreSQL through our own SQL adapters, made by our own migrations.
// Composed from the function's settings and a clock (the real one; the tests' contract suites set theirs).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Pool } from 'pg';
import { createApi } from '../../../../server/api.ts';
import { composeHost } from '../../../../server/compose/compose-host.ts';
import { clientKey } from '../../../../server/http/rate-limits.ts';
import { serveApiDocument, staffSchemes } from '../../../../server/openapi/api-document.ts';
import { readFormDataBody } from '../../../../server/photos/form-data-body.ts';
import { readServerConfig } from '../../../../server/server-config.ts';
import { bearerStaffGate } from '../../../../server/staff/bearer-staff-gate.ts';
import { loadMagickPhotoProcessor } from '../../../../photos/magick-photo-processor.ts';
import { openPostgresDatabase } from '../../../../sql/database.ts';
import { migrateToLatest } from '../../../../sql/migrate.ts';
import { accessTokenKeyOf, findAccessTokenEmail } from '../../../supabase-access-token.ts';
import { business } from '../../../../../domain/business.ts';
import { purgeExpiredQuotes } from '../../../../../domain/customer-data/purge-expired-quotes.ts';
import { publicPushFetch } from './deno-push-fetch.ts';
import { inBackground } from './edge-runtime.ts';

type Env = Record<string, string | undefined>;

/** What the function shares with our server, over the project's database: for the app below, and the tests. */
export async function composeFunctionHost(env: Env, now: () => Date = () => new Date()) {
  const databaseUrl = env.SUPABASE_DB_URL;
  if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set: Supabase gives it to every function');
  const config = readServerConfig(env);
  // Our own migrations, at each cold start: the tables are the same as on our own PostgreSQL server.
  const db = openPostgresDatabase(databaseUrl);
  await migrateToLatest(db);
  // Rate limits counted in the database: Supabase runs several copies of the function, and restarts them.
  const limitPool = new Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, max: 2 });
  limitPool.on('error', (error: Error) => console.error('Rate limit database connection failed', error));
  const host = await composeHost(db, { config, env }, {
    publicPushFetch,
    // Only run by hand or by the tests (PORT set, on loopback) does it push to this machine. Never on Supabase.
    allowLoopbackPush: env.PORT !== undefined && config.PUSH_ALLOW_LOOPBACK_FOR_TESTS,
    limitStore: { kind: 'postgres', pool: limitPool },
    trustProxy: true,
    // A done job's review emails link under this function's own address, which answers the review link
    // and a mail program's one-click stop; Supabase shows no HTML page from a function, so the page that
    // stops them is the customer's own, on the site.
    reviewLinks: {
      apiAt: () => {
        if (!env.SUPABASE_URL) throw new Error('SUPABASE_URL is not set: Supabase gives it to every function');
        return `${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/api`;
      },
      stopOnCustomerPage: true,
    },
    now,
  });
  return { ...host, config, close: () => Promise.all([db.destroy(), limitPool.end()]) };
}

/** The function's app, from its settings (Supabase's and ours) and the clock its work is timed by. */
export async function composeApiFunction(env: Env, { now = () => new Date() }: { now?: () => Date } = {}): Promise<Hono> {
  const tickSecret = env.TICK_SECRET;
  if (!tickSecret || tickSecret.length < 32) throw new Error('Set the secret TICK_SECRET, at least 32 characters, and the same in Vault as tick_secret');
  const host = await composeFunctionHost(env, now);
  const { config, email, quotes } = host;
  const alerts = host.alerts.engine;

  // No loops of ours here: what a request sets going is finished inside it (waitUntil), and the
  // schedule's tick, every minute, does the rest.
  const sendEmails = () => email.dispatcher?.sendDue() ?? Promise.resolve();
  const purge = async () => {
    await purgeExpiredQuotes({ retention: quotes, logger: console }, now(), config.RETENTION_MONTHS, config.SPAM_RETENTION_DAYS);
  };

  /** Staff are Supabase Auth users whose email is on our staff list (`npm run staff` against this database). */
  const tokenKey = accessTokenKeyOf(env);
  const staff = bearerStaffGate(async (token) => {
    const emailOf = await findAccessTokenEmail(token, tokenKey);
    if (emailOf === undefined) return null;
    return (await host.staffStore.listAccounts()).includes(emailOf) ? { email: emailOf } : null;
  });

  const photoProcessor = await loadMagickPhotoProcessor(await Deno.readFile(new URL(import.meta.resolve('@imagemagick/magick-wasm/magick.wasm'))));

  const api = createApi({
    ...host.api,
    // Its emails wait in the outbox until SMTP_URL is set among the function's secrets: staff are told above the list.
    emailNotSetUp: !email.dispatcher,
    notifier: {
      quoteSubmitted: (quote) => {
        inBackground(Promise.all([sendEmails(), alerts.runOnce([quote.id])]));
        return Promise.resolve();
      },
    },
    staff,
    clientKey: (c) => clientKey(c, { trustProxy: true }),
    photos: { store: host.photos, processorFor: () => photoProcessor, readMultipart: readFormDataBody },
    wakeDelivery: () => inBackground(sendEmails()),
    wakeAlerts: () => inBackground(alerts.runOnce()),
    tick: {
      secret: tickSecret,
      run: async () => {
        await Promise.all([sendEmails(), alerts.runOnce()]);
        await purge();
      },
    },
  });

  // Supabase hands the function every path under /functions/v1/api as /api/…; the site, on another
  // origin, calls it with a bearer token and no cookie.
  const siteUrl = config.SITE_URL ?? business.siteUrl;
  // The API's document is served beside it, before its answer to paths it does not know.
  const documented = new Hono();
  const supabaseUrl = env.SUPABASE_URL?.replace(/\/+$/, '');
  serveApiDocument(documented, { staff: staffSchemes.bearerToken, serverUrl: supabaseUrl && `${supabaseUrl}/functions/v1/api` });
  documented.route('/', api);
  return new Hono().use(cors({ origin: siteUrl, allowHeaders: ['authorization', 'content-type'], exposeHeaders: ['retry-after'], maxAge: 600 })).route('/api', documented);
}
