import { type Kysely, sql } from 'kysely';
import { expect, test } from 'vitest';
import { noteMaxLength, type StaffStep } from '../../domain/activity/activity';
import { addQuoteNote } from '../../domain/inbox/add-quote-note';
import { changeQuoteStatus } from '../../domain/inbox/change-quote-status';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { JobOutcome } from '../../domain/inbox/job-outcome';
import type { QuoteStatus } from '../../domain/inbox/quote-status';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import type { Database } from './database';
import { sqlDialects } from './scratch-database.test-support';
import type { SqlQuoteInbox } from './sql-quote-inbox';
import { withSqlStore } from './sql-store.test-support';

// The database keeps the request's rules even against writes that go around the adapter; its log's
// steps are the domain's to check, as they are recorded and as they are read.

const quote = sampleQuote();

for (const dialect of sqlDialects) {
  test(`${dialect}: a status is one of the domain's, and only a request still new has no response time`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const { id } = await repository.insert(quote);
      const update = (set: { status?: string; responded_at?: string | null }) => db.updateTable('quote_requests').set(set).where('id', '=', id).execute();
      await expect(update({ status: 'pending', responded_at: '2024-05-01T09:10:00.000Z' })).rejects.toThrow('quote_requests_status');
      await expect(update({ status: 'contacted' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await expect(update({ responded_at: '2024-05-01T09:10:00.000Z' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await update({ status: 'contacted', responded_at: '2024-05-01T09:10:00.000Z' });
      await expect(update({ status: 'new' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await update({ status: 'lost' });
    });
  });

  test(`${dialect}: a request cannot be stored without its due time and search text`, async () => {
    await withSqlStore(dialect, {}, async ({ db }) => {
      const insert = (values: Record<string, string>) =>
        sql`insert into quote_requests (id, created_at, name, phone, service_type, urgent, ${sql.join(Object.keys(values).map((key) => sql.ref(key)))})
            values ('q', '2024-05-01T09:00:00.000Z', 'Priya', '020 7946 0123', 'bathroom', ${false}, ${sql.join(Object.values(values))})`.execute(db);
      // SQLite could add these columns only with a default, which a trigger refuses.
      const missing = dialect === 'sqlite' ? 'quote_requests_inbox_columns' : /null value in column/;
      await expect(insert({ search_text: 'priya' })).rejects.toThrow(missing);
      await expect(insert({ due_at: '2024-05-01T11:00:00.000Z' })).rejects.toThrow(missing);
      await insert({ due_at: '2024-05-01T11:00:00.000Z', search_text: 'priya' });
      const { rows } = await sql<{ status: string }>`select status from quote_requests`.execute(db);
      expect(rows).toEqual([{ status: 'new' }]);
    });
  });

  test(`${dialect}: a note holds 1 to ${noteMaxLength} characters, and belongs to a stored request`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(quote);
      const { logger, errors } = recordingLogger();
      const add = (text: string) => addQuoteNote({ inbox, logger }, { quoteId: id, text, by: staff, at });
      // The domain refuses an empty or over-long note as it is asked for, before the store hears of it.
      expect(await add('   ')).toMatchObject({ ok: false, error: { kind: 'invalid-note' } });
      expect(await add('x'.repeat(noteMaxLength + 1))).toMatchObject({ ok: false, error: { kind: 'invalid-note' } });
      // One that reaches the store all the same is read back inside its transaction, refused there, and not kept.
      for (const text of ['', 'x'.repeat(noteMaxLength + 1)]) {
        await expect(inbox.record({ id, step: { kind: 'note', text }, by: staff, at })).rejects.toThrow(/malformed step/);
      }
      await expect(inbox.record({ id, step: { kind: 'note', text: 'Rang, no answer.' }, by: '', at })).rejects.toThrow(/malformed step/);
      expect(await stepsOf(db)).toEqual([]);
      // Characters, not bytes.
      expect(await add('é'.repeat(noteMaxLength))).toMatchObject({ ok: true });
      expect(await add('x')).toMatchObject({ ok: true });
      expect((await shownOf(inbox, id)).notes.map(({ text }) => text.length)).toEqual([1, noteMaxLength]);
      expect(errors).toEqual([]);
      // A step belongs to a stored request.
      await expect(insertStep(db, { quote_id: 'no-such-request', kind: 'note', data: '{"text":"x"}' })).rejects.toThrow(/foreign key/i);
      // One written past the store with a note too long is refused as it is read, not shown cut.
      await insertStep(db, { quote_id: id, kind: 'note', data: JSON.stringify({ text: 'x'.repeat(noteMaxLength + 1) }) });
      await expect(shownOf(inbox, id)).rejects.toThrow(/malformed step/);
    });
  });

  test(`${dialect}: a move is between two different statuses of the domain's, with a value only to won and a reason only to lost`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(quote);
      const { logger } = recordingLogger();
      const change = (move: { from: QuoteStatus; to: QuoteStatus } & JobOutcome) => changeQuoteStatus({ inbox, logger }, { id, ...move, by: staff, at });
      // The domain refuses a move the statuses do not allow, and an outcome that does not fit the move.
      expect(await change({ from: 'new', to: 'new' })).toMatchObject({ ok: false, error: { kind: 'not-allowed' } });
      expect(await change({ from: 'new', to: 'contacted', wonPence: 100 })).toMatchObject({ ok: false, error: { kind: 'invalid-outcome', field: 'wonPence' } });
      expect(await change({ from: 'new', to: 'contacted', lostReason: 'price' })).toMatchObject({ ok: false, error: { kind: 'invalid-outcome', field: 'lostReason' } });
      expect(await stepsOf(db)).toEqual([]);
      // A move no status knows, or with a value or reason out of range, is not kept even when it reaches the store.
      const malformed: unknown[] = [
        { from: 'new', to: 'closed' },
        { from: 'new', to: 'won', wonPence: -1 },
        { from: 'new', to: 'won', wonPence: 100_000_001 },
        { from: 'new', to: 'lost', lostReason: 'too-dear' },
      ];
      for (const move of malformed) {
        await expect(inbox.record({ id, step: { kind: 'status-moved', ...(move as object) } as StaffStep, by: staff, at })).rejects.toThrow();
      }
      expect(await stepsOf(db)).toEqual([]);
      // Each written past the store is refused as it is read.
      for (const data of [{ from: 'open', to: 'contacted' }, ...malformed]) {
        const { id: other } = await repository.insert(quote);
        await insertStep(db, { quote_id: other, kind: 'status-moved', data: JSON.stringify(data) });
        await expect(shownOf(inbox, other)).rejects.toThrow(/malformed step/);
        await repository.delete(other);
      }
      // A kind this version does not know is refused as it is read too.
      await insertStep(db, { quote_id: id, kind: 'status-changed', data: '{"from":"new","to":"contacted"}' });
      await expect(shownOf(inbox, id)).rejects.toThrow(/malformed step .* of kind status-changed/);
      // Its log goes with its request.
      await repository.delete(id);
      expect(await stepsOf(db)).toEqual([]);
    });
  });
}

const staff = 'staff@example.co.uk';
const at = new Date('2024-05-01T09:00:00.000Z');

/** Every step kept, of any request. */
async function stepsOf(db: Kysely<Database>) {
  return db.selectFrom('quote_activity').select(['quote_id', 'kind', 'data']).orderBy('seq').execute();
}

/** A step written around the adapter. */
function insertStep(db: Kysely<Database>, values: { quote_id: string; kind: string; data: string }) {
  return db.insertInto('quote_activity').values({ id: crypto.randomUUID(), by: staff, at: at.toISOString(), ...values }).execute();
}

async function shownOf(inbox: SqlQuoteInbox, id: string): Promise<InboxQuote> {
  const { quotes } = await inbox.findPage({ query: { ...defaultInboxQuery, view: allView }, after: null, limit: 50, now: at });
  const shown = quotes.find((quote) => quote.id === id);
  if (shown === undefined) throw new Error(`${id} is not shown`);
  return shown;
}
