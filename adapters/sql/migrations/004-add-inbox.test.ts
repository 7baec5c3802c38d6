import { type Insertable, type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { defaultInboxQuery, searchTextOf } from '../../../domain/inbox/inbox-query';
import { dueAt } from '../../../domain/inbox/response-clock';
import { serviceTypes } from '../../../domain/quote/service-type';
import { type Database, type NotificationsTable, sqlDialectOf } from '../database';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { createQuoteRequests } from './001-create-quote-requests';
import { createStaff } from './002-create-staff';
import { createNotifications } from './003-create-notifications';

/** A database as the release before the inbox left it: migrated up to 003. */
async function migrateTo003(db: Kysely<Database>): Promise<void> {
  const schema = sqlDialectOf(db) === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: () =>
        Promise.resolve({ '001-create-quote-requests': createQuoteRequests, '002-create-staff': createStaff, '003-create-notifications': createNotifications }),
    },
    ...(schema !== undefined && { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw new Error('Migrating to 003 failed', { cause: error });
}

/** A row as 001 wrote it: none of the inbox's columns. */
interface OldRow {
  id: string;
  created_at: string;
  name: string;
  email: string | null;
  phone: string;
  service_type: string;
  description: string | null;
  urgent: boolean;
}

// More than one batch of the backfill (1000), with every kind of field.
const oldRows: OldRow[] = Array.from({ length: 2345 }, (_, index) => ({
  id: `old-${String(index).padStart(5, '0')}`,
  created_at: new Date(Date.parse('2023-01-01T00:00:00Z') + index * 37 * 60_000).toISOString(),
  name: index % 3 === 0 ? `Zoë ÅNGSTRÖM ${index}` : `Tom Okafor ${index}`,
  email: index % 2 === 0 ? `Person.${index}@Example.CO.UK` : null,
  phone: index % 4 === 0 ? `(020) 7946 ${String(index % 10_000).padStart(4, '0')}` : `07700 900${String(index % 1000).padStart(3, '0')}`,
  service_type: serviceTypes[index % serviceTypes.length] ?? 'other',
  description: index % 5 === 0 ? null : `Boiler F28, "no hot water" – 100% blocked_drain #${index}`,
  urgent: index % 7 === 0,
}));

for (const dialect of sqlDialects) {
  test(`${dialect}: 004 gives every stored request status new, its due time and search text, and loses nothing`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateTo003(db);
      for (let start = 0; start < oldRows.length; start += 500) {
        await sql`insert into quote_requests (id, created_at, name, email, phone, service_type, description, urgent) values ${sql.join(
          oldRows
            .slice(start, start + 500)
            .map((row) => sql`(${row.id}, ${row.created_at}, ${row.name}, ${row.email}, ${row.phone}, ${row.service_type}, ${row.description}, ${row.urgent})`),
        )}`.execute(db);
      }
      const notification: Insertable<NotificationsTable> = { id: 'n1', quote_id: 'old-00001', kind: 'business', created_at: '2023-01-01T00:37:00.000Z', next_attempt_at: '2023-01-01T00:37:00.000Z' };
      await db.insertInto('notifications').values(notification).execute();

      await migrateToLatest(db);

      const stored = await db
        .selectFrom('quote_requests')
        .select(['id', 'created_at', 'urgent', 'status', 'responded_at', 'due_at', 'search_text'])
        .orderBy('id')
        .execute();
      expect(stored).toHaveLength(oldRows.length);
      const mismatches = oldRows.filter((row, index) => {
        const after = stored[index];
        const createdAt = new Date(row.created_at);
        return !(
          after?.id === row.id &&
          new Date(after.created_at).getTime() === createdAt.getTime() &&
          after.status === 'new' &&
          after.responded_at === null &&
          new Date(after.due_at).getTime() === dueAt({ createdAt, urgent: row.urgent }).getTime() &&
          after.search_text === searchTextOf({ ...row, postcode: null })
        );
      });
      expect(mismatches).toEqual([]);
      expect(await db.selectFrom('notifications').select(['id', 'quote_id']).execute()).toEqual([{ id: 'n1', quote_id: 'old-00001' }]);

      // And the inbox reads them: every one waiting, searchable by its phone's digits.
      const inbox = new SqlQuoteInbox(db);
      const now = new Date('2024-06-01T00:00:00Z');
      expect((await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 1, now })).total).toBe(oldRows.length);
      const found = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all', search: '02079460008' }, after: null, limit: 5, now });
      expect(found.quotes.map(({ id }) => id)).toEqual(['old-00008']);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
