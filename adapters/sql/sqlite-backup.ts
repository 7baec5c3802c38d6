// A backup of a server's DATA_DIR while the server runs: the SQLite database through SQLite's online
// backup (a consistent snapshot, however busy the writers), and every other file the product keeps there.
import { mkdir, mkdtemp, open, readdir, realpath, rename, rm, stat, unlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { type ArchiveEntry, writeBackupFile } from './backup-file';

/** The server's database inside DATA_DIR (src/server/server-main.ts opens it there). */
export const databaseFileName = 'quotes.sqlite';

const backupNamePattern = /^quotes-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar(\.age)?$/;

/** A backup's file name: the UTC time it was taken, e.g. quotes-2026-11-23T23-30-00Z.tar, and .age when sealed. */
export function backupFileName(at: Date, sealed: boolean): string {
  return `quotes-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar${sealed ? '.age' : ''}`;
}

/** The backups in `backupDir` (only files named as {@link backupFileName} names them), newest first. */
export async function listBackups(backupDir: string): Promise<{ file: string; takenAt: Date }[]> {
  const names = await readdir(backupDir).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .flatMap((name) => {
      const [, year, month, day, hours, minutes, seconds] = backupNamePattern.exec(name) ?? [];
      if (seconds === undefined) return [];
      return [{ file: join(backupDir, name), takenAt: new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`) }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes all but the newest `keep` backups in `backupDir`; other files there are left alone. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(backupDir)).slice(keep).map(({ file }) => file);
  for (const file of old) await unlink(file);
  return old;
}

/** How many rows of each kind a database holds, to compare a backup with the database it would replace. */
export type RowCounts = Record<(typeof countedTables)[number], number>;

const countedTables = ['quote_requests', 'quote_notes', 'quote_status_changes', 'notifications', 'staff_accounts', 'push_devices'] as const;

export function countRows(database: DatabaseSync): RowCounts {
  const present = new Set(
    database.prepare(`select name from sqlite_master where type = 'table'`).all().map((row) => String(row.name)),
  );
  const counts = {} as RowCounts;
  for (const table of countedTables) {
    counts[table] = present.has(table) ? Number(database.prepare(`select count(*) as n from ${table}`).get()?.n) : 0;
  }
  return counts;
}

/** What `PRAGMA integrity_check` found: 'ok', or its first complaints. */
export function integrityOf(database: DatabaseSync): string {
  return database
    .prepare('pragma integrity_check(10)')
    .all()
    .map((row) => String(Object.values(row)[0]))
    .join('; ');
}

export interface SqliteBackupOptions {
  dataDir: string;
  backupDir: string;
  /** Seals the backup with this passphrase (BACKUP_PASSPHRASE). */
  passphrase?: string | undefined;
  now?: () => Date;
}

export interface SqliteBackup {
  file: string;
  counts: RowCounts;
  /** The other files of DATA_DIR it holds. */
  otherFiles: number;
}

/**
 * Takes a backup of `dataDir` into a new file in `backupDir`, while a server may be writing. The file
 * appears under its final name only once complete and on disk.
 */
export async function takeSqliteBackup({ dataDir, backupDir, passphrase, now = () => new Date() }: SqliteBackupOptions): Promise<SqliteBackup> {
  const databaseFile = join(dataDir, databaseFileName);
  await stat(databaseFile).catch(() => {
    throw new Error(`There is no database to back up at ${databaseFile} (DATA_DIR is ${dataDir})`);
  });
  await mkdir(backupDir, { recursive: true });
  const file = join(backupDir, backupFileName(now(), passphrase !== undefined));
  const staging = await mkdtemp(join(backupDir, '.quotes-backup-'));
  try {
    const copy = join(staging, databaseFileName);
    const counts = await snapshotDatabase(databaseFile, copy);
    const others = await otherFilesOf(dataDir, backupDir);
    const partial = join(staging, 'backup.partial');
    await writeBackupFile(partial, [{ path: databaseFileName, from: copy }, ...others], passphrase);
    await rename(partial, file);
    await syncDirectory(backupDir);
    return { file, counts, otherFiles: others.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

// Pages a step may copy: all of them at once. SQLite restarts an online backup whenever another
// connection writes between two steps, so under steady writes small steps might never finish; one step
// reads a single snapshot, and in WAL mode the server's writers carry on meanwhile.
const allPages = 2 ** 31 - 1;

async function snapshotDatabase(databaseFile: string, copy: string): Promise<RowCounts> {
  const source = new DatabaseSync(databaseFile, { timeout: 5000 });
  try {
    await backup(source, copy, { rate: allPages });
  } finally {
    source.close();
  }
  const copied = new DatabaseSync(copy);
  try {
    // A self-contained file: no WAL beside it, whatever mode the server keeps.
    copied.exec('pragma journal_mode = delete');
    const integrity = integrityOf(copied);
    if (integrity !== 'ok') throw new Error(`The copy of the database failed its integrity check: ${integrity}`);
    return countRows(copied);
  } finally {
    copied.close();
  }
}

/** Whether a file in DATA_DIR is the database's own (itself, its WAL, shared memory, journal) or temporary. */
function isSkipped(name: string): boolean {
  return name === databaseFileName || name.startsWith(`${databaseFileName}-`) || name.startsWith('.') || name.endsWith('.tmp');
}

/** Every other regular file under `dataDir`, except the backups themselves when they are kept there. */
async function otherFilesOf(dataDir: string, backupDir: string): Promise<ArchiveEntry[]> {
  const root = await realpath(dataDir);
  const backups = await realpath(backupDir);
  const found: ArchiveEntry[] = [];
  const walk = async (directory: string) => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      if (isSkipped(entry.name)) continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (path !== backups) await walk(path);
      } else if (entry.isFile()) found.push({ path: relative(root, path).split(sep).join('/'), from: path });
    }
  };
  await walk(root);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** Makes a rename in `directory` durable. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
