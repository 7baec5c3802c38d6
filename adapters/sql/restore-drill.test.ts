// The restore drill of docs/operations.md (Restore drill), step for step: what to keep, then a new
// machine with a new data folder and a copy of the environment file, `npm run restore`, and everything back.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, onTestFinished, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { samplePhoto } from '../contracts/photo-store.test-support';
import { requireVapidKeys } from '../push/vapid-keys';
import { saveStaffAccount } from '../server/staff/staff-accounts';
import { storedIds, tempDir } from './backup.test-support';
import { openSqliteDatabase } from './database';
import { migrateToLatest } from './migrate';
import { takeSqliteBackup } from './sqlite-backup';
import { SqlPhotoStore } from './sql-photo-store';
import { SqlPushDeviceStore } from './sql-push-device-store';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { SqlSecretStore } from './sql-secret-store';
import { SqlStaffStore } from './sql-staff-store';

const run = promisify(execFile);
const staff = 'owner@se1plumbing.example';

/** The environment a shell gets from `set -a; . FILE; set +a`, as the drill loads it. */
async function sourced(envFile: string): Promise<Record<string, string>> {
  const { stdout } = await run('bash', ['-c', 'set -a; . "$1"; set +a; env -0', 'drill', envFile], { env: { PATH: process.env.PATH } });
  return Object.fromEntries(stdout.split('\0').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

test('the restore drill: a backup and a copy of the environment file bring back every request, photo, push device and the push keys on a new data folder', async () => {
  // The machine as it ran: its environment file, its DATA_DIR with requests, photos, a staff phone and its push keys.
  const oldDataDir = await tempDir('old-data');
  const backupDir = await tempDir('backups');
  const oldEnvFile = join(await tempDir('old-etc'), 'se1-quotes.env');
  await writeFile(oldEnvFile, [`DATA_DIR=${oldDataDir}`, `BACKUP_DIR=${backupDir}`, "BACKUP_PASSPHRASE='a drill passphrase, kept in the password manager'", 'NOTIFY_TO=office@se1plumbing.example', ''].join('\n'));
  const oldEnv = await sourced(oldEnvFile);
  const db = openSqliteDatabase(join(oldDataDir, 'quotes.sqlite'));
  onTestFinished(() => db.destroy().catch(() => undefined));
  await migrateToLatest(db);
  const photoDir = join(oldDataDir, 'photos');
  const quotes = new SqlQuoteRepository(db, { photoDir });
  const withPhotos = await quotes.insert(sampleQuote({ name: 'Leaking Radiator' }), [samplePhoto(1), samplePhoto(2)]);
  await quotes.insert(sampleQuote({ name: 'Boiler Service', urgent: false }));
  await saveStaffAccount(new SqlStaffStore(db), staff, 'a long enough password');
  const device = await new SqlPushDeviceStore(db).saveDevice(staff, { endpoint: 'https://fcm.googleapis.com/fcm/send/drill', p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XLjhfT4Uk8zsYbPOsOBWwEw', auth: 'tBHItJI5svbpez7KI4CCXg', label: 'Sam’s phone' }, new Date());
  const keys = await requireVapidKeys(oldEnv, new SqlSecretStore(db));
  const before = await storedIds(oldDataDir);
  const { file } = await takeSqliteBackup({ dataDir: oldDataDir, backupDir, passphrase: oldEnv.BACKUP_PASSPHRASE });
  await db.destroy();

  // The new machine: the environment file copied with DATA_DIR changed, the backup restored into it.
  const newDataDir = join(await tempDir('new-srv'), 'data');
  const newEnvFile = join(await tempDir('new-etc'), 'se1-quotes.env');
  await writeFile(newEnvFile, (await readFile(oldEnvFile, 'utf8')).replace(/^DATA_DIR=.*$/m, `DATA_DIR=${newDataDir}`));
  const { stdout } = await run('bash', ['-c', 'set -a; . "$1"; set +a; npm run --silent restore -- "$2"', 'drill', newEnvFile, file], { env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  expect(stdout).toContain(`Restored ${file} into ${newDataDir}. Start the server.`);

  expect(await storedIds(newDataDir)).toEqual(before);
  const restored = openSqliteDatabase(join(newDataDir, 'quotes.sqlite'));
  onTestFinished(() => restored.destroy().catch(() => undefined));
  const photos = new SqlPhotoStore(restored, { photoDir: join(newDataDir, 'photos') });
  const page = await new SqlQuoteInbox(restored).findPage({ query: { ...defaultInboxQuery, view: allView }, after: null, limit: 10, now: new Date() });
  const restoredPhotos = page.quotes.find(({ id }) => id === withPhotos.id)?.photos ?? [];
  expect(restoredPhotos).toHaveLength(2);
  for (const [index, photo] of restoredPhotos.entries()) {
    expect(Buffer.from((await photos.read(withPhotos.id, photo.id, 'full'))?.body ?? [])).toEqual(Buffer.from(samplePhoto(index + 1).body));
  }
  expect(await new SqlPushDeviceStore(restored).listDevices(staff)).toEqual([device]);
  // The same keys: every phone's subscription, made with the old public key, is still good.
  expect(await requireVapidKeys(await sourced(newEnvFile), new SqlSecretStore(restored))).toEqual(keys);
}, 120_000);
