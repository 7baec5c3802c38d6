import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { expect, onTestFinished, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { storedIds, tempDir } from './backup.test-support';
import { type Database, type SqlDialectName, openSqliteDatabase } from './database';
import { appliedMigrations, knownMigrations, migrateToLatest, migrations } from './migrate';
import { migrateOnStart, sqliteBackupBeforeUpgrade, StartRefused, upgradeBackupFolder } from './migrate-on-start';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { restoreSqliteBackup } from './sqlite-restore';
import { SqlQuoteRepository } from './sql-quote-repository';

/** A migration of a next version that does real work, then fails halfway: a column added, every row changed, then a bad statement. */
const failingHalfway: Migration = {
  async up(db) {
    await sql`alter table quote_requests add column half_done text`.execute(db);
    await sql`update quote_requests set half_done = 'yes', name = 'Changed by half a migration'`.execute(db);
    await sql`create table half_made (id text primary key)`.execute(db);
    await sql`insert into no_such_table (id) values ('x')`.execute(db);
  },
};
const nextVersion = { ...migrations, '900-fails-halfway': failingHalfway };

/** The whole database as rows: every table's name, and every row of the requests and of the migration table. */
async function snapshot(db: Kysely<Database>) {
  const requests = await db.selectFrom('quote_requests').selectAll().orderBy('id').execute();
  const columns = Object.keys(requests[0] ?? {});
  return { requests, columns, migrations: await appliedMigrations(db) };
}

async function hasTable(db: Kysely<Database>, table: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some(({ name }) => name === table);
}

const quiet = { logger: { warn: () => undefined }, writeLine: () => undefined };

/** A database of this version holding two requests: SQLite in a DATA_DIR of its own, or a PostgreSQL schema. */
async function databaseWithRequests(dialect: SqlDialectName) {
  if (dialect === 'sqlite') {
    const dataDir = await tempDir('data');
    const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
    onTestFinished(() => db.destroy().catch(() => undefined));
    await migrateToLatest(db);
    const quotes = new SqlQuoteRepository(db);
    await quotes.insert(sampleQuote({ name: 'Priya Shah' }));
    await quotes.insert(sampleQuote({ name: 'Tom Okafor' }));
    return { db, dataDir };
  }
  const scratch = await scratchDatabase(dialect);
  const db = scratch.open();
  onTestFinished(async () => {
    await db.destroy().catch(() => undefined);
    await scratch.drop();
  });
  await migrateToLatest(db);
  const quotes = new SqlQuoteRepository(db);
  await quotes.insert(sampleQuote({ name: 'Priya Shah' }));
  await quotes.insert(sampleQuote({ name: 'Tom Okafor' }));
  return { db, dataDir: undefined };
}

for (const dialect of sqlDialects) {
  test(`${dialect}: a migration that fails halfway refuses the start, names itself and the backup, and leaves the database unchanged`, async () => {
    const { db, dataDir } = await databaseWithRequests(dialect);
    const backupDir = dataDir === undefined ? undefined : await tempDir('backups');
    const before = await snapshot(db);
    const warnings: string[] = [];

    const start = migrateOnStart(db, {
      migrations: nextVersion,
      backup: dataDir === undefined ? undefined : sqliteBackupBeforeUpgrade({ dataDir, backupDir, passphrase: undefined }),
      logger: { warn: (line: string) => warnings.push(line) },
      writeLine: () => undefined,
    });

    await expect(start).rejects.toBeInstanceOf(StartRefused);
    const message = await start.then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : ''),
    );
    expect(message).toContain('database migration 900-fails-halfway failed');
    expect(message).toMatch(/no_such_table|no such table/);
    expect(message).toContain('Nothing was changed');
    expect(await snapshot(db)).toEqual(before);
    expect(await hasTable(db, 'half_made')).toBe(false);
    expect(before.migrations).toEqual(knownMigrations);

    if (dataDir !== undefined && backupDir !== undefined) {
      // The backup named is real: restored into a new folder, it holds both requests.
      const backup = /A backup taken just before is at (\S+\.tar)\./.exec(message)?.[1];
      expect(backup?.startsWith(backupDir)).toBe(true);
      const restoredDir = await tempDir('restored');
      await restoreSqliteBackup({ file: backup ?? '', dataDir: restoredDir, knownMigrations, confirm: () => Promise.resolve(true) });
      expect(await storedIds(restoredDir)).toEqual(before.requests.map(({ id }) => id).sort());
    } else {
      expect(message).not.toContain('backup taken');
      expect(warnings).toEqual([expect.stringContaining('take a pg_dump before every upgrade')]);
    }
  });

  test(`${dialect}: nothing pending, no backup and nothing migrated; a new database is migrated without one`, async () => {
    const { db } = await databaseWithRequests(dialect);
    const refuse = () => Promise.reject(new Error('no backup should be taken'));
    expect(await migrateOnStart(db, { backup: refuse, ...quiet })).toEqual({ applied: [], backup: undefined });

    const scratch = await scratchDatabase(dialect);
    const fresh = scratch.open();
    try {
      expect(await migrateOnStart(fresh, { backup: refuse, ...quiet })).toEqual({ applied: knownMigrations, backup: undefined });
    } finally {
      await fresh.destroy();
      await scratch.drop();
    }
  });
}

test('sqlite: a pending migration is applied after a backup, into BACKUP_DIR or else a folder of DATA_DIR the daily backups leave out', async () => {
  const { db, dataDir } = await databaseWithRequests('sqlite');
  if (dataDir === undefined) throw new Error('a SQLite database has a DATA_DIR');
  const lines: string[] = [];
  const added: Migration = {
    up: async (tx) => {
      await sql`create table added_later (id text)`.execute(tx);
    },
  };

  const result = await migrateOnStart(db, {
    migrations: { ...migrations, '900-added-later': added },
    backup: sqliteBackupBeforeUpgrade({ dataDir, backupDir: undefined, passphrase: undefined }),
    logger: { warn: () => undefined },
    writeLine: (line) => lines.push(line),
  });

  expect(result.applied).toEqual(['900-added-later']);
  expect(result.backup?.startsWith(join(dataDir, upgradeBackupFolder))).toBe(true);
  expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
    { event: 'backup-before-migration', file: result.backup, pending: ['900-added-later'] },
    { event: 'migrated', applied: ['900-added-later'] },
  ]);
  expect(await hasTable(db, 'added_later')).toBe(true);
});

test('sqlite: a backup that cannot be taken refuses the start before any migration runs', async () => {
  const { db, dataDir } = await databaseWithRequests('sqlite');
  if (dataDir === undefined) throw new Error('a SQLite database has a DATA_DIR');
  const added: Migration = {
    up: async (tx) => {
      await sql`create table added_later (id text)`.execute(tx);
    },
  };
  const start = migrateOnStart(db, {
    migrations: { ...migrations, '900-added-later': added },
    // A file where the folder should be: nothing can be written there.
    backup: sqliteBackupBeforeUpgrade({ dataDir, backupDir: join(dataDir, 'quotes.sqlite'), passphrase: undefined }),
    ...quiet,
  });
  await expect(start).rejects.toThrow(/backup taken before them failed: .*Nothing was changed/);
  expect(await hasTable(db, 'added_later')).toBe(false);
});
