// @vitest-environment node
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Agent, fetch as undiciFetch } from 'undici';
import { expect, onTestFinished, test } from 'vitest';
import { startTestSmtpServer } from '../../../adapters/email/test-smtp-server.test-support';
import { requireVapidKeys } from '../../../adapters/push/vapid-keys';
import { openPostgresDatabase, openSqliteDatabase } from '../../../adapters/sql/database';
import { knownMigrations, migrateToLatest } from '../../../adapters/sql/migrate';
import { takeSqliteBackup } from '../../../adapters/sql/sqlite-backup';
import { SqlSecretStore } from '../../../adapters/sql/sql-secret-store';
import { SqlStaffStore } from '../../../adapters/sql/sql-staff-store';
import { saveStaffAccount } from '../../../adapters/server/staff/staff-accounts';
import { startTestServer } from '../../../adapters/server/test-server.test-support';
import { type GoLiveCheckDeps, runGoLiveCheck } from './go-live-check';
import { clockItem, diskItem } from './host-checks';
import type { GoLiveItem } from './go-live-item';

const run = promisify(execFile);

function tempDir(label: string, under = tmpdir()): string {
  const dir = mkdtempSync(join(under, `go-live-${label}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const siteHost = 'www.se1plumbing.example';

/**
 * A certificate for the site's name, made with openssl for this test, and a fetch that trusts it and
 * finds the name on loopback, as DNS would point it at this machine.
 */
async function localhostCertificate() {
  const dir = tempDir('tls');
  await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', `/CN=${siteHost}`, '-addext', `subjectAltName=DNS:${siteHost}`]);
  const cert = readFileSync(join(dir, 'cert.pem'));
  const dispatcher = new Agent({
    connect: {
      ca: cert,
      lookup: (_host: string, options: { all?: boolean | undefined }, found: (error: null, address: string | { address: string; family: number }[], family?: number) => void) => {
        if (options.all === true) found(null, [{ address: '127.0.0.1', family: 4 }]);
        else found(null, '127.0.0.1', 4);
      },
    },
  });
  onTestFinished(() => dispatcher.close());
  const fetch: GoLiveCheckDeps['fetch'] = (url, init) => undiciFetch(url, { ...init, dispatcher });
  return { key: readFileSync(join(dir, 'key.pem')), cert, fetch };
}

/** A TLS-terminating reverse proxy on loopback in front of `upstream`, adding the forwarding headers unless told not to. */
async function startProxy(upstream: string, tls: { key: Buffer; cert: Buffer }, { forwards }: { forwards: boolean }): Promise<string> {
  const target = new URL(upstream);
  const proxy = createHttpsServer(tls, (incoming, outgoing) => {
    const headers = { ...incoming.headers, host: target.host };
    if (forwards) Object.assign(headers, { 'x-forwarded-for': incoming.socket.remoteAddress, 'x-forwarded-proto': 'https', 'x-forwarded-host': incoming.headers.host });
    const forwarded = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return `https://${siteHost}:${address.port}`;
}

/** A DATA_DIR as a server leaves it: migrated, with VAPID keys made, and staff accounts; and a fresh backup in `backupDir`. */
async function dataDirWith({ staff, backupDir }: { staff: string[]; backupDir?: string }) {
  const dataDir = tempDir('data');
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  try {
    await migrateToLatest(db);
    await requireVapidKeys({}, new SqlSecretStore(db));
    for (const email of staff) await saveStaffAccount(new SqlStaffStore(db), email, 'a long enough password');
  } finally {
    await db.destroy();
  }
  if (backupDir !== undefined) await takeSqliteBackup({ dataDir, backupDir });
  return dataDir;
}

const byLabel = (items: readonly GoLiveItem[]) => Object.fromEntries(items.map((item) => [item.label, item.status]));
const detailOf = (items: readonly GoLiveItem[], label: string) => items.find((item) => item.label === label)?.detail ?? '';

/** A running server behind a TLS proxy, a mail server, and a DATA_DIR whose backups are on another file system. */
async function goodSetting() {
  const tls = await localhostCertificate();
  const server = await startTestServer('sqlite', { trustProxy: true });
  onTestFinished(() => server.close());
  const siteUrl = await startProxy(server.url, tls, { forwards: true });
  const smtp = await startTestSmtpServer({ auth: { user: 'quotes', pass: 'mail password' } });
  onTestFinished(() => smtp.stop());
  // /dev/shm is a file system of its own (tmpfs): a backup there is not on the data's disk.
  const backupDir = tempDir('backups', '/dev/shm');
  const dataDir = await dataDirWith({ staff: ['staff@localhost', 'owner@se1plumbing.example'], backupDir });
  const port = new URL(server.url).port;
  const env = {
    SITE_URL: siteUrl,
    HOST: '127.0.0.1',
    PORT: port,
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'office@se1plumbing.example',
    MAIL_FROM: 'SE1 Plumbing & Heating <quotes@se1plumbing.example>',
  };
  const deps: GoLiveCheckDeps = { fetch: tls.fetch, now: () => new Date(), sendTest: false, ntpSynchronized: () => Promise.resolve('yes') };
  return { env, deps, tls, server, smtp, dataDir, backupDir };
}

test('good settings pass every item, and --send-test hands a test email to the mail server for NOTIFY_TO', async () => {
  const { env, deps, smtp } = await goodSetting();
  expect(statSync(env.BACKUP_DIR).dev).not.toBe(statSync(env.DATA_DIR).dev);

  const items = await runGoLiveCheck(env, { ...deps, sendTest: true });

  expect(items.filter((item) => item.status !== 'pass')).toEqual([]);
  expect(items.map((item) => item.label)).toEqual([
    'SITE_URL', 'Server', 'TRUST_PROXY', 'Database', 'Staff accounts', 'Push keys (VAPID)', 'Email (SMTP)', 'Test email', 'Backups', 'Free disk space', 'Clock in sync',
  ]);
  expect(detailOf(items, 'TRUST_PROXY')).toBe('true, and the proxy sends X-Forwarded-For and X-Forwarded-Proto https');
  expect(detailOf(items, 'Push keys (VAPID)')).toBe('kept in the database since the first start; subject mailto:office@se1plumbing.example');
  const [email] = await smtp.waitFor(1);
  expect(email?.envelope.to).toEqual(['office@se1plumbing.example']);
  expect(email?.subject).toBe("Test email from SE1 Plumbing & Heating's go-live check");
});

test('settings that block going live are each a ✗ saying what to do', async () => {
  const { env, deps, smtp } = await goodSetting();
  const wrongPassword = smtp.url.replace('mail%20password', 'wrong');
  const lonelyDataDir = await dataDirWith({ staff: ['staff@localhost'] });
  const items = await runGoLiveCheck(
    { ...env, SITE_URL: env.SITE_URL.replace('https:', 'http:'), DATA_DIR: lonelyDataDir, SMTP_URL: wrongPassword, VAPID_SUBJECT: 'mailto:me@localhost', BACKUP_DIR: tempDir('empty-backups') },
    deps,
  );
  expect(byLabel(items)).toMatchObject({
    SITE_URL: 'fail',
    'Staff accounts': 'fail',
    'Push keys (VAPID)': 'fail',
    'Email (SMTP)': 'fail',
    Backups: 'fail',
  });
  expect(detailOf(items, 'SITE_URL')).toContain('is not https');
  expect(detailOf(items, 'Staff accounts')).toContain('npm run staff add');
  expect(detailOf(items, 'Push keys (VAPID)')).toContain('Apple refuses');
  expect(detailOf(items, 'Email (SMTP)')).toMatch(/^SMTP check failed: .*Invalid login/);
  expect(detailOf(items, 'Backups')).toContain('no backup in');
});

test('TRUST_PROXY that does not fit the proxy is a ✗, either way round', async () => {
  const { env, deps, tls, server } = await goodSetting();
  // The proxy adds X-Forwarded-For, but the server is told not to believe it.
  expect(detailOf(await runGoLiveCheck({ ...env, TRUST_PROXY: 'false' }, deps), 'TRUST_PROXY')).toMatch(/^false, but a proxy sends X-Forwarded-For/);
  // A proxy that adds nothing, with TRUST_PROXY set.
  const bare = await startProxy(server.url, tls, { forwards: false });
  const items = await runGoLiveCheck({ ...env, SITE_URL: bare }, deps);
  expect(byLabel(items).TRUST_PROXY).toBe('fail');
  expect(detailOf(items, 'TRUST_PROXY')).toMatch(/^true, but requests reach the server without X-Forwarded-For/);
});

test('a server that is not running, a mail server that is down, no BACKUP_DIR and bad settings are each a ✗', async () => {
  const { env, deps, smtp, server } = await goodSetting();
  await server.close();
  await smtp.stop();
  const items = await runGoLiveCheck({ ...env, BACKUP_DIR: undefined }, deps);
  expect(byLabel(items)).toMatchObject({ Server: 'fail', 'Email (SMTP)': 'fail', Backups: 'fail' });
  expect(detailOf(items, 'Server')).toMatch(/nothing answers at http:\/\/127\.0\.0\.1:\d+ \(connect ECONNREFUSED/);
  expect(detailOf(items, 'Backups')).toContain('BACKUP_DIR is not set');

  const unstartable = await runGoLiveCheck({ ...env, PORT: 'eighty' }, deps);
  expect(unstartable.map(({ status, label }) => `${status} ${label}`)).toEqual(['fail Settings']);
  expect(detailOf(unstartable, 'Settings')).toMatch(/^Invalid server configuration: PORT must be a whole number.*: the server would not start with them$/);
});

test('a database that is missing, or behind this version, is a ✗; backups on the data disk or unwritable are flagged', async () => {
  const { env, deps } = await goodSetting();
  const empty = tempDir('no-database');
  expect(detailOf(await runGoLiveCheck({ ...env, DATA_DIR: empty }, deps), 'Database')).toBe(`there is none at ${join(empty, 'quotes.sqlite')}: check DATA_DIR, or start the server once to make it`);

  const db = openSqliteDatabase(join(env.DATA_DIR, 'quotes.sqlite'));
  await sql`delete from kysely_migration where name = '011-add-call-attempts'`.execute(db);
  await db.destroy();
  const behind = await runGoLiveCheck(env, deps);
  expect(byLabel(behind).Database).toBe('fail');
  expect(detailOf(behind, 'Database')).toContain('lacks 1 migration(s) (011-add-call-attempts)');

  const sameDisk = tempDir('same-disk-backups');
  await takeSqliteBackup({ dataDir: env.DATA_DIR, backupDir: sameDisk });
  const onDataDisk = await runGoLiveCheck({ ...env, BACKUP_DIR: sameDisk }, deps);
  expect(byLabel(onDataDisk).Backups).toBe('warn');
  expect(detailOf(onDataDisk, 'Backups')).toContain('on the same disk as DATA_DIR');

  const readOnly = join(tempDir('read-only'), 'backups');
  await mkdir(readOnly);
  await chmod(readOnly, 0o500);
  // Root writes anywhere: there the folder is not writable only once it is gone.
  const unwritable = process.getuid?.() === 0 ? join(readOnly, 'missing') : readOnly;
  expect(detailOf(await runGoLiveCheck({ ...env, BACKUP_DIR: unwritable }, deps), 'Backups')).toContain('does not exist or cannot be written');
});

test('the clock and the disk: what timedatectl says, and a DATA_DIR that is not there', async () => {
  expect(clockItem('yes').status).toBe('pass');
  expect(clockItem('no').status).toBe('fail');
  expect(clockItem('no').detail).toContain('timedatectl set-ntp true');
  expect(clockItem(undefined).status).toBe('warn');
  expect(clockItem(undefined).detail).toContain('cannot tell');
  expect((await diskItem(tmpdir())).status).not.toBe('fail');
  expect((await diskItem(join(tmpdir(), 'no-such-folder-for-the-check'))).status).toBe('fail');
});

test('npm run check prints one line an item and exits 1 while anything blocks going live', async () => {
  const { env } = await goodSetting();
  const command = (extra: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'check'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, ...extra } });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  // Spawned, the check cannot be told of the test's certificate: SITE_URL on plain http to this machine stands in.
  const blocked = await command({ SITE_URL: 'http://127.0.0.1:9', TRUST_PROXY: 'false' });
  expect(blocked).toMatchObject({ code: 1, stderr: '' });
  const lines = blocked.stdout.trim().split('\n');
  expect(lines[0]).toBe('✗ SITE_URL: http://127.0.0.1:9 is not https: put the server behind a proxy that terminates TLS (Caddy, nginx) and set SITE_URL to its https:// address');
  expect(lines.filter((line) => /^[✓✗!] /.test(line))).toHaveLength(lines.length - 1);
  expect(lines).toContain(`✓ Database: ${join(env.DATA_DIR, 'quotes.sqlite')}, migrated (${knownMigrations.at(-1) ?? ''})`);
  expect(lines.at(-1)).toMatch(/^\d+ thing\(s\) to fix before going live\.$/);
}, 90_000);

/** A database of its own on this machine's PostgreSQL, dropped after the test. */
async function scratchPostgresDatabase(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `go_live_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = openPostgresDatabase(server);
  await sql`create database ${sql.id(name)}`.execute(admin);
  onTestFinished(async () => {
    try {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    } finally {
      await admin.destroy();
    }
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

test('on PostgreSQL: migrated with the business’s own staff passes; behind this version, or out of reach, is a ✗', async () => {
  const { env, deps } = await goodSetting();
  const databaseUrl = await scratchPostgresDatabase();
  const db = openPostgresDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    await requireVapidKeys({}, new SqlSecretStore(db));
    await saveStaffAccount(new SqlStaffStore(db), 'owner@se1plumbing.example', 'a long enough password');
  } finally {
    await db.destroy();
  }

  const good = await runGoLiveCheck({ ...env, DATABASE_URL: databaseUrl }, deps);
  expect(byLabel(good)).toMatchObject({ Database: 'pass', 'Staff accounts': 'pass', 'Push keys (VAPID)': 'pass', Backups: 'warn' });
  expect(detailOf(good, 'Database')).toMatch(/^PostgreSQL \(DATABASE_URL\), migrated/);
  expect(detailOf(good, 'Backups')).toContain('pg_dump');

  const behind = openPostgresDatabase(databaseUrl);
  await sql`delete from kysely_migration where name = '011-add-call-attempts'`.execute(behind);
  await behind.destroy();
  const lacking = await runGoLiveCheck({ ...env, DATABASE_URL: databaseUrl }, deps);
  expect(byLabel(lacking).Database).toBe('fail');
  expect(detailOf(lacking, 'Database')).toContain('lacks 1 migration(s) (011-add-call-attempts)');

  const unreachable = new URL(databaseUrl);
  unreachable.port = '1';
  const away = await runGoLiveCheck({ ...env, DATABASE_URL: unreachable.href }, deps);
  expect(byLabel(away).Database).toBe('fail');
  expect(detailOf(away, 'Database')).toMatch(/^PostgreSQL \(DATABASE_URL\) cannot be read: .+ Check DATA_DIR or DATABASE_URL$/);
}, 60_000);
