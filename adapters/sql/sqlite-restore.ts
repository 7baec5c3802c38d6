// Puts a backup back into a DATA_DIR: unpacked and checked beside it first (passphrase, checksums,
// PRAGMA integrity_check, schema version), and only then moved into place, the database last, by rename.
import { access, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readBackupFile } from './backup-file';
import { BackupUnreadable } from './backup-sealing';
import { countRows, databaseFileName, integrityOf, type RowCounts, syncDirectory } from './sqlite-backup';

/** A server, or another program, has the database open: restoring under it would lose what it writes. */
export class DatabaseInUse extends Error {
  override name = 'DatabaseInUse';
}

/** The backup was made by a newer version of the product, whose database this version cannot run. */
export class BackupTooNew extends Error {
  override name = 'BackupTooNew';
}

/** What a checked backup holds, beside what it is about to replace. */
export interface RestorePlan {
  backup: RowCounts;
  /** The database in DATA_DIR now; undefined when there is none, or none that can be read. */
  current: RowCounts | undefined;
  /** The migrations the backup's database has applied, the last one being its schema version. */
  schemaVersion: string;
  /** The other files of DATA_DIR it holds. */
  otherFiles: string[];
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  passphrase?: string | undefined;
  /** The migration names this version knows (adapters/sql/migrate.ts). */
  knownMigrations: readonly string[];
  /** Shown the checked backup before anything is replaced; answering false stops with nothing changed. */
  confirm: (plan: RestorePlan) => Promise<boolean>;
}

/**
 * Restores `file` into `dataDir`. Throws, with nothing replaced, when the database there is open
 * ({@link DatabaseInUse}), when the file is damaged, altered or its passphrase wrong (BackupUnreadable,
 * WrongPassphrase), or when it comes from a newer version ({@link BackupTooNew}).
 */
export async function restoreSqliteBackup(options: RestoreOptions): Promise<{ restored: boolean; plan: RestorePlan }> {
  const { file, dataDir } = options;
  // A DATA_DIR made here is removed again when nothing is restored into it.
  const created = await mkdir(dataDir, { recursive: true });
  let restored = false;
  const staging = await mkdtemp(join(dataDir, '.restore-'));
  try {
    // Held from here until the swap: no server can open the database meanwhile.
    const current = await lockCurrentDatabase(join(dataDir, databaseFileName));
    try {
      const otherFiles = (await readBackupFile(file, staging, options.passphrase)).filter((path) => path !== databaseFileName);
      const plan = { ...checkRestoredDatabase(join(staging, databaseFileName), options.knownMigrations), otherFiles, current: current && countRows(current) };
      if (!(await options.confirm(plan))) return { restored, plan };
      // Closing the last connection checkpoints the current database's WAL into it and removes the WAL.
      current?.close();
      await swapIn(staging, dataDir, otherFiles);
      restored = true;
      return { restored, plan };
    } finally {
      if (current?.isOpen) current.close();
    }
  } finally {
    await rm(restored || created === undefined ? staging : created, { recursive: true, force: true });
  }
}

/**
 * Opens the database in DATA_DIR, if any, with an exclusive lock. SQLite in WAL mode keeps a shared lock
 * on the file for as long as any connection has it open, so a running server (even an idle one) makes
 * this fail at once; the kernel drops a killed server's locks, so a crash never leaves a stale one.
 */
async function lockCurrentDatabase(databaseFile: string): Promise<DatabaseSync | undefined> {
  const exists = await access(databaseFile).then(
    () => true,
    () => false,
  );
  if (!exists) return undefined;
  const database = new DatabaseSync(databaseFile, { timeout: 0 });
  try {
    database.exec('pragma locking_mode = exclusive; begin exclusive; commit');
    countRows(database);
    return database;
  } catch (error) {
    database.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) {
      throw new DatabaseInUse(`${databaseFile} is in use: a server (or another program) has it open. Stop the server, then restore.`);
    }
    // Not a readable database (the very thing a restore may be for): no server can run on it either.
    return undefined;
  }
}

function checkRestoredDatabase(file: string, knownMigrations: readonly string[]): Omit<RestorePlan, 'current' | 'otherFiles'> {
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(file, { open: true, readOnly: true });
  } catch {
    throw new BackupUnreadable('The backup holds no database.');
  }
  try {
    let integrity: string;
    try {
      integrity = integrityOf(database);
    } catch (error) {
      throw new BackupUnreadable(`The database in the backup is not readable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (integrity !== 'ok') throw new BackupUnreadable(`The database in the backup failed its integrity check: ${integrity}`);
    const applied = appliedMigrations(database);
    const unknown = applied.filter((name) => !knownMigrations.includes(name));
    if (unknown.length > 0) {
      throw new BackupTooNew(`The backup was made by a newer version of the product (its database has ${unknown.join(', ')}): upgrade this one first.`);
    }
    return { backup: countRows(database), schemaVersion: applied.at(-1) ?? 'none' };
  } finally {
    database.close();
  }
}

function appliedMigrations(database: DatabaseSync): string[] {
  try {
    return database
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => String(row.name));
  } catch {
    throw new BackupUnreadable('The database in the backup is not one of this product: it has no record of its migrations.');
  }
}

/** Moves the checked files into DATA_DIR: the other files first, the database last, each by rename. */
async function swapIn(staging: string, dataDir: string, otherFiles: readonly string[]): Promise<void> {
  for (const path of otherFiles) {
    const target = join(dataDir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await rename(join(staging, ...path.split('/')), target);
  }
  // A WAL left beside the new file would be replayed into it; the server makes a fresh one.
  for (const suffix of ['-wal', '-shm', '-journal']) await rm(join(dataDir, databaseFileName + suffix), { force: true });
  await rename(join(staging, databaseFileName), join(dataDir, databaseFileName));
  await syncDirectory(dataDir);
}
