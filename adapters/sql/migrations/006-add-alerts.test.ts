import { fieldsBefore012, sourceBefore012 } from './fields-before-012.test-support';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, test } from 'vitest';
import { alertSteps } from '../../../domain/alerts/alert-plan';
import { weekdays } from '../../../domain/alerts/on-call';
import { searchTextOf } from '../../../domain/inbox/inbox-query';
import { type NewQuote, type QuoteRequest } from '../../../domain/quote/quote';
import { dueAt } from '../../../domain/inbox/response-clock';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import { alertChannels, type Database, sqlDialectOf } from '../database';
import { migrateToLatest } from '../migrate';
import { recorded } from '../../contracts/recorded-step.test-support';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlAlertLedger } from '../sql-alert-ledger';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { SqlQuoteRepository } from '../sql-quote-repository';
import { SqlStaffStore } from '../sql-staff-store';
import { createQuoteRequests } from './001-create-quote-requests';
import { createStaff } from './002-create-staff';
import { createNotifications } from './003-create-notifications';
import { addInbox } from './004-add-inbox';
import { addPostcode } from './005-add-postcode';
import { alertChannelsAt006, alertStepsAt006, weekdaysAt006 } from './006-add-alerts';
import { migrationsBefore, withTablesBefore016 } from './tables-before-016.test-support';

test("006's CHECKs list today's alert steps, weekdays and channels; when the domain's change, a new migration alters them", () => {
  expect(alertStepsAt006).toEqual(alertSteps);
  expect(weekdaysAt006).toEqual(weekdays);
  expect(alertChannelsAt006).toEqual(alertChannels);
});

/** A database as the release before alerts left it: migrated up to 005. */
async function migrateTo005(db: Kysely<Database>): Promise<void> {
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
        }),
    },
    ...(schema !== undefined && { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw new Error('Migrating to 005 failed', { cause: error });
}

const sam = 'sam.jones@example.co.uk';


/** A request stored as the release with 005 stored one, with its email to the business. */
async function insertAt005(db: Kysely<Database>, quote: NewQuote, createdAt: Date): Promise<QuoteRequest> {
  const id = crypto.randomUUID();
  const at = createdAt.toISOString();
  await db
    .insertInto('quote_requests')
    .values({
      id,
      created_at: at,
      ...fieldsBefore012(quote),
      status: 'new',
      responded_at: null,
      due_at: dueAt({ createdAt, urgent: quote.urgent }).toISOString(),
      search_text: searchTextOf(quote),
    })
    .execute();
  await db.insertInto('notifications').values({ id: crypto.randomUUID(), quote_id: id, kind: 'business', created_at: at, next_attempt_at: at }).execute();
  return { id, createdAt, ...quote, ...sourceBefore012 };
}

for (const dialect of sqlDialects) {
  test(`${dialect}: 006 keeps every request, account, session and email, with nobody recorded as taking a request`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateTo005(db);
      // Written as the release before wrote them: the columns 005 has, and an email to the business.
      const clock = manualClock();
      const waiting = await insertAt005(db, sampleQuote({ name: 'Waiting', email: null, urgent: true }), clock.now());
      clock.time += 60_000;
      const contacted = await insertAt005(db, sampleQuote({ name: 'Contacted', email: null }), clock.now());
      await db.updateTable('quote_requests').set({ status: 'contacted', responded_at: clock.now().toISOString() }).where('id', '=', contacted.id).execute();
      const old = withTablesBefore016(db);
      await old
        .insertInto('quote_status_changes')
        .values({ quote_id: contacted.id, from_status: 'new', to_status: 'contacted', changed_by: sam, changed_at: clock.now().toISOString() })
        .execute();
      const staff = new SqlStaffStore(db);
      await staff.saveAccount(sam, 'hash', clock.now());
      await staff.createSession('token-hash', sam, clock.now(), new Date(clock.time + 60 * 60_000));
      const before = {
        requests: await db.selectFrom('quote_requests').select(['id', 'created_at', 'status', 'responded_at', 'due_at', 'search_text']).orderBy('id').execute(),
        changes: await old.selectFrom('quote_status_changes').select(['id', 'quote_id', 'from_status', 'to_status', 'changed_by', 'changed_at']).execute(),
        notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
        sessions: await db.selectFrom('staff_sessions').selectAll().execute(),
      };

      // Up to the release before 016, which moved the changes into the log (its own test checks that).
      await migrateToLatest(db, migrationsBefore('016'));

      expect({
        requests: await db.selectFrom('quote_requests').select(['id', 'created_at', 'status', 'responded_at', 'due_at', 'search_text']).orderBy('id').execute(),
        changes: await old.selectFrom('quote_status_changes').select(['id', 'quote_id', 'from_status', 'to_status', 'changed_by', 'changed_at']).execute(),
        notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
        sessions: await db.selectFrom('staff_sessions').selectAll().execute(),
      }).toEqual(before);
      expect(await db.selectFrom('quote_requests').select(['taken_by', 'taken_at']).execute()).toEqual([
        { taken_by: null, taken_at: null },
        { taken_by: null, taken_at: null },
      ]);

      // The waiting one alerts and can be taken; the one contacted before alerts existed does neither.
      await migrateToLatest(db);
      const ledger = new SqlAlertLedger(db);
      expect((await ledger.awaitingSomeone(waiting.createdAt)).map(({ quote }) => quote)).toEqual([waiting]);
      const inbox = new SqlQuoteInbox(db);
      expect(await inbox.record({ id: contacted.id, step: { kind: 'taken' }, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'contacted' } });
      const { quote } = await recorded(inbox, { id: waiting.id, step: { kind: 'taken' }, by: sam, at: clock.now() });
      expect(quote).toMatchObject({ taken: { by: sam, at: clock.now() }, alerts: [] });
      for (const table of ['alert_records', 'push_devices', 'alert_deliveries', 'on_call_shifts', 'server_secrets'] as const) {
        expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
      }
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: 006's constraints refuse what no store of ours writes`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      const request = await new SqlQuoteRepository(db).insert(sampleQuote());
      const at = new Date().toISOString();
      const record = { quote_id: request.id, step: 'new', at, recipients: '[]', everyone: true };
      await expect(db.insertInto('alert_records').values({ ...record, step: 'later' }).execute()).rejects.toThrow('alert_records_step');
      await expect(db.insertInto('alert_records').values({ ...record, recipients: '{"a":1}' }).execute()).rejects.toThrow('alert_records_recipients');
      await expect(db.insertInto('alert_records').values({ ...record, quote_id: 'missing' }).execute()).rejects.toThrow(/foreign key/i);
      await db.insertInto('alert_records').values(record).execute();
      await expect(db.insertInto('alert_records').values(record).execute()).rejects.toThrow(/unique|primary key/i);

      const delivery = { id: 'd1', quote_id: request.id, step: 'new', channel: 'webhook', device_id: null, created_at: at, next_attempt_at: at };
      await expect(db.insertInto('alert_deliveries').values({ ...delivery, channel: 'email' }).execute()).rejects.toThrow('alert_deliveries_channel');
      await expect(db.insertInto('alert_deliveries').values({ ...delivery, channel: 'push' }).execute()).rejects.toThrow('alert_deliveries_device_for_push');
      await db.insertInto('alert_deliveries').values(delivery).execute();
      // One webhook delivery per step, though its device id is NULL.
      await expect(db.insertInto('alert_deliveries').values({ ...delivery, id: 'd2' }).execute()).rejects.toThrow(/unique/i);
      await db.insertInto('alert_deliveries').values({ ...delivery, id: 'd3', step: 'escalated' }).execute();
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
