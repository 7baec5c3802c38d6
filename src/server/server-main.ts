// The server's composition root: configuration, database, adapters, and a clean stop on SIGTERM.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { photoPath } from '../../adapters/http-api/photo-paths';
import { createServerApp } from '../../adapters/server/app';
import { connectionLimitsOf, readServerConfig } from '../../adapters/server/server-config';
import { firstScreen, framed } from './first-screen';
import { provisionStaffAccounts } from '../../adapters/server/staff/staff-accounts';
import { StaffSessions } from '../../adapters/server/staff/staff-sessions';
import { startServer } from '../../adapters/server/start-server';
import { composeNodeHost } from './node-host';
import { openPostgresDatabase, openSqliteDatabase } from '../../adapters/sql/database';
import { migrateOnStart, sqliteBackupBeforeUpgrade, StartRefused } from '../../adapters/sql/migrate-on-start';
import { SharpPhotoProcessor } from '../../adapters/photos/sharp-photo-processor';
import { SqlReadiness } from '../../adapters/sql/sql-readiness';
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
import { business } from '../../domain/business';
import { startDailyBackups } from '../../adapters/sql/backup-schedule';

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
// The stores, the email and alert outboxes, the links: composed as the Supabase function composes them.
const host = await composeNodeHost(db, config, process.env);
const { staffStore, quotes, inbox, limit } = host;
const dispatcher = host.email.dispatcher;
const alerts = host.alerts.engine;
// What the first start has to say (the staff account it made) is shown with the address, once listening.
const notices: string[] = [];
await provisionStaffAccounts(staffStore, config, (notice) => notices.push(notice));

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

const backend: Backend = {
  quotes,
  inbox,
  customerData: host.api.customerData,
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
  ...host.api,
  notifier: backend.notifier,
  photos: { store: host.photos, processor: new SharpPhotoProcessor() },
  readiness: () => readiness.check(),
  // Staff asked for an email again, or rescued a request from spam: send it now, not at the next poll.
  wakeDelivery: () => dispatcher?.wake(),
  wakeAlerts: () => alerts.wake(),
  outbox: { backlog: () => host.email.outbox.backlog(), sending: dispatcher !== undefined, unrecorded: () => dispatcher?.unrecorded ?? 0 },
  // The pages are drawn knowing what the browser's own backend knows: this server's API at this address.
  pages: createPageRenderer(loadedBackend(backend, restBackend), templates),
  site,
  writeLog,
  sessions: new StaffSessions({ accounts: staffStore, store: staffStore }),
  trustProxy: config.TRUST_PROXY,
  ...(config.SITE_URL !== undefined && { siteUrl: config.SITE_URL }),
  styleHashes: templates.styleHashes,
  scriptHashes: templates.scriptHashes,
  limits: {
    ...host.api.limits,
    signIn: {
      perClientAndEmail: limit('sign-in-client-email', config.SIGN_IN_ATTEMPTS_PER_HOUR),
      perClient: limit('sign-in-client', config.SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR),
    },
    pagesDrawn: limit('pages-drawn', config.PAGES_DRAWN_PER_HOUR),
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
  await host.close();
  await db.destroy();
  writeLine(JSON.stringify({ event: 'stopped' }));
};
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
