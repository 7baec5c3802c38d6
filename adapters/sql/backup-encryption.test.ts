import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { BackupUnreadable } from './backup-bytes';
import { storedIds, tempDir } from './backup.test-support';
import { WrongPassphrase } from './backup-encryption';
import { openSqliteDatabase } from './database';
import { knownMigrations, migrateToLatest } from './migrate';
import { takeSqliteBackup } from './sqlite-backup';
import { restoreSqliteBackup } from './sqlite-restore';
import { SqlQuoteRepository } from './sql-quote-repository';

const passphrase = 'staple battery horse correct';
/** A DATA_DIR whose database holds a few requests, and an encrypted backup of it. */
async function encryptedBackup() {
  const dataDir = await tempDir('data');
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  await migrateToLatest(db);
  const quotes = new SqlQuoteRepository(db);
  // Enough to span several sealed pieces of 64 KiB.
  const stored = [];
  for (let n = 0; n < 150; n++) stored.push(await quotes.insert(sampleQuote({ name: `Tobias Okafor ${n}`, description: 'Radiators cold upstairs. '.repeat(30) })));
  await db.destroy();
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups'), passphrase });
  return { file, ids: stored.map(({ id }) => id).sort() };
}

const restore = (file: string, dataDir: string, given: string | undefined) =>
  restoreSqliteBackup({ file, dataDir, passphrase: given, knownMigrations, confirm: () => Promise.resolve(true) });

test('an encrypted backup hides its contents and restores with its passphrase', async () => {
  const { file, ids } = await encryptedBackup();
  const bytes = await readFile(file);
  expect(bytes.length).toBeGreaterThan(3 * 65536);
  expect(bytes.includes('Tobias Okafor')).toBe(false);
  expect(bytes.includes('SQLite format 3')).toBe(false);
  expect(bytes.subarray(0, 8).toString()).toBe('QBACKUPE');

  const target = await tempDir('target');
  await restore(file, target, passphrase);
  expect(await storedIds(target)).toEqual(ids);
});

test('a wrong or missing passphrase is refused and nothing is replaced', async () => {
  const { file } = await encryptedBackup();
  const target = await tempDir('target');
  await writeFile(join(target, 'keep.txt'), 'untouched');

  await expect(restore(file, target, 'not the passphrase at all')).rejects.toBeInstanceOf(WrongPassphrase);
  await expect(restore(file, target, undefined)).rejects.toThrow(/This backup is encrypted: set BACKUP_PASSPHRASE/);
  expect(await readdir(target)).toEqual(['keep.txt']);
});

test('an altered, reordered or shortened encrypted backup is refused', async () => {
  const { file } = await encryptedBackup();
  const bytes = await readFile(file);
  const target = await tempDir('target');
  const header = 8 + 4 + 16 + 7 + 32;
  const piece = 4 + 65536 + 16;

  const flipped = Buffer.from(bytes);
  flipped.writeUInt8(flipped.readUInt8(header + 1000) ^ 0x80, header + 1000);
  const swapped = Buffer.concat([bytes.subarray(0, header), bytes.subarray(header + piece, header + 2 * piece), bytes.subarray(header, header + piece), bytes.subarray(header + 2 * piece)]);
  const alteredSalt = Buffer.from(bytes);
  alteredSalt.writeUInt8(alteredSalt.readUInt8(15) ^ 0x01, 15);
  const cases: [Buffer, unknown][] = [
    [flipped, BackupUnreadable],
    [swapped, BackupUnreadable],
    [bytes.subarray(0, header + 2 * piece), BackupUnreadable],
    [Buffer.concat([bytes, Buffer.from('more')]), BackupUnreadable],
    [alteredSalt, WrongPassphrase],
  ];
  for (const [altered, refusal] of cases) {
    await writeFile(file, altered);
    await expect(restore(file, target, passphrase)).rejects.toBeInstanceOf(refusal);
  }
  expect(await readdir(target)).toEqual([]);
});
