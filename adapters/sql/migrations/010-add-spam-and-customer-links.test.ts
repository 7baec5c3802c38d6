import { fieldsBefore012 } from './fields-before-012.test-support';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { defaultInboxQuery, searchTextOf, spamView } from '../../../domain/inbox/inbox-query';
import { dueAt } from '../../../domain/inbox/response-clock';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { type Database, sqlDialectOf } from '../database';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { createQuoteRequests } from './001-create-quote-requests';
import { createStaff } from './002-create-staff';
import { createNotifications } from './003-create-notifications';
import { addInbox } from './004-add-inbox';
import { addPostcode } from './005-add-postcode';
import { addAlerts } from './006-add-alerts';
import { addWriteProbes } from './007-add-write-probes';
import { addPhotos } from './008-add-photos';
import { addCustomerConfirmations } from './009-add-customer-confirmations';

/** A database as the release before the Spam folder left it: migrated up to 009. */
async function migrateTo009(db: Kysely<Database>): Promise<void> {
  const schema = sqlDialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: () =>
        Promise.resolve({
          '001-create-quote-requests': createQuoteRequests,
          '002-create-staff': createStaff,
          '003-create-notifications': createNotifications,
          '004-add-inbox': addInbox,
          '005-add-postcode': addPostcode,
          '006-add-alerts': addAlerts,
          '007-add-write-probes': addWriteProbes,
          '008-add-photos': addPhotos,
          '009-add-customer-confirmations': addCustomerConfirmations,
        }),
    },
    ...(schema !== undefined && { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw new Error('Migrating to 009 failed', { cause: error });
}

for (const dialect of sqlDialects) {
  test(`${dialect}: 010 keeps every request where it was: none in the Spam folder, none with a link`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateTo009(db);
      const createdAt = new Date('2024-05-01T09:00:00.000Z');
      const quote = sampleQuote({ urgent: true });
      await db
        .insertInto('quote_requests')
        .values({
          id: 'before-010',
          created_at: createdAt.toISOString(),
          ...fieldsBefore012(quote),
          status: 'new',
          responded_at: null,
          due_at: dueAt({ createdAt, urgent: true }).toISOString(),
          search_text: searchTextOf(quote),
        })
        .execute();

      await migrateToLatest(db);

      const row = await db.selectFrom('quote_requests').select(['in_spam', 'spam_score', 'spam_text_key', 'customer_token_hash']).executeTakeFirstOrThrow();
      expect({ ...row, in_spam: Boolean(row.in_spam) }).toEqual({ in_spam: false, spam_score: null, spam_text_key: null, customer_token_hash: null });
      const inbox = new SqlQuoteInbox(db);
      const now = new Date('2024-05-01T10:00:00.000Z');
      const waiting = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 10, now });
      expect(waiting.quotes.map(({ id, spam }) => ({ id, spam }))).toEqual([{ id: 'before-010', spam: null }]);
      expect((await inbox.findPage({ query: { ...defaultInboxQuery, view: spamView }, after: null, limit: 10, now })).total).toBe(0);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
