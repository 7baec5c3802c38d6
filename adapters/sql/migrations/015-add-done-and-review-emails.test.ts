import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { recorded } from '../../contracts/recorded-step.test-support';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { SqlQuoteRepository } from '../sql-quote-repository';
import { migrationsBefore, withTablesBefore016 } from './tables-before-016.test-support';

const sam = 'sam.porter@se1plumbing.example';

for (const dialect of sqlDialects) {
  test(`${dialect}: 015 lets a won job be done, and keeps every request, move, note and index as it was`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    const old = withTablesBefore016(db);
    try {
      await migrateToLatest(db, migrationsBefore('015'));
      // What the release before wrote: a won job with its value, its moves, a note and a search to find it by.
      const stored = await new SqlQuoteRepository(db).insert(sampleQuote({ name: 'Won Before Done' }));
      const at = new Date('2026-05-01T10:00:00.000Z').toISOString();
      await db.updateTable('quote_requests').set({ status: 'won', responded_at: at, taken_by: sam, taken_at: at, won_pence: 48_000 }).where('id', '=', stored.id).execute();
      await old
        .insertInto('quote_status_changes')
        .values([
          { quote_id: stored.id, from_status: 'new', to_status: 'contacted', changed_by: sam, changed_at: at },
          { quote_id: stored.id, from_status: 'contacted', to_status: 'won', changed_by: sam, changed_at: at, won_pence: 48_000 },
        ])
        .execute();
      await old.insertInto('quote_notes').values({ id: crypto.randomUUID(), quote_id: stored.id, text: 'Booked for Tuesday.', written_by: sam, written_at: at }).execute();
      // Done is no status yet, of a request or of a move.
      await expect(db.updateTable('quote_requests').set({ status: 'done' }).where('id', '=', stored.id).execute()).rejects.toThrow(/quote_requests_status|CHECK/i);
      await expect(old.insertInto('quote_status_changes').values({ quote_id: stored.id, from_status: 'won', to_status: 'done', changed_by: sam, changed_at: at }).execute()).rejects.toThrow(
        /quote_status_changes_to_status|CHECK/i,
      );
      const schemaObjects = async () =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select type || ' ' || name as name from sqlite_schema where type <> 'table' order by name`.execute(db)).rows.map(({ name }) => name)
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() order by indexname`.execute(db)).rows.map(({ name }) => name);
      const rows = async () => ({
        requests: await db.selectFrom('quote_requests').selectAll().orderBy('id').execute(),
        changes: await old.selectFrom('quote_status_changes').selectAll().orderBy('id').execute(),
        notes: await old.selectFrom('quote_notes').selectAll().orderBy('seq').execute(),
      });
      const objects = await schemaObjects();
      const before = await rows();

      await migrateToLatest(db, migrationsBefore('016'));

      expect(await rows()).toEqual(before);
      // The same, with the opt-outs' own key beside them.
      expect((await schemaObjects()).filter((name) => !name.includes('review_opt_outs'))).toEqual(objects);
      // Still refuses what no status is, and a move that goes nowhere.
      await expect(db.updateTable('quote_requests').set({ status: 'finished' }).where('id', '=', stored.id).execute()).rejects.toThrow(/quote_requests_status|CHECK/i);
      await expect(old.insertInto('quote_status_changes').values({ quote_id: stored.id, from_status: 'done', to_status: 'done', changed_by: sam, changed_at: at }).execute()).rejects.toThrow(
        /quote_status_changes_to_status|CHECK/i,
      );
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);

      // And this version marks it done, its won value kept, with its moves and note as they were.
      await migrateToLatest(db);
      const { quote } = await recorded(new SqlQuoteInbox(db), { id: stored.id, step: { kind: 'status-moved', from: 'won', to: 'done' }, by: sam, at: new Date(at) });
      expect(quote).toMatchObject({ status: 'done', history: [{ to: 'contacted' }, { to: 'won', wonPence: 48_000 }, { from: 'won', to: 'done' }], notes: [{ text: 'Booked for Tuesday.' }] });
      expect((await db.selectFrom('quote_requests').select('won_pence').where('id', '=', stored.id).executeTakeFirst())?.won_pence).toBe(48_000);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
