// A sealed backup is an age file any owner can open without this product: the age command and tar.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { Encrypter } from 'age-encryption';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { storedIds, tempDir } from './backup.test-support';
import { BackupUnreadable, WrongPassphrase } from './backup-sealing';
import { openSqliteDatabase } from './database';
import { knownMigrations, migrateToLatest } from './migrate';
import { takeSqliteBackup } from './sqlite-backup';
import { restoreSqliteBackup } from './sqlite-restore';
import { SqlQuoteRepository } from './sql-quote-repository';

const run = promisify(execFile);
const age = '/usr/bin/age';
const hasAge = existsSync(age);
if (!hasAge) console.warn(`backup-file.test: SKIPPED the tests with the age command. No age at ${age}: install it (apt-get install -y age).`);

const passphrase = 'staple battery horse correct';
/** age's scrypt costs a second or more each time a backup is sealed or opened, longer on a busy machine. */
const scryptTimeout = 90_000;
const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

/** A DATA_DIR whose database holds 150 requests (enough for several sealed pieces of 64 KiB) and a photo. */
async function dataDirWithRequests() {
  const dataDir = await tempDir('data');
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  await migrateToLatest(db);
  const quotes = new SqlQuoteRepository(db);
  const stored = [];
  for (let n = 0; n < 150; n++) stored.push(await quotes.insert(sampleQuote({ name: `Tobias Okafor ${n}`, description: 'Radiators cold upstairs. '.repeat(30) })));
  await db.destroy();
  await mkdir(join(dataDir, 'photos', '2026'), { recursive: true });
  await writeFile(join(dataDir, 'photos', '2026', 'leak.jpg'), photo);
  return { dataDir, ids: stored.map(({ id }) => id).sort() };
}

async function sealedBackup() {
  const { dataDir, ids } = await dataDirWithRequests();
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups'), passphrase });
  return { file, ids };
}

/** Runs the age command with `passphrase` typed `times` times: age reads one only from a terminal, which `script` gives it. */
async function ageCommand(args: string[], given: string, times = 1): Promise<void> {
  const quoted = [age, ...args].map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
  const typing = run('script', ['-qec', quoted, '/dev/null']);
  typing.child.stdin?.end(`${given}\n`.repeat(times));
  await typing;
}

const restore = (file: string, dataDir: string, given: string | undefined) =>
  restoreSqliteBackup({ file, dataDir, passphrase: given, knownMigrations, confirm: () => Promise.resolve(true) });

test.skipIf(!hasAge)('a sealed backup opens with the age command and tar, and holds the database and photos, as SHA256SUMS says', async () => {
  const { file, ids } = await sealedBackup();
  expect(file).toMatch(/\.tar\.age$/);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
  expect(bytes.includes('Tobias Okafor')).toBe(false);
  expect(bytes.includes('SQLite format 3')).toBe(false);

  const opened = await tempDir('opened');
  await ageCommand(['-d', '-o', join(opened, 'backup.tar'), file], passphrase);
  await run('tar', ['-xf', 'backup.tar'], { cwd: opened });
  expect((await readdir(opened)).sort()).toEqual(['SHA256SUMS', 'backup.tar', 'photos', 'quotes.sqlite']);
  const { stdout } = await run('sha256sum', ['--strict', '-c', 'SHA256SUMS'], { cwd: opened });
  expect(stdout.split('\n').filter(Boolean).sort()).toEqual(['photos/2026/leak.jpg: OK', 'quotes.sqlite: OK']);
  expect(await readFile(join(opened, 'photos', '2026', 'leak.jpg'))).toEqual(photo);
  const database = new DatabaseSync(join(opened, 'quotes.sqlite'), { readOnly: true });
  try {
    expect(database.prepare('select count(*) as n from quote_requests').get()?.n).toBe(150);
    expect(database.prepare('select id from quote_requests order by id').all().map(({ id }) => id)).toEqual(ids);
  } finally {
    database.close();
  }
}, scryptTimeout);

test.skipIf(!hasAge)('a backup sealed by hand with the age command restores', async () => {
  const { dataDir, ids } = await dataDirWithRequests();
  const { file } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  expect(file).toMatch(/\.tar$/);
  await ageCommand(['-p', '-o', `${file}.age`, file], passphrase, 2);

  const target = await tempDir('target');
  await expect(restore(`${file}.age`, target, 'not the passphrase at all')).rejects.toBeInstanceOf(WrongPassphrase);
  await restore(`${file}.age`, target, passphrase);
  expect(await storedIds(target)).toEqual(ids);
}, scryptTimeout);

test('a sealed backup restores with its passphrase; a wrong or missing one is refused and nothing is replaced', async () => {
  const { file, ids } = await sealedBackup();
  const target = await tempDir('target');
  await writeFile(join(target, 'keep.txt'), 'untouched');

  await expect(restore(file, target, 'not the passphrase at all')).rejects.toBeInstanceOf(WrongPassphrase);
  await expect(restore(file, target, undefined)).rejects.toThrow(/This backup is encrypted: set BACKUP_PASSPHRASE/);
  expect(await readdir(target)).toEqual(['keep.txt']);

  await restore(file, target, passphrase);
  expect(await storedIds(target)).toEqual(ids);
  expect(await readFile(join(target, 'photos', '2026', 'leak.jpg'))).toEqual(photo);
}, scryptTimeout);

test('an altered, reordered or shortened sealed backup is refused', async () => {
  const { dataDir } = await dataDirWithRequests();
  const { file: plain } = await takeSqliteBackup({ dataDir, backupDir: await tempDir('backups') });
  // Sealed at a low scrypt cost, so that each refusal below takes milliseconds, not seconds.
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(10);
  encrypter.setPassphrase(passphrase);
  const bytes = Buffer.from(await encrypter.encrypt(await readFile(plain)));
  const file = `${plain}.age`;
  const target = await tempDir('target');
  // age's header ends with a line "--- <MAC>"; a 16-byte nonce follows, then pieces of 64 KiB and a tag.
  const macLine = bytes.indexOf('\n--- ') + 1;
  const pieces = bytes.indexOf('\n', macLine) + 1 + 16;
  const piece = 65536 + 16;
  expect(bytes.length).toBeGreaterThan(pieces + 3 * piece);

  const flipped = Buffer.from(bytes);
  flipped.writeUInt8(flipped.readUInt8(pieces + 1000) ^ 0x80, pieces + 1000);
  const swapped = Buffer.concat([bytes.subarray(0, pieces), bytes.subarray(pieces + piece, pieces + 2 * piece), bytes.subarray(pieces, pieces + piece), bytes.subarray(pieces + 2 * piece)]);
  const salt = bytes.indexOf('-> scrypt ') + '-> scrypt '.length;
  const alteredSalt = Buffer.from(bytes);
  alteredSalt.write(bytes.toString('latin1', salt, salt + 1) === 'A' ? 'B' : 'A', salt, 'latin1');
  const alteredMac = Buffer.from(bytes);
  alteredMac.write(bytes.toString('latin1', macLine + 4, macLine + 5) === 'A' ? 'B' : 'A', macLine + 4, 'latin1');
  const cases: [Buffer, unknown][] = [
    [flipped, BackupUnreadable],
    [swapped, BackupUnreadable],
    [bytes.subarray(0, pieces + 2 * piece), BackupUnreadable],
    [Buffer.concat([bytes, Buffer.from('more')]), BackupUnreadable],
    [alteredMac, BackupUnreadable],
    [alteredSalt, WrongPassphrase],
  ];
  for (const [altered, refusal] of cases) {
    await writeFile(file, altered);
    await expect(restore(file, target, passphrase)).rejects.toBeInstanceOf(refusal);
  }
  expect(await readdir(target)).toEqual([]);
  // Unaltered, the same file restores.
  await writeFile(file, bytes);
  await restore(file, target, passphrase);
  expect(await readdir(target)).toContain('quotes.sqlite');
});

test('a backup in the format of earlier versions is refused, saying what to do', async () => {
  const file = join(await tempDir('backups'), 'quotes-2026-11-23T03-00-00Z.backup');
  await writeFile(file, Buffer.concat([Buffer.from('QBACKUPE'), Buffer.alloc(600)]));
  await expect(restore(file, await tempDir('target'), passphrase)).rejects.toThrow(/format of versions before backups were tar and age files: restore it with such a version/);
});
