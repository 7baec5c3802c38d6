import { type Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, type Migration, Migrator } from 'kysely/migration';
import { allowingSchemaRewrites, type Database, sqlDialectOf } from './database';
import { createQuoteRequests } from './migrations/001-create-quote-requests';
import { createStaff } from './migrations/002-create-staff';
import { createNotifications } from './migrations/003-create-notifications';
import { addInbox } from './migrations/004-add-inbox';
import { addPostcode } from './migrations/005-add-postcode';
import { addAlerts } from './migrations/006-add-alerts';
import { addWriteProbes } from './migrations/007-add-write-probes';
import { addPhotos } from './migrations/008-add-photos';
import { addCustomerConfirmations } from './migrations/009-add-customer-confirmations';
import { addSpamAndCustomerLinks } from './migrations/010-add-spam-and-customer-links';
import { addCallAttempts } from './migrations/011-add-call-attempts';
import { addLeadSource } from './migrations/012-add-lead-source';
import { addJobOutcomes } from './migrations/013-add-job-outcomes';
import { addReportFigures } from './migrations/014-add-report-figures';
import { addDoneAndReviewEmails } from './migrations/015-add-done-and-review-emails';
import { addActivityLog } from './migrations/016-add-activity-log';
import { addServiceReminders } from './migrations/017-add-service-reminders';
import { addQuoteEmails } from './migrations/018-add-quote-emails';
import { addQuoteFigures } from './migrations/019-add-quote-figures';

/** Migrations by name, applied in name order. */
export type Migrations = Readonly<Record<string, Migration>>;

/** This version's migrations. Listed, not read from a folder, so that they travel inside a bundle. */
export const migrations: Migrations = {
  '001-create-quote-requests': createQuoteRequests,
  '002-create-staff': createStaff,
  '003-create-notifications': createNotifications,
  '004-add-inbox': addInbox,
  '005-add-postcode': addPostcode,
  '006-add-alerts': addAlerts,
  '007-add-write-probes': addWriteProbes,
  '008-add-photos': addPhotos,
  '009-add-customer-confirmations': addCustomerConfirmations,
  '010-add-spam-and-customer-links': addSpamAndCustomerLinks,
  '011-add-call-attempts': addCallAttempts,
  '012-add-lead-source': addLeadSource,
  '013-add-job-outcomes': addJobOutcomes,
  '014-add-report-figures': addReportFigures,
  '015-add-done-and-review-emails': addDoneAndReviewEmails,
  '016-add-activity-log': addActivityLog,
  '017-add-service-reminders': addServiceReminders,
  '018-add-quote-emails': addQuoteEmails,
  '019-add-quote-figures': addQuoteFigures,
};

/** The migrations this version knows, by name: a database that has applied any other is from a newer version. */
export const knownMigrations: readonly string[] = Object.keys(migrations);

/**
 * Applies every migration of `list` (this version's, unless told others) not yet applied; run at each
 * start. All or nothing: the pending migrations run in one transaction, so one that fails leaves the
 * database as it was. Safe when several processes start at once: PostgreSQL takes Kysely's advisory
 * lock inside its transaction, SQLite an immediate (write-locked) transaction.
 */
export async function migrateToLatest(db: Kysely<Database>, list: Migrations = migrations): Promise<void> {
  if (sqlDialectOf(db) === 'postgres') {
    await migrate(db, list, await requireCurrentSchema(db));
    return;
  }
  // Kysely assumes one SQLite connection in one process and takes no lock; two server processes on
  // one file would both try to create the tables. Holding the write lock makes the second wait, and
  // makes the whole migration all-or-nothing.
  await allowingSchemaRewrites(db, () => db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await migrate(connection, list, undefined);
      await sql`commit`.execute(connection);
    } catch (error) {
      // A failure such as a full disk has SQLite roll back by itself, and its ROLLBACK then fails too:
      // the first failure is the one to report.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  }));
}

async function migrate(db: Kysely<Database>, list: Migrations, migrationTableSchema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(list) },
    ...(migrationTableSchema !== undefined && { migrationTableSchema }),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error === undefined) return;
    // Before taking its lock, Kysely looks for its own tables by reading the columns of every table in
    // every schema, and a schema or table dropped elsewhere meanwhile (another tenant's, another test's)
    // fails that query as missing. Nothing has run yet, so looking again is safe.
    if (results.length === 0 && attempt < 5 && isDroppedMeanwhile(error)) continue;
    const failed = results.find(({ status }) => status === 'Error')?.migrationName;
    throw new MigrationFailed(failed, error);
  }
}

/** A migration failed: nothing of this start's migrations was kept. Names the one that failed, if one had begun. */
export class MigrationFailed extends Error {
  override name = 'MigrationFailed';
  readonly migration: string | undefined;

  constructor(migration: string | undefined, cause: unknown) {
    super(`Database migration failed (${migration ?? 'before any migration ran'}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.migration = migration;
  }
}

/**
 * The migrations the database has applied, by name; none when it has no migration table yet (a new
 * database). Read without Kysely's introspection, which reads every table of every schema.
 */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const present =
    sqlDialectOf(db) === 'postgres'
      ? sql<{ present: boolean }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`
      : sql<{ present: number }>`select count(*) as present from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`;
  const { rows } = await present.execute(db);
  if (!rows[0]?.present) return [];
  const applied = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
  return applied.rows.map(({ name }) => name);
}

/** The migrations of `known` (this version's, unless told others) the database has not applied yet, in order. */
export async function pendingMigrations(db: Kysely<Database>, known: readonly string[] = knownMigrations): Promise<string[]> {
  const applied = new Set(await appliedMigrations(db));
  return [...known].sort().filter((name) => !applied.has(name));
}

/** PostgreSQL's invalid_schema_name, undefined_table and undefined_column. */
const droppedMeanwhileCodes: readonly unknown[] = ['3F000', '42P01', '42703'];

function isDroppedMeanwhile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && droppedMeanwhileCodes.includes(error.code);
}

// Kysely finds its migration table in any schema, so with one schema per test (or per tenant) it must be
// told which one is ours: the first on the search_path.
async function requireCurrentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema == null) throw new Error('No schema on the PostgreSQL search_path exists; create it before migrating');
  return schema;
}
