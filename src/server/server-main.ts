// The server's composition root: configuration, database, adapters, and a clean stop on SIGTERM.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'pg';
import { photoPath } from '../../adapters/http-api/photo-paths';
import { createServerApp } from '../../adapters/server/app';
import { notificationEmailSender } from '../../adapters/email/notification-email';
import { parseMailConfig, SmtpMailer } from '../../adapters/email/smtp-mailer';
import { describeNotification, OutboxDispatcher } from '../../adapters/server/alerts/outbox-dispatcher';
import { createRateLimit, type RateLimitStore } from '../../adapters/server/http/rate-limits';
import { connectionLimitsOf, readServerConfig } from '../../adapters/server/server-config';
import { firstScreen, framed } from './first-screen';
import { provisionStaffAccounts } from '../../adapters/server/staff/staff-accounts';
import { StaffSessions } from '../../adapters/server/staff/staff-sessions';
import { startServer } from '../../adapters/server/start-server';
import { openPostgresDatabase, openSqliteDatabase } from '../../adapters/sql/database';
import { migrateOnStart, sqliteBackupBeforeUpgrade, StartRefused } from '../../adapters/sql/migrate-on-start';
import { SqlNotificationOutbox } from '../../adapters/sql/sql-notification-outbox';
import { SqlCustomerData } from '../../adapters/sql/sql-customer-data';
import { SqlQuoteInbox } from '../../adapters/sql/sql-quote-inbox';
import { SqlQuoteRepository } from '../../adapters/sql/sql-quote-repository';
import { SqlPhotoStore } from '../../adapters/sql/sql-photo-store';
import { SharpPhotoProcessor } from '../../adapters/photos/sharp-photo-processor';
import { SqlReadiness } from '../../adapters/sql/sql-readiness';
import { SqlStaffStore } from '../../adapters/sql/sql-staff-store';
import { purgeExpiredQuotes } from '../../domain/customer-data/purge-expired-quotes';
import { NotSignedIn, type StaffAuth } from '../../domain/staff/staff';
import type { AlertSettings } from '../../domain/ports/alert-settings';
import { type Backend, type BackendPhotos, loadedBackend } from '../app/backends/backend';
import { backend as restBackend } from '../app/backends/rest';
import { createPageRenderer } from '../render/page-renderer';
import type { BuiltTemplates } from '../render/page-templates';
import { SiteFiles } from '../../adapters/server/files/site-files';
import type { RequestLogEntry } from '../../adapters/server/http/request-log';
import { LogLines } from '../../adapters/server/http/log-lines';
import { sharedFormTokens } from '../../adapters/server/quotes/form-tokens';
import { createAlertEngine } from '../../adapters/server/alerts/alert-engine';
import { alertDelivery, testAlertSender } from '../../adapters/push/alert-delivery';
import { readTakeToken } from '../../adapters/push/take-token';
import { requireTakeTokenSecret, requireVapidKeys } from '../../adapters/push/vapid-keys';
import { WebPushSender } from '../../adapters/push/web-push-sender';
import { publicPushFetch } from '../../adapters/push/public-push-fetch';
import { parseWebhookConfig, WebhookSender } from '../../adapters/push/webhook';
import { SqlAlertLedger } from '../../adapters/sql/sql-alert-ledger';
import { SqlAlertOutbox } from '../../adapters/sql/sql-alert-outbox';
import { SqlOnCallRota } from '../../adapters/sql/sql-on-call-rota';
import { SqlPushDeviceStore } from '../../adapters/sql/sql-push-device-store';
import { SqlSecretStore } from '../../adapters/sql/sql-secret-store';
import { business } from '../../domain/business';
import { startDailyBackups } from '../../adapters/sql/backup-schedule';
import { sharedCustomerTokens } from '../../adapters/server/customer-link/customer-link-tokens';
import { pushMessageAlert } from '../../adapters/push/customer-message-alert';
import { SqlCustomerLinks } from '../../adapters/sql/sql-customer-links';
import { SqlReviewOptOuts } from '../../adapters/sql/sql-review-opt-outs';
import { reviewLinkPaths } from '../../domain/reviews/review-paths';
import { customerLinkPath } from '../../domain/customer-link/customer-link';

const config = readServerConfig(process.env);
const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
const writeLine = (line: string) => process.stdout.write(`${line}\n`);
const hour = 60 * 60;

const db = config.DATABASE_URL
  ? openPostgresDatabase(config.DATABASE_URL)
  : openSqliteDatabase(join(config.DATA_DIR, 'quotes.sqlite'));
// A new version's migrations run after a backup (SQLite), all or nothing; a failure stops the start, saying why.
await migrateOnStart(db, {
  backup: config.DATABASE_URL ? undefined : sqliteBackupBeforeUpgrade({ dataDir: config.DATA_DIR, backupDir: config.BACKUP_DIR, passphrase: config.BACKUP_PASSPHRASE }),
  logger: console,
  writeLine,
}).catch(async (error: unknown) => {
  if (!(error instanceof StartRefused)) throw error;
  console.error(error.message);
  await db.destroy();
  process.exit(1);
});
const staffStore = new SqlStaffStore(db);
// What the first start has to say (the staff account it made) is shown with the address, once listening.
const notices: string[] = [];
await provisionStaffAccounts(staffStore, config, (notice) => notices.push(notice));

// Customers' private links (/r/<token>): each token derived from its request's id under a secret of
// ours, so the confirmation email, built later from the stored request, can carry it while the
// database keeps only its hash (docs/decisions/020).
// Values every server on the database shares: the keys the customers' links, the form's tokens and the alerts are made with.
const secrets = new SqlSecretStore(db);
const customerTokens = await sharedCustomerTokens(secrets);
const customerLinkUrl = (quote: { id: string }) => new URL(customerLinkPath(customerTokens.tokenFor(quote.id)), config.SITE_URL ?? business.siteUrl).href;
// A done job's review emails link under the API, which this server answers at the site's own address.
const reviewLinksOf = (quote: { id: string }) => {
  const { leaveReview, stop } = reviewLinkPaths(customerTokens.tokenFor(quote.id));
  const site = config.SITE_URL ?? business.siteUrl;
  const stopHere = new URL(stop, site).href;
  return { leaveReview: new URL(leaveReview, site).href, stop: stopHere, oneClickStop: stopHere };
};

// Several servers on one PostgreSQL share their counts there; a single SQLite server keeps them in memory.
const limitPool = config.DATABASE_URL ? new Pool({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 5000 }) : undefined;
limitPool?.on('error', (error) => console.error('Rate limit database connection failed', error));
const limitStore: RateLimitStore = limitPool ? { kind: 'postgres', pool: limitPool } : { kind: 'memory' };
const limit = (name: string, points: number) =>
  createRateLimit({ name, points, durationSeconds: hour, store: limitStore, logger: console, trustProxy: config.TRUST_PROXY });

// Pages rendered on the server show /quotes as "checking"; the browser asks who is signed in once it
// runs, through its own StaffAuth. Rendering never signs anyone in or out.
const staffAuthWhileRendering: StaffAuth = {
  currentStaff: () => Promise.resolve(null),
  signIn: () => Promise.resolve({ ok: false, error: { kind: 'unavailable' } }),
  signOut: () => Promise.resolve(),
};
// Nor does it read anyone's alert settings: the panel loads them in the browser, once signed in.
const notSignedIn = () => Promise.reject(new NotSignedIn());
const alertSettingsWhileRendering: AlertSettings = {
  pushKey: notSignedIn,
  devices: notSignedIn,
  addDevice: notSignedIn,
  removeDevice: notSignedIn,
  sendTestAlert: notSignedIn,
  rota: notSignedIn,
  saveRota: notSignedIn,
};
// Nor does it send or show photos: the form sends them from the browser, and the inbox shows them there.
const photosWhileRendering: BackendPhotos = {
  sender: { send: () => Promise.reject(new Error('A page being rendered sends no photos')) },
  links: { photoUrl: (quoteId, photo, size) => Promise.resolve(photoPath(quoteId, photo.id, size)) },
};

// Every request is stored with its notifications in one transaction (the outbox); the dispatcher sends
// them, retrying until delivered. Without SMTP settings they wait, and are sent once email is set up.
// SQLite keeps the photos sent with requests as files beside the database; PostgreSQL in the database.
const photoDir = config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'photos');
// Each page holding the quote form is sent with a signed token of when it was issued; the store reads
// it back, with the honeypot, to judge each request by the spam rules.
const formTokens = await sharedFormTokens(secrets, { backdateSeconds: config.FORM_TOKEN_BACKDATE_SECONDS });
if (config.FORM_TOKEN_BACKDATE_SECONDS > 0) {
  console.warn('FORM_TOKEN_BACKDATE_SECONDS is set: requests sent the moment the page arrives are not caught as spam. It is for tests alone.');
}
const quotes = new SqlQuoteRepository(db, {
  notify: true,
  formTokens,
  customerToken: (id) => customerTokens.linkFor(id),
  ...(photoDir !== undefined && { photoDir }),
});
const inbox = new SqlQuoteInbox(db, { notify: true, reviewAskAfterHours: config.REVIEW_ASK_AFTER_HOURS });
const outbox = new SqlNotificationOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
const mail = parseMailConfig(process.env);
const mailer = mail && new SmtpMailer({ url: mail.url, from: mail.from });
const dispatcher =
  mail &&
  mailer &&
  new OutboxDispatcher({
    outbox,
    deliver: notificationEmailSender(mailer, {
      ...mail,
      siteUrl: config.SITE_URL ?? business.siteUrl,
      customerLink: customerLinkUrl,
      reviews: { optOuts: new SqlReviewOptOuts(db), withdraw: (id) => outbox.withdraw(id), links: reviewLinksOf },
    }),
    describe: describeNotification,
    name: 'the email outbox',
    logger: console,
  });
if (!dispatcher) {
  console.warn('SMTP_URL is not set: notifications are kept in the outbox but not sent. Set SMTP_URL, NOTIFY_TO and MAIL_FROM to send them.');
}

// Alerts on staff phones: every step is recorded in the database with its deliveries (one per device,
// and the webhook's), and delivered through the alert outbox, retrying until the push service takes it.
const vapid = await requireVapidKeys(process.env, secrets);
const takeTokenSecret = await requireTakeTokenSecret(secrets);
const webhookConfig = parseWebhookConfig(process.env);
const alertOutbox = new SqlAlertOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
const pushDevices = new SqlPushDeviceStore(db);
// Pushes reach public HTTPS hosts only; this machine too only when the tests' switch is set.
const allowLoopbackPush = config.PUSH_ALLOW_LOOPBACK_FOR_TESTS;
if (allowLoopbackPush) {
  console.warn(
    'WARNING: PUSH_ALLOW_LOOPBACK_FOR_TESTS is set: staff can register push endpoints on this machine, and the server pushes to them. It is for tests alone: never set it in production.',
  );
}
const pushSender = new WebPushSender(vapid, { fetch: publicPushFetch({ allowLoopback: allowLoopbackPush }) });
const forgetDevice = (deviceId: string) => alertOutbox.forgetDevice(deviceId);
const alerts = createAlertEngine({
  ledger: new SqlAlertLedger(db),
  outbox: alertOutbox,
  devices: pushDevices,
  rota: new SqlOnCallRota(db),
  staffEmails: () => staffStore.listAccounts(),
  policy: { escalateAfterMinutes: config.ESCALATE_AFTER_MINUTES },
  webhook: webhookConfig !== undefined,
  publicKey: vapid.publicKey,
  deliver: alertDelivery({
    sender: pushSender,
    webhook: webhookConfig && new WebhookSender(webhookConfig),
    takeTokenSecret,
    forgetDevice,
    siteUrl: config.SITE_URL ?? business.siteUrl,
    now: () => new Date(),
  }),
  sendTestAlert: testAlertSender({ sender: pushSender, targets: (staff) => pushDevices.pushTargets(staff), forgetDevice, logger: console, now: () => new Date() }),
  readTakeToken: (quoteId, token) => readTakeToken(takeTokenSecret, token, { quoteId, now: new Date() }),
  allowLoopbackPush,
  logger: console,
  checkEveryMs: config.ALERT_CHECK_SECONDS * 1000,
});

const backend: Backend = {
  quotes,
  inbox,
  customerData: new SqlCustomerData(db, { ...(photoDir !== undefined && { photoDir }) }),
  // A stored request wakes the dispatcher, whose outbox already holds its emails, and plans its first alert.
  notifier: {
    quoteSubmitted: (quote) => {
      dispatcher?.wake();
      alerts.arrived(quote.id);
      return Promise.resolve();
    },
  },
  logger: console,
  staffAuth: staffAuthWhileRendering,
  alerts: alertSettingsWhileRendering,
  photos: photosWhileRendering,
};
// Ready while the database answers and takes writes: a full disk would refuse every request sent here.
const readiness = new SqlReadiness(db);
// Written by the build beside this file: the built pages that pages are rendered into.
const templates = JSON.parse(await readFile(fileURLToPath(new URL('./page-templates.json', import.meta.url)), 'utf8')) as BuiltTemplates;
const site = await SiteFiles.load(clientDir);
// The request log's lines go out a turn of the event loop at a time, each turn's in one write.
const requestLines = new LogLines((chunk) => process.stdout.write(chunk));
const writeLog = (entry: RequestLogEntry) => {
  requestLines.add(JSON.stringify(entry));
};
// However the process ends, what waits is written: on Linux stdout is written at once, to a file or a pipe.
process.on('exit', () => {
  requestLines.flush();
});
const app = createServerApp({
  ...backend,
  // The SQL inbox, which the owner's report also reads.
  inbox,
  photos: { store: new SqlPhotoStore(db, photoDir === undefined ? {} : { photoDir }), processor: new SharpPhotoProcessor() },
  readiness: () => readiness.check(),
  // Staff asked for an email again, or rescued a request from spam: send it now, not at the next poll.
  wakeDelivery: () => dispatcher?.wake(),
  wakeAlerts: () => alerts.wake(),
  formTokens,
  outbox: { backlog: () => outbox.backlog(), sending: dispatcher !== undefined, unrecorded: () => dispatcher?.unrecorded ?? 0 },
  alerts: alerts.serverDeps,
  // The pages are drawn knowing what the browser's own backend knows: this server's API at this address.
  pages: createPageRenderer(loadedBackend(backend, restBackend), templates),
  site,
  writeLog,
  sessions: new StaffSessions({ accounts: staffStore, store: staffStore }),
  trustProxy: config.TRUST_PROXY,
  ...(config.SITE_URL !== undefined && { siteUrl: config.SITE_URL }),
  styleHashes: templates.styleHashes,
  scriptHashes: templates.scriptHashes,
  customerLinks: {
    store: new SqlCustomerLinks(db),
    reviewUrl: config.REVIEW_URL,
    // A customer's message about an urgent request: a push to whoever is on call, at once.
    alert: pushMessageAlert({
      sender: pushSender,
      rota: new SqlOnCallRota(db),
      staffEmails: () => staffStore.listAccounts(),
      targets: (staff) => pushDevices.pushTargets(staff),
      forgetDevice,
      logger: console,
      now: () => new Date(),
    }),
    limits: {
      views: limit('customer-link-views', config.CUSTOMER_LINK_VIEWS_PER_HOUR),
      changes: limit('customer-link-changes', config.CUSTOMER_LINK_CHANGES_PER_HOUR),
    },
  },
  limits: {
    submissions: limit('quote-requests', config.QUOTE_REQUESTS_PER_HOUR),
    refusedSubmissions: limit('quote-refusals', config.QUOTE_REFUSALS_PER_HOUR),
    signIn: {
      perClientAndEmail: limit('sign-in-client-email', config.SIGN_IN_ATTEMPTS_PER_HOUR),
      perClient: limit('sign-in-client', config.SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR),
    },
  },
});

const server = await startServer(app, { host: config.HOST, port: config.PORT, limits: connectionLimitsOf(config) });
dispatcher?.start();
alerts.start();
writeLine(
  JSON.stringify({
    event: 'listening',
    url: server.url,
    database: config.DATABASE_URL ? 'postgresql' : `sqlite in ${config.DATA_DIR}`,
  }),
);
// A person at a terminal reads where the site is; a log keeps the line above. A notice is framed either way.
if (process.stdout.isTTY) writeLine(firstScreen({ name: business.name, url: server.url, notices }));
else for (const notice of notices) writeLine(framed(notice.split('\n')));

// Requests older than the retention period, and spam left in its folder past its days, are deleted:
// now, and every six hours after.
const purgeExpired = async () => {
  const result = await purgeExpiredQuotes({ retention: quotes, logger: console }, new Date(), config.RETENTION_MONTHS, config.SPAM_RETENTION_DAYS);
  if (result.ok && result.deleted > 0) {
    writeLine(JSON.stringify({ event: 'purged-expired-quotes', deleted: result.deleted, cutoff: result.cutoff.toISOString() }));
  }
  if (result.ok && result.spam.deleted > 0) {
    writeLine(JSON.stringify({ event: 'purged-old-spam', deleted: result.spam.deleted, cutoff: result.spam.cutoff.toISOString() }));
  }
  await staffStore.deleteExpiredSessions(new Date()).catch((error: unknown) => {
    console.error('Clearing expired staff sessions failed', error);
  });
};
await purgeExpired();
const purgeTimer = setInterval(() => void purgeExpired(), 6 * hour * 1000);
purgeTimer.unref();

// A backup of DATA_DIR every day, when BACKUP_DIR says where; PostgreSQL is backed up with pg_dump.
if (config.BACKUP_DIR && config.DATABASE_URL) console.warn('BACKUP_DIR is for the SQLite database; back up PostgreSQL with pg_dump (see docs/operations.md, Backing up PostgreSQL).');
const backups =
  config.BACKUP_DIR && !config.DATABASE_URL
    ? startDailyBackups({
        dataDir: config.DATA_DIR,
        backupDir: config.BACKUP_DIR,
        keep: config.BACKUP_KEEP,
        passphrase: config.BACKUP_PASSPHRASE,
        logger: console,
        writeLine,
      })
    : undefined;

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  writeLine(JSON.stringify({ event: 'stopping', signal }));
  clearInterval(purgeTimer);
  await server.close();
  await backups?.stop();
  await dispatcher?.stop();
  await alerts.stop();
  mailer?.close();
  await db.destroy();
  await limitPool?.end();
  writeLine(JSON.stringify({ event: 'stopped' }));
};
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
