// The product's API as Supabase's edge function `api`: the same Hono app as on our Node server
// (createApi), over the project's PostgreSQL through our own SQL adapters, made by our own migrations.
// Composed from the function's settings and a clock (the real one; the tests' contract suites set theirs).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Pool } from 'pg';
import { describeNotification, OutboxDispatcher } from '../../../../server/alerts/outbox-dispatcher.ts';
import { createAlertEngine } from '../../../../server/alerts/alert-engine.ts';
import { createApi } from '../../../../server/api.ts';
import { serveApiDocument, staffSchemes } from '../../../../server/openapi/api-document.ts';
import { sharedCustomerTokens } from '../../../../server/customer-link/customer-link-tokens.ts';
import { clientKey, createRateLimit } from '../../../../server/http/rate-limits.ts';
import { sharedFormTokens } from '../../../../server/quotes/form-tokens.ts';
import { readFormDataBody } from '../../../../server/photos/form-data-body.ts';
import { readServerConfig } from '../../../../server/server-config.ts';
import { bearerStaffGate } from '../../../../server/staff/bearer-staff-gate.ts';
import { notificationEmailSender } from '../../../../email/notification-email.ts';
import { parseMailConfig, SmtpMailer } from '../../../../email/smtp-mailer.ts';
import { loadMagickPhotoProcessor } from '../../../../photos/magick-photo-processor.ts';
import { alertDelivery, testAlertSender } from '../../../../push/alert-delivery.ts';
import { pushMessageAlert } from '../../../../push/customer-message-alert.ts';
import { readTakeToken } from '../../../../push/take-token.ts';
import { requireTakeTokenSecret, requireVapidKeys } from '../../../../push/vapid-keys.ts';
import { WebPushSender } from '../../../../push/web-push-sender.ts';
import { parseWebhookConfig, WebhookSender } from '../../../../push/webhook.ts';
import { openPostgresDatabase } from '../../../../sql/database.ts';
import { migrateToLatest } from '../../../../sql/migrate.ts';
import { SqlAlertLedger } from '../../../../sql/sql-alert-ledger.ts';
import { SqlAlertOutbox } from '../../../../sql/sql-alert-outbox.ts';
import { SqlCustomerData } from '../../../../sql/sql-customer-data.ts';
import { SqlCustomerLinks } from '../../../../sql/sql-customer-links.ts';
import { SqlReviewOptOuts } from '../../../../sql/sql-review-opt-outs.ts';
import { reviewLinkPaths } from '../../../../../domain/reviews/review-paths.ts';
import { SqlNotificationOutbox } from '../../../../sql/sql-notification-outbox.ts';
import { SqlOnCallRota } from '../../../../sql/sql-on-call-rota.ts';
import { SqlPhotoStore } from '../../../../sql/sql-photo-store.ts';
import { SqlPushDeviceStore } from '../../../../sql/sql-push-device-store.ts';
import { SqlQuoteInbox } from '../../../../sql/sql-quote-inbox.ts';
import { SqlQuoteRepository } from '../../../../sql/sql-quote-repository.ts';
import { SqlSecretStore } from '../../../../sql/sql-secret-store.ts';
import { SqlStaffStore } from '../../../../sql/sql-staff-store.ts';
import { accessTokenKeyOf, findAccessTokenEmail } from '../../../supabase-access-token.ts';
import { business } from '../../../../../domain/business.ts';
import { customerLinkPath } from '../../../../../domain/customer-link/customer-link.ts';
import { purgeExpiredQuotes } from '../../../../../domain/customer-data/purge-expired-quotes.ts';
import { allowLoopbackPushForTests, publicPushFetch } from './deno-push-fetch.ts';
import { inBackground } from './edge-runtime.ts';

/** The function's app, from its settings (Supabase's and ours) and the clock its work is timed by. */
export async function composeApiFunction(env: Record<string, string | undefined>, { now = () => new Date() }: { now?: () => Date } = {}): Promise<Hono> {
  const databaseUrl = env.SUPABASE_DB_URL;
  if (!databaseUrl) throw new Error('SUPABASE_DB_URL is not set: Supabase gives it to every function');
  const tickSecret = env.TICK_SECRET;
  if (!tickSecret || tickSecret.length < 32) throw new Error('Set the secret TICK_SECRET, at least 32 characters, and the same in Vault as tick_secret');
  const config = readServerConfig(env);
  const siteUrl = config.SITE_URL ?? business.siteUrl;
  const hour = 60 * 60;

  // Our own migrations, at each cold start: the tables are the same as on our own PostgreSQL server.
  const db = openPostgresDatabase(databaseUrl);
  await migrateToLatest(db);

  const secrets = new SqlSecretStore(db);
  const staffStore = new SqlStaffStore(db);
  const customerTokens = await sharedCustomerTokens(secrets);
  const customerLinkUrl = (quote: { id: string }) => new URL(customerLinkPath(customerTokens.tokenFor(quote.id)), siteUrl).href;
  // A done job's review emails link under this function's own address, which answers the review link
  // and a mail program's one-click stop; Supabase shows no HTML page from a function, so the page that
  // stops them is the customer's own, on the site.
  const reviewLinksOf = (quote: { id: string }) => {
    const supabaseUrl = env.SUPABASE_URL;
    if (!supabaseUrl) throw new Error('SUPABASE_URL is not set: Supabase gives it to every function');
    const functionUrl = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/api`;
    const token = customerTokens.tokenFor(quote.id);
    const { leaveReview, stop } = reviewLinkPaths(token);
    return { leaveReview: `${functionUrl}${leaveReview}`, stop: new URL(`${customerLinkPath(token)}?reviews=stop`, siteUrl).href, oneClickStop: `${functionUrl}${stop}` };
  };

  // Rate limits counted in the database: Supabase runs several copies of the function, and restarts them.
  const limitPool = new Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, max: 2 });
  limitPool.on('error', (error: Error) => console.error('Rate limit database connection failed', error));
  const limit = (name: string, points: number) =>
    createRateLimit({ name, points, durationSeconds: hour, store: { kind: 'postgres', pool: limitPool }, logger: console, trustProxy: true });

  // The site is static: its page asks the API for a signed form token as its scripts start, and the
  // store reads it back, so the spam rules weigh how long the visitor took, as on our server.
  const formTokens = await sharedFormTokens(secrets);
  const quotes = new SqlQuoteRepository(db, { now, notify: true, formTokens, customerToken: (id) => customerTokens.linkFor(id) });
  const outbox = new SqlNotificationOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
  const mail = parseMailConfig(env);
  const email =
    mail &&
    new OutboxDispatcher({
      outbox,
      deliver: notificationEmailSender(new SmtpMailer({ url: mail.url, from: mail.from }), {
        ...mail,
        siteUrl,
        customerLink: customerLinkUrl,
        reviews: { optOuts: new SqlReviewOptOuts(db), withdraw: (id) => outbox.withdraw(id), links: reviewLinksOf },
      }),
      describe: describeNotification,
      name: 'the email outbox',
      logger: console,
    });
  if (!email) console.warn('SMTP_URL is not set: emails wait in the outbox. Set SMTP_URL, NOTIFY_TO and MAIL_FROM to send them.');

  // Alerts on staff phones, with VAPID keys made once and kept in the database unless given as secrets.
  const vapid = await requireVapidKeys(env, secrets, siteUrl);
  const takeTokenSecret = await requireTakeTokenSecret(secrets);
  const allowLoopbackPush = allowLoopbackPushForTests();
  const pushDevices = new SqlPushDeviceStore(db);
  const alertOutbox = new SqlAlertOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
  const pushSender = new WebPushSender(vapid, { fetch: publicPushFetch({ allowLoopback: allowLoopbackPush }) });
  const forgetDevice = (deviceId: string) => alertOutbox.forgetDevice(deviceId);
  const webhook = parseWebhookConfig(env);
  const rota = new SqlOnCallRota(db);
  const staffEmails = () => staffStore.listAccounts();
  const alerts = createAlertEngine({
    ledger: new SqlAlertLedger(db),
    outbox: alertOutbox,
    devices: pushDevices,
    rota,
    staffEmails,
    policy: { escalateAfterMinutes: config.ESCALATE_AFTER_MINUTES },
    webhook: webhook !== undefined,
    publicKey: vapid.publicKey,
    deliver: alertDelivery({ sender: pushSender, webhook: webhook && new WebhookSender(webhook), takeTokenSecret, forgetDevice, siteUrl, now }),
    sendTestAlert: testAlertSender({ sender: pushSender, targets: (staff) => pushDevices.pushTargets(staff), forgetDevice, logger: console, now }),
    readTakeToken: (quoteId, token) => readTakeToken(takeTokenSecret, token, { quoteId, now: now() }),
    allowLoopbackPush,
    logger: console,
  });

  // No loops of ours here: what a request sets going is finished inside it (waitUntil), and the
  // schedule's tick, every minute, does the rest.
  const sendEmails = () => email?.sendDue() ?? Promise.resolve();
  const purge = async () => {
    await purgeExpiredQuotes({ retention: quotes, logger: console }, now(), config.RETENTION_MONTHS, config.SPAM_RETENTION_DAYS);
  };

  /** Staff are Supabase Auth users whose email is on our staff list (`npm run staff` against this database). */
  const tokenKey = accessTokenKeyOf(env);
  const staff = bearerStaffGate(async (token) => {
    const emailOf = await findAccessTokenEmail(token, tokenKey);
    if (emailOf === undefined) return null;
    return (await staffEmails()).includes(emailOf) ? { email: emailOf } : null;
  });

  const photoProcessor = await loadMagickPhotoProcessor(await Deno.readFile(new URL(import.meta.resolve('@imagemagick/magick-wasm/magick.wasm'))));

  const api = createApi({
    now,
    // Its emails wait in the outbox until SMTP_URL is set among the function's secrets: staff are told above the list.
    emailNotSetUp: !email,
    quotes,
    inbox: new SqlQuoteInbox(db, { notify: true, reviewAskAfterHours: config.REVIEW_ASK_AFTER_HOURS }),
    customerData: new SqlCustomerData(db),
    notifier: {
      quoteSubmitted: (quote) => {
        inBackground(Promise.all([sendEmails(), alerts.runOnce([quote.id])]));
        return Promise.resolve();
      },
    },
    logger: console,
    staff,
    formTokens,
    clientKey: (c) => clientKey(c, { trustProxy: true }),
    limits: {
      submissions: limit('quote-requests', config.QUOTE_REQUESTS_PER_HOUR),
      refusedSubmissions: limit('quote-refusals', config.QUOTE_REFUSALS_PER_HOUR),
    },
    photos: { store: new SqlPhotoStore(db), processorFor: () => photoProcessor, readMultipart: readFormDataBody },
    wakeDelivery: () => inBackground(sendEmails()),
    wakeAlerts: () => inBackground(alerts.runOnce()),
    alerts: alerts.serverDeps,
    customerLinks: {
      store: new SqlCustomerLinks(db),
      reviewUrl: config.REVIEW_URL,
      alert: pushMessageAlert({ sender: pushSender, rota, staffEmails, targets: (member) => pushDevices.pushTargets(member), forgetDevice, logger: console, now }),
      limits: {
        views: limit('customer-link-views', config.CUSTOMER_LINK_VIEWS_PER_HOUR),
        changes: limit('customer-link-changes', config.CUSTOMER_LINK_CHANGES_PER_HOUR),
      },
    },
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
  // The API's document is served beside it, before its answer to paths it does not know.
  const documented = new Hono();
  const supabaseUrl = env.SUPABASE_URL?.replace(/\/+$/, '');
  serveApiDocument(documented, { staff: staffSchemes.bearerToken, serverUrl: supabaseUrl && `${supabaseUrl}/functions/v1/api` });
  documented.route('/', api);
  const app = new Hono().use(cors({ origin: siteUrl, allowHeaders: ['authorization', 'content-type'], exposeHeaders: ['retry-after'], maxAge: 600 })).route('/api', documented);

  return app;
}
