// An upgrade that cannot half-happen: before a start applies a new version's migrations, the database
// as it stands is backed up (SQLite), and a migration that fails stops the start with nothing changed.
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { appliedMigrations, knownMigrations, MigrationFailed, type Migrations, migrateToLatest } from './migrate';
import { takeSqliteBackup } from './sqlite-backup';

/** Where a backup before an upgrade goes when BACKUP_DIR is unset: inside DATA_DIR, a folder the daily backups leave out. */
export const upgradeBackupFolder = '.upgrade-backups';

export interface MigrateOnStartOptions {
  /**
   * Backs up the database as it stands and says where the backup is: SQLite's own backup. Undefined
   * where the product cannot back the database up itself (PostgreSQL: the operator runs pg_dump).
   */
  backup: (() => Promise<string>) | undefined;
  /** The migrations to apply: this version's unless told others. */
  migrations?: Migrations;
  logger: Pick<Console, 'warn'>;
  writeLine: (line: string) => void;
}

/** The start was refused: the database could not be backed up or migrated. Its message says what to do. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/**
 * Applies the pending migrations, after a backup when there are any and the database already holds
 * some (a new one has nothing to lose). Rejects with {@link StartRefused}, naming the migration and
 * the backup, when a migration fails: they run in one transaction, so nothing of them is kept.
 */
export async function migrateOnStart(db: Kysely<Database>, options: MigrateOnStartOptions): Promise<{ applied: string[]; backup: string | undefined }> {
  const applied = new Set(await appliedMigrations(db));
  const known = options.migrations === undefined ? knownMigrations : Object.keys(options.migrations);
  const toApply = [...known].sort().filter((name) => !applied.has(name));
  if (toApply.length === 0) return { applied: [], backup: undefined };
  let backup: string | undefined;
  if (applied.size > 0) {
    if (options.backup === undefined) {
      options.logger.warn(
        `Migrating the database (${toApply.join(', ')}). The server cannot back up PostgreSQL itself: take a pg_dump before every upgrade (docs/upgrade.md).`,
      );
    } else {
      try {
        backup = await options.backup();
      } catch (error) {
        throw new StartRefused(
          `The server did not start: the database has migrations to apply (${toApply.join(', ')}), and the backup taken before them failed: ${messageOf(error)}. Nothing was changed. Make room or fix BACKUP_DIR, then start again.`,
          { cause: error },
        );
      }
      options.writeLine(JSON.stringify({ event: 'backup-before-migration', file: backup, pending: toApply }));
    }
  }
  try {
    await migrateToLatest(db, options.migrations);
  } catch (error) {
    const failed = error instanceof MigrationFailed ? error.migration : undefined;
    const cause: unknown = error instanceof MigrationFailed ? error.cause : error;
    const kept = backup === undefined ? '' : ` A backup taken just before is at ${backup}.`;
    throw new StartRefused(
      `The server did not start: database migration ${failed ?? '(before any ran)'} failed: ${messageOf(cause)}. Nothing was changed: this start's migrations run in one transaction, and the database is as it was.${kept} Go back to the previous version (docs/upgrade.md), or fix the cause and start again.`,
      { cause: error },
    );
  }
  options.writeLine(JSON.stringify({ event: 'migrated', applied: toApply }));
  return { applied: toApply, backup };
}

/** A backup of DATA_DIR before an upgrade: into BACKUP_DIR, else a folder of its own in DATA_DIR, sealed as the daily ones are. */
export function sqliteBackupBeforeUpgrade(config: { dataDir: string; backupDir: string | undefined; passphrase: string | undefined }): () => Promise<string> {
  return async () =>
    (await takeSqliteBackup({ dataDir: config.dataDir, backupDir: config.backupDir ?? join(config.dataDir, upgradeBackupFolder), passphrase: config.passphrase })).file;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
