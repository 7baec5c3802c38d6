import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import { expect, onTestFinished, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { writeBackupFile } from './backup-file';
import { BackupUnreadable } from './backup-sealing';
import { storedIds, tempDir } from './backup.test-support';
import { type Database, openSqliteDatabase } from './database';
import { knownMigrations, migrateToLatest } from './migrate';
import { backupFileName, listBackups, pruneBackups, takeSqliteBackup } from './sqlite-backup';
import { BackupTooNew, DatabaseInUse, restoreSqliteBackup } from './sqlite-restore';
import { SqlQuoteRepository } from './sql-quote-repository';
import { SqlPhotoStore } from './sql-photo-store';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { samplePhoto } from '../contracts/photo-store.test-support';

/** A DATA_DIR as the server keeps it: its database open (WAL), a photo, and some temporary files. */
async function serverDataDir(): Promise<{ dataDir: string; db: Kysely<Database>; quotes: SqlQuoteRepository }> {
  const dataDir = await tempDir('data');
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  onTestFinished(() => db.destroy().catch(() => undefined));
  await migrateToLatest(db);
  await mkdir(join(dataDir, 'photos', '2026'), { recursive: true });
  await writeFile(join(dataDir, 'photos', '2026', 'leak.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  await writeFile(join(dataDir, 'upload.tmp'), 'half an upload');
  await writeFile(join(dataDir, '.partial-photo'), 'half a photo');
  return { dataDir, db, quotes: new SqlQuoteRepository(db) };
}

const yes = () => Promise.resolve(true);
const restore = (file: string, dataDir: string, passphrase?: string) =>
  restoreSqliteBackup({ file, dataDir, passphrase, knownMigrations, confirm: yes });

test('a backup taken while requests are being written holds every one stored before it began, and the other files', async () => {
  const { dataDir, db, quotes } = await serverDataDir();
  const before = await Promise.all(Array.from({ length: 20 }, (_, n) => quotes.insert(sampleQuote({ name: `Before ${n}` }))));
  const writing = new AbortController();
  const writer = (async () => {
    while (!writing.signal.aborted) {
      await quotes.insert(sampleQuote({ name: 'During' }));
      // node:sqlite is synchronous: let the backup's own work be answered between writes.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const backupDir = await tempDir('backups');
  const taken = await takeSqliteBackup({ dataDir, backupDir, now: () => new Date('2026-11-23T23:30:00.123Z') });
  writing.abort();
  await writer;
  expect(taken.file).toBe(join(backupDir, 'quotes-2026-11-23T23-30-00Z.tar'));
  expect(taken.counts.quote_requests).toBeGreaterThanOrEqual(20);
  expect(taken.otherFiles).toBe(1);
  expect(await readdir(backupDir)).toEqual(['quotes-2026-11-23T23-30-00Z.tar']);
  await db.destroy();

  const restored = await tempDir('restored');
  const { restored: done, plan } = await restore(taken.file, restored);
  expect(done).toBe(true);
  expect(plan).toMatchObject({ current: undefined, schemaVersion: knownMigrations.at(-1), otherFiles: ['photos/2026/leak.jpg'] });
  const ids = await storedIds(restored);
  expect(ids).toEqual(expect.arrayContaining(before.map(({ id }) => id)));
  expect(ids).toHaveLength(taken.counts.quote_requests);
  expect(await readFile(join(restored, 'photos', '2026', 'leak.jpg'))).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  expect((await readdir(restored)).sort()).toEqual(['photos', 'quotes.sqlite']);
});

test('a request’s photos survive a backup and its restore, row and files, and read back byte for byte', async () => {
  const { dataDir, db } = await serverDataDir();
  const photoDir = join(dataDir, 'photos');
  const sent = [samplePhoto(1), samplePhoto(2)];
  const stored = await new SqlQuoteRepository(db, { photoDir }).insert(sampleQuote({ name: 'With photos' }), sent);
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  await db.destroy();

  const restored = await tempDir('restored');
  await restore(file, restored);
  const reopened = openSqliteDatabase(join(restored, 'quotes.sqlite'));
  onTestFinished(() => reopened.destroy().catch(() => undefined));
  const [quote] = (await new SqlQuoteInbox(reopened).findPage({ query: { ...defaultInboxQuery, view: allView }, after: null, limit: 10, now: new Date() })).quotes;
  expect(quote?.id).toBe(stored.id);
  expect(quote?.photos).toHaveLength(2);
  const store = new SqlPhotoStore(reopened, { photoDir: join(restored, 'photos') });
  for (const [index, photo] of (quote?.photos ?? []).entries()) {
    expect(Buffer.from((await store.read(stored.id, photo.id, 'full'))?.body ?? [])).toEqual(Buffer.from(sent[index]?.body ?? [1]));
    expect(Buffer.from((await store.read(stored.id, photo.id, 'thumbnail'))?.body ?? [])).toEqual(Buffer.from(sent[index]?.thumbnail.body ?? [1]));
  }
});

test('restoring over a database replaces it, and answering no leaves it as it was', async () => {
  const { dataDir, db, quotes } = await serverDataDir();
  const kept = await quotes.insert(sampleQuote({ name: 'In the backup' }));
  const backupDir = await tempDir('backups');
  const { file } = await takeSqliteBackup({ dataDir, backupDir });
  const later = await quotes.insert(sampleQuote({ name: 'After the backup' }));
  await db.destroy();

  const declined = await restoreSqliteBackup({ file, dataDir, knownMigrations, confirm: () => Promise.resolve(false) });
  expect(declined.restored).toBe(false);
  expect(declined.plan.current?.quote_requests).toBe(2);
  expect(declined.plan.backup.quote_requests).toBe(1);
  expect(await storedIds(dataDir)).toEqual([kept.id, later.id].sort());

  await restore(file, dataDir);
  expect(await storedIds(dataDir)).toEqual([kept.id]);
  expect((await readdir(dataDir)).filter((name) => name.startsWith('.restore-'))).toEqual([]);
});

test('a database too damaged to open is replaced by the backup', async () => {
  const { dataDir, db, quotes } = await serverDataDir();
  const stored = await quotes.insert(sampleQuote());
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  await db.destroy();
  await writeFile(join(dataDir, 'quotes.sqlite'), 'this was a database once, before the disk failed');

  const { plan } = await restore(file, dataDir);
  expect(plan.current).toBeUndefined();
  expect(await storedIds(dataDir)).toEqual([stored.id]);
});

test('restore refuses while a server has the database open, and replaces nothing', async () => {
  const { dataDir, quotes } = await serverDataDir();
  const stored = await quotes.insert(sampleQuote());
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  const other = await serverDataDir();
  const theirs = await other.quotes.insert(sampleQuote({ name: 'Theirs' }));

  await expect(restore(file, other.dataDir)).rejects.toBeInstanceOf(DatabaseInUse);
  await other.db.destroy();
  expect(await storedIds(other.dataDir)).toEqual([theirs.id]);
  await restore(file, other.dataDir);
  expect(await storedIds(other.dataDir)).toEqual([stored.id]);
});

test('a damaged backup is refused and nothing is replaced', async () => {
  const { dataDir, db, quotes } = await serverDataDir();
  await quotes.insert(sampleQuote());
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  const target = await serverDataDir();
  const theirs = await target.quotes.insert(sampleQuote({ name: 'Theirs' }));
  await target.db.destroy();
  await db.destroy();

  const bytes = await readFile(file);
  const damaged = Buffer.from(bytes);
  const middle = Math.floor(bytes.length / 2);
  damaged.writeUInt8(damaged.readUInt8(middle) ^ 0x01, middle);
  await writeFile(file, damaged);
  await expect(restore(file, target.dataDir)).rejects.toThrow(/quotes.sqlite does not match its checksum/);
  await writeFile(file, bytes.subarray(0, bytes.length - 100));
  await expect(restore(file, target.dataDir)).rejects.toBeInstanceOf(BackupUnreadable);
  await writeFile(file, 'not a backup at all');
  await expect(restore(file, target.dataDir)).rejects.toThrow(/is not a backup of this product/);

  expect(await storedIds(target.dataDir)).toEqual([theirs.id]);
  expect((await readdir(target.dataDir)).filter((name) => name.startsWith('.restore-'))).toEqual([]);
});

test('a database that fails its integrity check is refused, whatever its checksum', async () => {
  const { dataDir, db, quotes } = await serverDataDir();
  for (let n = 0; n < 200; n++) await quotes.insert(sampleQuote({ description: `Request ${n} `.repeat(20) }));
  await db.destroy();
  const broken = join(await tempDir('broken'), 'quotes.sqlite');
  const bytes = await readFile(join(dataDir, 'quotes.sqlite'));
  // Scribble over the middle of a page deep in the file: the header stays valid, the b-tree does not.
  bytes.fill(0x5a, bytes.length - 3 * 4096 + 100, bytes.length - 3 * 4096 + 600);
  await writeFile(broken, bytes);
  const file = join(await tempDir('backups'), backupFileName(new Date(), false));
  await writeBackupFile(file, [{ path: 'quotes.sqlite', from: broken }], undefined);

  await expect(restore(file, await tempDir('target'))).rejects.toThrow(/(integrity check|not readable)/);
});

test('a backup from a newer version of the product is refused', async () => {
  const { dataDir, db } = await serverDataDir();
  await db.destroy();
  const database = new DatabaseSync(join(dataDir, 'quotes.sqlite'));
  database.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999-from-the-future', new Date().toISOString());
  database.close();
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });

  await expect(restore(file, await tempDir('target'))).rejects.toBeInstanceOf(BackupTooNew);
});

test('backups kept in DATA_DIR are not backed up again, and a missing database is said plainly', async () => {
  const { dataDir } = await serverDataDir();
  const backupDir = join(dataDir, 'backups');
  await takeSqliteBackup({ dataDir, backupDir, now: () => new Date('2026-11-22T03:00:00Z') });
  const second = await takeSqliteBackup({ dataDir, backupDir, now: () => new Date('2026-11-23T03:00:00Z') });
  expect(second.otherFiles).toBe(1);

  await expect(takeSqliteBackup({ dataDir: await tempDir('empty'), backupDir })).rejects.toThrow(/There is no database to back up at/);
});

test('pruning keeps the newest backups, sealed or not, and never touches other files, earlier versions\' backups included', async () => {
  const backupDir = await tempDir('backups');
  const days: [string, boolean][] = [['2026-11-20', true], ['2026-11-23', true], ['2026-11-21', false], ['2026-11-22', false]];
  for (const [day, sealed] of days) await writeFile(join(backupDir, backupFileName(new Date(`${day}T03:00:00Z`), sealed)), 'backup');
  await writeFile(join(backupDir, 'quotes-keep-me.tar'), 'not ours');
  await writeFile(join(backupDir, 'quotes-2026-11-01T03-00-00Z.backup'), 'of an earlier version');
  await writeFile(join(backupDir, 'notes.txt'), 'not ours');

  expect((await listBackups(backupDir)).map(({ takenAt }) => takenAt.toISOString().slice(0, 10))).toEqual(['2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20']);
  expect(await pruneBackups(backupDir, 2)).toHaveLength(2);
  expect((await readdir(backupDir)).sort()).toEqual([
    'notes.txt',
    'quotes-2026-11-01T03-00-00Z.backup',
    'quotes-2026-11-22T03-00-00Z.tar',
    'quotes-2026-11-23T03-00-00Z.tar.age',
    'quotes-keep-me.tar',
  ]);
});
