// Test-only: a migrated scratch database with the SQL repository and inbox over it.
import type { Kysely } from 'kysely';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { RetainingStoreUnderTest } from '../contracts/store-under-test.test-support';
import type { Database, SqlDialectName } from './database';
import { migrateToLatest } from './migrate';
import { scratchDatabase } from './scratch-database.test-support';
import { SqlCustomerLinks } from './sql-customer-links';
import { SqlEmailOptOuts } from './sql-email-opt-outs';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';

/** The store the contract suites drive, and the database under it for the tests that look inside. */
export interface SqlStoreUnderTest extends RetainingStoreUnderTest {
  repository: SqlQuoteRepository;
  retention: SqlQuoteRepository;
  inbox: SqlQuoteInbox;
  links: SqlCustomerLinks;
  reviewOptOuts: SqlEmailOptOuts;
  db: Kysely<Database>;
  cleanup: () => Promise<void>;
}

/** How the store's parts are made: the clock, whether they queue emails, and the form's tokens. */
interface SqlStoreOptions {
  now?: () => Date;
  notify?: boolean;
  formTokens?: FormTokens;
}

/** A fresh, migrated SQLite file or PostgreSQL schema; `cleanup` closes and drops it. */
export async function makeSqlStore(
  dialect: SqlDialectName,
  { now = () => new Date(), notify = false, formTokens }: SqlStoreOptions = {},
): Promise<SqlStoreUnderTest> {
  const scratch = await scratchDatabase(dialect);
  const db = scratch.open();
  const cleanup = async () => {
    await db.destroy();
    await scratch.drop();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const repository = new SqlQuoteRepository(db, { now, notify, ...(formTokens !== undefined && { formTokens }) });
  return { repository, retention: repository, inbox: new SqlQuoteInbox(db, { notify }), links: new SqlCustomerLinks(db), reviewOptOuts: new SqlEmailOptOuts(db, 'review_opt_outs'), db, cleanup };
}

/** Runs `use` on a fresh store, and drops it however `use` ends. */
export async function withSqlStore(
  dialect: SqlDialectName,
  options: SqlStoreOptions,
  use: (store: SqlStoreUnderTest) => Promise<void>,
): Promise<void> {
  const store = await makeSqlStore(dialect, options);
  try {
    await use(store);
  } finally {
    await store.cleanup();
  }
}
