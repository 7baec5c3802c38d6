import { type Insertable, type Kysely, sql } from 'kysely';
import { expect, test } from 'vitest';
import { customerAuthor, systemAuthor } from '../../../domain/activity/actor';
import { allView, defaultInboxQuery, searchTextOf, spamView } from '../../../domain/inbox/inbox-query';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import { dueAt } from '../../../domain/inbox/response-clock';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { readAll } from '../../contracts/store-under-test.test-support';
import type { Database, QuoteRequestsTable, SqlDialectName } from '../database';
import { appliedMigrations, migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { type LifeRead, lifeBefore016, lifeRead, migrationsBefore, withTablesBefore016 } from './tables-before-016.test-support';

const minute = 60_000;
const start = Date.parse('2026-05-01T09:00:00.000Z');
/** `minutes` after the first request arrived, as stored. */
const t = (minutes: number) => new Date(start + minutes * minute).toISOString();
const [sam, alex, jo, priya] = ['sam.porter@se1plumbing.example', 'alex.kim@se1plumbing.example', 'jo.mensah@se1plumbing.example', 'priya@se1plumbing.example'];
const oldTables = ['quote_status_changes', 'quote_notes', 'quote_call_attempts'];
/** Who the release before 016 wrote a customer's steps as (domain/activity/activity.ts's customerAuthor now). */
const customer = 'customer';
const spamMark = { spam_score: 12, spam_reasons: '[{"signal":"honeypot","weight":10},{"signal":"no-form-token","weight":2}]', spam_sent_at: t(-600) };

/** A request's row as the release before 016 stored it; `urgent` and who took it, its spam mark and review stamps as given. */
async function request(db: Kysely<Database>, id: string, status: QuoteStatus, columns: Partial<Insertable<QuoteRequestsTable>> = {}) {
  const quote = sampleQuote({ name: `Customer ${id}` });
  await db
    .insertInto('quote_requests')
    .values({
      id,
      created_at: t(0),
      ...toNamedFields(quote),
      status,
      responded_at: status === 'new' ? null : t(10),
      due_at: dueAt({ createdAt: new Date(start), urgent: quote.urgent }).toISOString(),
      search_text: searchTextOf(quote),
      ...columns,
    })
    .execute();
}

/**
 * Every kind of step the three tables and the stamps held, on several requests, written out of time
 * order, and with steps at the same moment (of one kind and of several) to check how ties are kept.
 */
async function seedBefore016(db: Kysely<Database>): Promise<void> {
  const old = withTablesBefore016(db);
  const move = (quote_id: string, from: QuoteStatus, to: QuoteStatus, by: string, at: string, outcome: { won_pence?: number; lost_reason?: string } = {}) => ({
    quote_id, from_status: from, to_status: to, changed_by: by, changed_at: at, ...outcome,
  });
  const note = (quote_id: string, id: string, text: string, by: string, at: string) => ({ id, quote_id, text, written_by: by, written_at: at });
  const call = (quote_id: string, by: string, at: string) => ({ quote_id, attempted_by: by, attempted_at: at });

  // Won, lost, and won again; two moves in one moment; notes by two staff and the customer; calls nobody answered, two at once.
  await request(db, 'a-won-again', 'won', { taken_by: sam, taken_at: t(10), won_pence: 125_050 });
  // Cleared from the Spam folder (it arrived then), rung, then contacted.
  await request(db, 'b-cleared', 'contacted', { ...spamMark, created_at: t(30), in_spam: false, spam_cleared_by: jo, spam_cleared_at: t(30), responded_at: t(40), taken_by: jo, taken_at: t(40) });
  // Done, its customer asked for a review, reminded, and the link followed; a note as it was done.
  await request(db, 'c-done', 'done', { taken_by: sam, taken_at: t(20), responded_at: t(20), won_pence: 72_000, review_asked_at: t(2000 + 2880), review_reminded_at: t(2000 + 2880 + 10_080), review_opened_at: t(2000 + 2880 + 10_100) });
  // Closed by the customer, with their note at the same moment; then they followed the review link without being asked.
  await request(db, 'd-closed', 'lost', { responded_at: t(15), review_opened_at: t(100) });
  // Contacted before alerts existed: nobody took it.
  await request(db, 'e-untaken', 'contacted', { responded_at: t(5) });
  // Still in the Spam folder; still waiting, taken, rung twice, once as it was taken; never touched.
  await request(db, 'f-spam', 'new', { ...spamMark, in_spam: true });
  await request(db, 'g-waiting', 'new', { taken_by: priya, taken_at: t(12) });
  await request(db, 'h-untouched', 'new');

  await old
    .insertInto('quote_status_changes')
    .values([
      move('a-won-again', 'contacted', 'won', alex, t(60), { won_pence: 40_000 }),
      move('c-done', 'won', 'done', sam, t(2000)),
      move('a-won-again', 'new', 'contacted', sam, t(10)),
      move('b-cleared', 'new', 'contacted', jo, t(40)),
      move('a-won-again', 'won', 'lost', alex, t(120), { lost_reason: 'price' }),
      move('d-closed', 'new', 'lost', customer, t(15)),
      move('a-won-again', 'lost', 'contacted', sam, t(180)),
      move('a-won-again', 'contacted', 'won', sam, t(180), { won_pence: 125_050 }),
      move('c-done', 'new', 'contacted', sam, t(20)),
      move('c-done', 'contacted', 'won', sam, t(30), { won_pence: 72_000 }),
      move('e-untaken', 'new', 'contacted', alex, t(5)),
    ])
    .execute();
  await old
    .insertInto('quote_notes')
    .values([
      note('a-won-again', 'note-a3', 'Booked for Tuesday 🚪', sam, t(60)),
      note('a-won-again', 'note-a1', 'Rang, no answer.', sam, t(5)),
      note('a-won-again', 'note-a4', 'Can you come before 10?\nThe side gate is "open".', customer, t(90)),
      note('a-won-again', 'note-a2', "Quoted £180 for the valve; she'll think -- <b>not bold</b> 100%_", alex, t(60)),
      note('c-done', 'note-c1', 'Fitted and tested.', sam, t(2000)),
      note('d-closed', 'note-d1', 'No longer needed', customer, t(15)),
      note('g-waiting', 'note-g1', 'Voicemail left.', priya, t(12)),
    ])
    .execute();
  await old
    .insertInto('quote_call_attempts')
    .values([call('a-won-again', sam, t(7)), call('a-won-again', sam, t(5)), call('a-won-again', jo, t(5)), call('b-cleared', jo, t(35)), call('g-waiting', priya, t(3)), call('g-waiting', priya, t(12))])
    .execute();
}

const ids = ['a-won-again', 'b-cleared', 'c-done', 'd-closed', 'e-untaken', 'f-spam', 'g-waiting', 'h-untouched'];

/** The tables (and SQLite's indexes and triggers) of the database, by name. */
async function schemaNames(db: Kysely<Database>, dialect: SqlDialectName): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_schema where name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()
          union all select indexname from pg_indexes where schemaname = current_schema() order by name`.execute(db);
  return rows.map(({ name }) => name);
}

/** Every request, as this version's inbox pages it (the Spam folder too). */
async function shownAfter(db: Kysely<Database>) {
  const inbox = new SqlQuoteInbox(db);
  const now = new Date(start + 30 * 24 * 60 * minute);
  const pages = await Promise.all(([allView, spamView] as const).map(async (view) => (await readAll(inbox, { ...defaultInboxQuery, view }, now, 3)).quotes));
  return new Map(pages.flat().map((quote) => [quote.id, quote]));
}

for (const dialect of sqlDialects) {
  test(`${dialect}: 016 moves every step into the log, and each request reads as it did, ties and all`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db, migrationsBefore('016'));
      await seedBefore016(db);
      const before = new Map<string, LifeRead>();
      for (const id of ids) before.set(id, await lifeBefore016(db, id));
      const requestsBefore = await db.selectFrom('quote_requests').selectAll().orderBy('id').execute();
      // Not a step from the seed left out of what is compared.
      expect([...before.values()].map(({ history, notes, callAttempts }) => history.length + notes.length + callAttempts.length).reduce((a, b) => a + b)).toBe(24);

      await migrateToLatest(db, migrationsBefore('017'));

      const shown = await shownAfter(db);
      expect([...shown.keys()].sort()).toEqual(ids);
      for (const id of ids) {
        const quote = shown.get(id);
        if (quote === undefined) throw new Error(`${id} is not shown`);
        expect({ id, ...lifeRead(quote) }).toEqual({ id, ...before.get(id) });
      }
      // Its log, by time; at the same moment, the taking, the moves, the notes and the calls, each kind in the order it was written.
      expect(shown.get('a-won-again')?.activity.map(({ kind, by, at }) => [kind, by, at.getTime() - start])).toEqual([
        ['note', sam, 5 * minute],
        ['call-attempted', sam, 5 * minute],
        ['call-attempted', jo, 5 * minute],
        ['call-attempted', sam, 7 * minute],
        ['taken', sam, 10 * minute],
        ['status-moved', sam, 10 * minute],
        ['status-moved', alex, 60 * minute],
        ['note', sam, 60 * minute],
        ['note', alex, 60 * minute],
        ['customer-wrote', customerAuthor, 90 * minute],
        ['status-moved', alex, 120 * minute],
        ['status-moved', sam, 180 * minute],
        ['status-moved', sam, 180 * minute],
      ]);
      expect(shown.get('c-done')?.activity.map(({ kind, by }) => [kind, by]).slice(-3)).toEqual([
        ['review-asked', systemAuthor],
        ['review-reminded', systemAuthor],
        ['review-opened', customerAuthor],
      ]);
      expect(shown.get('b-cleared')?.activity.map(({ kind }) => kind)).toEqual(['spam-cleared', 'call-attempted', 'taken', 'status-moved']);
      expect(shown.get('d-closed')?.activity.map(({ kind, by }) => [kind, by])).toEqual([['status-moved', customerAuthor], ['customer-wrote', customerAuthor], ['review-opened', customerAuthor]]);
      // A note keeps its id.
      expect(shown.get('a-won-again')?.activity.filter(({ kind }) => kind === 'note' || kind === 'customer-wrote').map(({ id }) => id)).toEqual(['note-a1', 'note-a3', 'note-a2', 'note-a4']);

      // The requests' own rows are as they were; the three tables and their indexes are gone, the log and its index there.
      expect(await db.selectFrom('quote_requests').selectAll().orderBy('id').execute()).toEqual(requestsBefore);
      const names = await schemaNames(db, dialect);
      expect(names.filter((name) => oldTables.some((table) => name.startsWith(table)))).toEqual([]);
      expect(names).toEqual(expect.arrayContaining(['quote_activity', 'quote_activity_by_quote', 'quote_activity_calls']));
      // One step for each row and stamp there was: 11 moves, 7 notes (2 the customer's), 6 calls, 4 takings, 1 clearing, 1 review asked, 1 reminded, 2 opened.
      const kinds = await db.selectFrom('quote_activity').select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')]).groupBy('kind').orderBy('kind').execute();
      expect(Object.fromEntries(kinds.map(({ kind, count }) => [kind, Number(count)]))).toEqual({
        'call-attempted': 6,
        'customer-wrote': 2,
        note: 5,
        'review-asked': 1,
        'review-opened': 2,
        'review-reminded': 1,
        'spam-cleared': 1,
        'status-moved': 11,
        taken: 4,
      });
      if (dialect === 'sqlite') {
        expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      }
      // The log goes with its request.
      await db.deleteFrom('quote_requests').where('id', '=', 'a-won-again').execute();
      expect(await db.selectFrom('quote_activity').select('id').where('quote_id', '=', 'a-won-again').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: 016 failing half way leaves the three tables, their rows and the migrations as they were, and runs whole once it can`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    const old = withTablesBefore016(db);
    try {
      await migrateToLatest(db, migrationsBefore('016'));
      await seedBefore016(db);
      // A note whose id is the one the taking of a request is given stands in for a failure part way through.
      await old.insertInto('quote_notes').values({ id: 'taken-g-waiting', quote_id: 'h-untouched', text: 'In the way.', written_by: sam, written_at: t(1) }).execute();
      const snapshot = async () => ({
        names: await schemaNames(db, dialect),
        applied: await appliedMigrations(db),
        requests: await db.selectFrom('quote_requests').selectAll().orderBy('id').execute(),
        changes: await old.selectFrom('quote_status_changes').selectAll().orderBy('id').execute(),
        notes: await old.selectFrom('quote_notes').selectAll().orderBy('seq').execute(),
        calls: await old.selectFrom('quote_call_attempts').selectAll().orderBy('seq').execute(),
      });
      const before = await snapshot();

      await expect(migrateToLatest(db)).rejects.toMatchObject({ name: 'MigrationFailed', migration: '016-add-activity-log' });

      expect(await snapshot()).toEqual(before);
      expect(before.names).not.toContain('quote_activity');
      await old.deleteFrom('quote_notes').where('id', '=', 'taken-g-waiting').execute();
      await migrateToLatest(db, migrationsBefore('017'));
      expect(await appliedMigrations(db)).toEqual([...before.applied, '016-add-activity-log']);
      expect(Number((await db.selectFrom('quote_activity').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()).count)).toBe(33);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
