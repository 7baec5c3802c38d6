import { bookingPath, reminderLinkPaths } from '../../domain/reminders/reminder-paths';
import { randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { WireInboxPageSchema } from '../http-api/inbox-wire';
import type { PageState } from '../http-api/page-state';
import { WireQuoteSchema } from '../http-api/wire';
import { type Database, openPostgresDatabase, openSqliteDatabase } from '../sql/database';
import { migrateToLatest } from '../sql/migrate';
import { SqlCustomerData } from '../sql/sql-customer-data';
import { SqlCustomerLinks } from '../sql/sql-customer-links';
import { SqlQuoteInbox } from '../sql/sql-quote-inbox';
import { SqlQuoteRepository } from '../sql/sql-quote-repository';
import { SqlReadiness } from '../sql/sql-readiness';
import { createServerApp } from './app';
import type { RequestLogEntry } from './http/request-log';
import { saveStaffAccount } from './staff/staff-accounts';
import { notificationEmailSender } from '../email/notification-email';
import { SmtpMailer } from '../email/smtp-mailer';
import { SqlNotificationOutbox } from '../sql/sql-notification-outbox';
import { describeNotification, OutboxDispatcher } from './alerts/outbox-dispatcher';
import { createRateLimit, type RateLimitStore } from './http/rate-limits';
import { Pool } from 'pg';
import { StaffSessions } from './staff/staff-sessions';
import { SiteFiles } from './files/site-files';
import { type ConnectionLimits, type RunningServer, startServer } from './start-server';
import { connectionLimitsOf, readServerConfig } from './server-config';
import { SqlStaffStore } from '../sql/sql-staff-store';
import { alertDelivery, testAlertSender } from '../push/alert-delivery';
import { readTakeToken } from '../push/take-token';
import { requireTakeTokenSecret, requireVapidKeys } from '../push/vapid-keys';
import { WebPushSender } from '../push/web-push-sender';
import { publicPushFetch } from '../push/public-push-fetch';
import { type WebhookConfig, WebhookSender } from '../push/webhook';
import { SqlAlertLedger } from '../sql/sql-alert-ledger';
import { SqlAlertOutbox } from '../sql/sql-alert-outbox';
import { SqlOnCallRota } from '../sql/sql-on-call-rota';
import { SqlPushDeviceStore } from '../sql/sql-push-device-store';
import { SqlSecretStore } from '../sql/sql-secret-store';
import { SqlEmailOptOuts } from '../sql/sql-email-opt-outs';
import { sharedCustomerTokens } from './customer-link/customer-link-tokens';
import { reviewLinkPaths } from '../../domain/reviews/review-paths';
import { customerLinkPath } from '../../domain/customer-link/customer-link';
import { createAlertEngine } from './alerts/alert-engine';
import { SqlPhotoStore } from '../sql/sql-photo-store';
import { SharpPhotoProcessor } from '../photos/sharp-photo-processor';
import { formTokenFieldName } from '../../domain/spam/spam';
import { sharedFormTokens } from './quotes/form-tokens';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated database of each kind, and how to throw it away. */
export const databases = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quotes-server-'));
    const db = openSqliteDatabase(join(dir, 'quotes.sqlite'));
    await migrateToLatest(db);
    return {
      db,
      drop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  },
  postgres: async () => {
    const schema = `test_server_${randomUUID().replaceAll('-', '')}`;
    const admin = openPostgresDatabase(postgresUrl);
    await admin.schema.createSchema(schema).execute();
    const db = openPostgresDatabase(postgresUrl, { schema });
    await migrateToLatest(db);
    return {
      db,
      drop: async () => {
        await admin.schema.dropSchema(schema).cascade().execute();
        await admin.destroy();
      },
    };
  },
} satisfies Record<string, () => Promise<{ db: Kysely<Database>; drop: () => Promise<void> }>>;

/** The staff account every test server has. */
export const testStaff = { email: 'staff@example.co.uk', password: 'correct horse battery staple' };

/** The photos the server stored, as staff read them, and what the tests count of them. */
interface TestPhotos extends SqlPhotoStore {
  /** How many photos are stored; on SQLite, also that each row has its two files and no file is without a row. */
  count(): Promise<number>;
  /** A request's photos, in the order sent. */
  ids(quoteId: string): Promise<string[]>;
}

function testPhotos(db: Kysely<Database>, photoDir: string | undefined): TestPhotos {
  const store = new SqlPhotoStore(db, photoDir === undefined ? {} : { photoDir });
  return Object.assign(store, {
    count: async () => {
      const { count } = await db.selectFrom('quote_photos').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      const rows = Number(count);
      if (photoDir !== undefined) {
        const files = readdirSync(photoDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
        if (files !== 2 * rows) throw new Error(`${String(rows)} photos are stored, but ${String(files)} files lie in ${photoDir}`);
      }
      return rows;
    },
    ids: async (quoteId: string) =>
      (await db.selectFrom('quote_photos').select('id').where('quote_id', '=', quoteId).orderBy('position').execute()).map(({ id }) => id),
  });
}

export interface TestServer extends RunningServer {
  db: Kysely<Database>;
  /** The Hono app the server runs: its routes (`app.routes`) are what the tests walk. */
  app: ReturnType<typeof createServerApp>;
  /** A Cookie header of a signed-in staff member. */
  staffCookie: string;
  logs: RequestLogEntry[];
  /** What the page renderer was asked to render, in order. */
  rendered: { url: string; state: PageState }[];
  /** How many form tokens the server has signed for the pages it sent. */
  tokensIssued: () => number;
  /** The "Quote accepted" alerts staff were sent: the request and its total. */
  quotesAccepted: { id: string; totalPence: number }[];
  /** The alert engine, when the test asked for alerts: its planner's rounds can be run by hand. */
  alerts: ReturnType<typeof createAlertEngine> | undefined;
  /** On PostgreSQL, the table its rate limits are kept in, for a second server to share. */
  limitTable: string | undefined;
  /** What the server logged as errors, in order, with the cause's message. */
  errors: { message: string; cause: string }[];
  /** The photos stored with requests, as staff read them. */
  photos: TestPhotos;
  /** The folder uploads are streamed into while a request is read: empty whenever none is being read. */
  uploadRoot: string;
  /**
   * A form token the server signed, as the page holding the form is sent with, for a page opened
   * `secondsAgo` seconds before the server's now (10 by default: a person's pace).
   */
  formToken: (secondsAgo?: number) => Promise<string>;
  /** The token of a request's customer link, as its emails carry it. */
  customerToken: (quoteId: string) => string;
  stop: () => Promise<void>;
}

/** Alerts as the server sends them, to push services and a webhook the test runs on loopback. */
export interface TestAlertOptions {
  escalateAfterMinutes?: number;
  webhook?: WebhookConfig;
  /** How often the planner and the dispatcher look on their own; the tests mostly wake them. */
  checkEveryMs?: number;
  retryMs?: number;
  /** An existing database (another server's): the test then drops it itself. */
  db?: Kysely<Database>;
  leaseSeconds?: number;
  /** Push to endpoints on loopback, as the tests' push service is (true unless a test says otherwise). */
  allowLoopbackPush?: boolean;
}

/**
 * The real server app over a real database on an ephemeral port. Pages are rendered by a stand-in
 * that records what it was asked (the React renderer is the browser tests' business).
 */
export async function startTestServer(
  kind: keyof typeof databases,
  options: {
    renderDelayMs?: number;
    /** The HTML the stand-in renderer draws for a page: `<title>` and the address alone unless given. */
    renderHtml?: (url: string, state: PageState) => string;
    now?: () => Date;
    /** Sessions keep real time while everything else follows `now`: for tests whose clock jumps days on. */
    realTimeSessions?: boolean;
    /**
     * Per hour: quote requests stored per client, and refused per client; failed sign-ins per client and
     * email (signIn), and per client; pages drawn for one request alone per client.
     */
    limits?: { submissions?: number; refusedSubmissions?: number; signIn?: number; signInPerClient?: number; pagesDrawn?: number };
    /** Believe X-Forwarded-For, as behind our own proxy: lets a test send from any client address. */
    trustProxy?: boolean;
    /** The site's public address (SITE_URL): requests for any other host are then refused. */
    siteUrl?: string;
    /** On PostgreSQL, the rate limit table of another server, to share its counts; it then drops the table. */
    limitTable?: string | undefined;
    /** Stores every request with its notifications and sends them through this SMTP server. */
    mail?: { smtpUrl: string; to: string; retryMs?: number; pollMs?: number; onTestClock?: boolean };
    /** Keep the emails in the outbox with no mail server to send them, as a server without SMTP_URL does. */
    emailNotSetUp?: boolean;
    alerts?: TestAlertOptions;
    /** The server's timeouts and connection cap; by default those of a server with nothing configured. */
    connections?: ConnectionLimits;
    /** How long a claim on an email or alert holds unless renewed (the server's OUTBOX_LEASE_SECONDS). */
    leaseSeconds?: number;
    /** A built site to serve from `dir` (none by default), its pages with the form given tokens. */
    site?: { dir: string };
    /** Serves customers' private links (/r/<token>) from the database, their alerts going nowhere. */
    customerLinks?: boolean;
    /** How long after a job is marked done its customer is asked for a review (the server's REVIEW_ASK_AFTER_HOURS). */
    reviewAskAfterHours?: number;
    /** How many days before a yearly visit falls due its reminder goes (the server's REMINDER_LEAD_DAYS). */
    reminderLeadDays?: number;
    /** How many days after a priced quote is sent its follow-up goes, 0 for none (the server's QUOTE_FOLLOW_UP_DAYS). */
    quoteFollowUpDays?: number;
  } = {},
): Promise<TestServer> {
  const given = options.alerts?.db;
  const { db, drop } = given ? { db: given, drop: () => Promise.resolve() } : await databases[kind]();
  const clock = options.now ? { now: options.now } : {};
  // SQLite keeps photos as files in a folder of the test's own; PostgreSQL in the database.
  const photoDir = kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'quote-photos-')) : undefined;
  const now = options.now ?? (() => new Date());
  const formTokens = await sharedFormTokens(new SqlSecretStore(db));
  let tokensIssued = 0;
  const site = await SiteFiles.load(options.site?.dir ?? join(tmpdir(), 'no-built-site'));
  const notify = options.mail !== undefined || options.emailNotSetUp === true;
  // Every request gets its customer link, as on the server: a done job's review emails link under it.
  const customerTokens = await sharedCustomerTokens(new SqlSecretStore(db));
  const quotes = new SqlQuoteRepository(db, { ...clock, formTokens, notify, customerToken: (id) => customerTokens.linkFor(id), ...(photoDir !== undefined && { photoDir }) });
  const photos = testPhotos(db, photoDir);
  const uploadRoot = mkdtempSync(join(tmpdir(), 'quote-upload-root-'));
  const inbox = new SqlQuoteInbox(db, {
    notify,
    ...(options.reviewAskAfterHours !== undefined && { reviewAskAfterHours: options.reviewAskAfterHours }),
    ...(options.reminderLeadDays !== undefined && { reminderLeadDays: options.reminderLeadDays }),
    ...(options.quoteFollowUpDays !== undefined && { quoteFollowUpDays: options.quoteFollowUpDays }),
  });
  /** Where the server listens, once it does: the review emails' links point there. */
  let listening = 'http://127.0.0.1';
  const errors: TestServer['errors'] = [];
  const logger = {
    error: (message: string, cause: unknown) => {
      errors.push({ message, cause: cause instanceof Error ? cause.message : String(cause) });
    },
  };
  const lease = options.leaseSeconds === undefined ? {} : { leaseSeconds: options.leaseSeconds };
  // On the test's clock when it says so: then what falls due days on goes out as the clock gets there.
  const outboxClock = options.mail?.onTestClock === true ? clock : {};
  const outbox = new SqlNotificationOutbox(db, { ...lease, ...outboxClock });
  // Asked afresh each time: the tests fill and free the disk between two questions.
  const readiness = new SqlReadiness(db, { reuseMs: 0 });
  const mail = options.mail;
  const mailer = mail && new SmtpMailer({ url: mail.smtpUrl, from: 'Quotes <quotes@example.co.uk>' });
  const dispatcher =
    mail &&
    mailer &&
    new OutboxDispatcher({
      outbox,
      deliver: notificationEmailSender(mailer, {
        ...mail,
        reviews: {
          optOuts: new SqlEmailOptOuts(db, 'review_opt_outs'),
          withdraw: (id) => outbox.withdraw(id),
          links: (quote) => {
            const { leaveReview, stop } = reviewLinkPaths(customerTokens.tokenFor(quote.id));
            return { leaveReview: `${listening}${leaveReview}`, stop: `${listening}${stop}`, oneClickStop: `${listening}${stop}` };
          },
        },
        reminders: {
          optOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs'),
          withdraw: (id) => outbox.withdraw(id),
          links: (quote) => {
            const token = customerTokens.tokenFor(quote.id);
            const stop = `${listening}${reminderLinkPaths(token).stop}`;
            return { book: `${listening}${bookingPath(token)}`, stop, oneClickStop: stop };
          },
        },
        quotes: { withdraw: (id) => outbox.withdraw(id), link: (quote) => `${listening}${customerLinkPath(customerTokens.tokenFor(quote.id))}`, now },
      }),
      describe: describeNotification,
      name: 'the email outbox',
      logger,
      // Quick retries, so an outage and its end fit in a test; or slow ones, to see what else sends.
      pollMs: mail.pollMs ?? 50,
      firstRetryMs: mail.retryMs ?? 50,
      maxRetryMs: mail.retryMs ?? 200,
      recordRetryMs: 50,
      maxRecordRetryMs: 200,
      ...outboxClock,
    });
  // As the server keeps them: in memory beside SQLite, in a table on PostgreSQL that servers share.
  const limitStore =
    kind === 'postgres' ? sharedLimitStore(options.limitTable) : { store: { kind: 'memory' } as const, drop: () => Promise.resolve() };
  const limitOf = (name: string, points: number) =>
    createRateLimit({ name, points, durationSeconds: 3600, store: limitStore.store, logger: { error: () => undefined }, trustProxy: options.trustProxy ?? false });
  const logs: RequestLogEntry[] = [];
  const rendered: TestServer['rendered'] = [];
  const quotesAccepted: TestServer['quotesAccepted'] = [];
  const staffStore = new SqlStaffStore(db);
  await saveStaffAccount(staffStore, testStaff.email, testStaff.password);
  const alerts = options.alerts && (await testAlertEngine(db, staffStore, { ...lease, ...options.alerts }, now));
  const app = createServerApp({
    quotes,
    photos: { store: photos, processor: new SharpPhotoProcessor(), uploadRoot },
    inbox,
    customerData: new SqlCustomerData(db),
    ...clock,
    wakeDelivery: () => dispatcher?.wake(),
    wakeAlerts: () => alerts?.wake(),
    formTokens: {
      issue: (at) => {
        tokensIssued += 1;
        return formTokens.issue(at);
      },
    },
    notifier: {
      quoteSubmitted: (quote) => {
        dispatcher?.wake();
        alerts?.arrived(quote.id);
        return Promise.resolve();
      },
    },
    ...(alerts && { alerts: alerts.serverDeps }),
    ...(options.customerLinks && {
      customerLinks: {
        store: new SqlCustomerLinks(db),
        reminderOptOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs'),
        alert: { customerWrote: () => Promise.resolve() },
        quoteAccepted: { quoteAccepted: (quote, totalPence) => Promise.resolve(void quotesAccepted.push({ id: quote.id, totalPence })) },
        limits: { views: limitOf('customer-link-views', 100_000), changes: limitOf('customer-link-changes', 100_000) },
      },
    }),
    logger,
    readiness: () => readiness.check(),
    ...(dispatcher ? { outbox: { backlog: () => outbox.backlog(), sending: true, unrecorded: () => dispatcher.unrecorded } } : {}),
    ...(options.emailNotSetUp === true && { outbox: { backlog: () => outbox.backlog(), sending: false } }),
    pages: {
      render: async (url, state) => {
        rendered.push({ url, state });
        if (options.renderDelayMs) await new Promise((resolve) => setTimeout(resolve, options.renderDelayMs));
        return { html: options.renderHtml?.(url, state) ?? `<!doctype html><title>${url}</title>`, status: url === '/no-such-page' ? 404 : 200 };
      },
    },
    site,
    writeLog: (entry) => logs.push(entry),
    sessions: new StaffSessions({ accounts: staffStore, store: staffStore, ...(options.realTimeSessions ? {} : clock) }),
    trustProxy: options.trustProxy ?? false,
    ...(options.siteUrl !== undefined && { siteUrl: options.siteUrl }),
    limits: {
      submissions: limitOf('submissions', options.limits?.submissions ?? 100_000),
      refusedSubmissions: limitOf('refused-submissions', options.limits?.refusedSubmissions ?? 100_000),
      signIn: {
        perClientAndEmail: limitOf('sign-in-client-email', options.limits?.signIn ?? 100_000),
        perClient: limitOf('sign-in-client', options.limits?.signInPerClient ?? 100_000),
      },
      pagesDrawn: limitOf('pages-drawn', options.limits?.pagesDrawn ?? 100_000),
    },
  });
  const server = await startServer(app, {
    host: '127.0.0.1',
    port: 0,
    limits: options.connections ?? connectionLimitsOf(readServerConfig({})),
  });
  listening = server.url;
  dispatcher?.start();
  alerts?.start();
  const staffCookie =
    options.siteUrl === undefined ? await signInCookie(server.url, testStaff) : await signInCookieAt(server.url, new URL(options.siteUrl).host);
  // The tests read the log of their own requests only.
  logs.splice(0);
  errors.splice(0);
  return {
    ...server,
    app,
    staffCookie,
    db,
    logs,
    rendered,
    tokensIssued: () => tokensIssued,
    quotesAccepted,
    alerts,
    limitTable: limitStore.store.kind === 'postgres' ? limitStore.store.tableName : undefined,
    errors,
    photos,
    uploadRoot,
    formToken: (secondsAgo = 10) => formTokens.issue(new Date(now().getTime() - secondsAgo * 1000)),
    customerToken: (quoteId) => customerTokens.tokenFor(quoteId),
    stop: async () => {
      rmSync(uploadRoot, { recursive: true, force: true });
      if (photoDir !== undefined) rmSync(photoDir, { recursive: true, force: true });
      await server.close();
      await dispatcher?.stop();
      await alerts?.stop();
      mailer?.close();
      // A test may have closed the database already, to see the server without it.
      await db.destroy().catch(() => undefined);
      await limitStore.drop();
      await drop();
    },
  };
}

/** The alert engine as src/server/server-main.ts composes it, over the test's database and clock. */
async function testAlertEngine(db: Kysely<Database>, staff: SqlStaffStore, options: TestAlertOptions, now: () => Date) {
  const secrets = new SqlSecretStore(db);
  const vapid = await requireVapidKeys({ VAPID_SUBJECT: 'mailto:alerts@example.co.uk' }, secrets);
  const takeTokenSecret = await requireTakeTokenSecret(secrets);
  const outbox = new SqlAlertOutbox(db, { now, ...(options.leaseSeconds !== undefined && { leaseSeconds: options.leaseSeconds }) });
  const devices = new SqlPushDeviceStore(db);
  const allowLoopback = options.allowLoopbackPush ?? true;
  const sender = new WebPushSender(vapid, { fetch: publicPushFetch({ allowLoopback }) });
  const forgetDevice = (deviceId: string) => outbox.forgetDevice(deviceId);
  const logger = { error: () => undefined };
  return createAlertEngine({
    ledger: new SqlAlertLedger(db),
    outbox,
    devices,
    rota: new SqlOnCallRota(db),
    staffEmails: () => staff.listAccounts(),
    policy: { escalateAfterMinutes: options.escalateAfterMinutes ?? 10 },
    webhook: options.webhook !== undefined,
    publicKey: vapid.publicKey,
    deliver: alertDelivery({
      sender,
      webhook: options.webhook && new WebhookSender(options.webhook),
      takeTokenSecret,
      forgetDevice,
      siteUrl: 'https://www.se1plumbing.example',
      now,
    }),
    sendTestAlert: testAlertSender({ sender, targets: (email) => devices.pushTargets(email), forgetDevice, logger, now }),
    readTakeToken: (quoteId, token) => readTakeToken(takeTokenSecret, token, { quoteId, now: now() }),
    allowLoopbackPush: allowLoopback,
    logger,
    now,
    checkEveryMs: options.checkEveryMs ?? 60_000,
    delivery: { pollMs: 50, firstRetryMs: options.retryMs ?? 50, maxRetryMs: options.retryMs ?? 200 },
  });
}

/** Signs in through the API, as the browser does, and returns the session as a Cookie header. */
export async function signInCookie(url: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/** Signs in through the API as a browser at `host` would (fetch cannot set a Host header of its own). */
async function signInCookieAt(url: string, host: string): Promise<string> {
  const response = await requestWithHost(url, host, { method: 'POST', path: '/api/session', body: JSON.stringify(testStaff) });
  const cookie = response.headers['set-cookie']?.[0];
  if (response.status !== 200 || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/** A request to the server at `url` whose Host header says `host`, as DNS pointing another name at it would send. */
export function requestWithHost(
  url: string,
  host: string,
  { method = 'GET', path = '/', headers = {}, body }: { method?: string; path?: string; headers?: Record<string, string>; body?: string | undefined } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${url}${path}`, { method, headers: { host, 'content-type': 'application/json', ...headers } }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs `run` against a fresh server whose clock the test moves by hand, from 20 November 2026 09:00 UTC. */
export async function withClockedServer(
  kind: keyof typeof databases,
  run: (server: TestServer, clock: ReturnType<typeof manualClock>) => Promise<void>,
): Promise<void> {
  const clock = manualClock('2026-11-20T09:00:00Z');
  const server = await startTestServer(kind, { now: clock.now });
  try {
    await run(server, clock);
  } finally {
    await server.stop();
  }
}

/**
 * Stores a quote request through the public API, as a visitor's browser does, with the token of a
 * page opened ten seconds before; `fields` override a valid one.
 */
export async function storeQuote(server: TestServer, fields: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/api/quote-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...toNamedFields(sampleQuote()), [formTokenFieldName]: await server.formToken(), ...fields }),
  });
  return v.parse(WireQuoteSchema, await response.json());
}

/** One page of the inbox as staff ask for it, every request by default (view 'all'); throws unless 200. */
export async function inboxPage(server: TestServer, params: Record<string, string> = { view: 'all' }) {
  const response = await fetch(`${server.url}/api/quote-requests?${new URLSearchParams(params).toString()}`, {
    headers: { cookie: server.staffCookie },
  });
  if (response.status !== 200) throw new Error(`Reading the inbox answered ${response.status}: ${await response.text()}`);
  return v.parse(WireInboxPageSchema, await response.json());
}

/** A rate limit table of the test's own on the test PostgreSQL (or another's, which is left), and how to drop it. */
function sharedLimitStore(shared: string | undefined) {
  const pool = new Pool({ connectionString: postgresUrl });
  const tableName = shared ?? `rate_limits_test_${randomUUID().replaceAll('-', '')}`;
  return {
    store: { kind: 'postgres', pool, tableName } satisfies RateLimitStore,
    drop: async () => {
      if (shared === undefined) await pool.query(`drop table if exists ${tableName}`);
      await pool.end();
    },
  };
}
