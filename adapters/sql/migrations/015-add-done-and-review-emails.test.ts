import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest, migrations } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteInbox } from '../sql-quote-inbox';
import { SqlQuoteRepository } from '../sql-quote-repository';

const before015 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '015'));
const sam = 'sam.porter@se1plumbing.example';

for (const dialect of sqlDialects) {
  test(`${dialect}: 015 lets a won job be done, and keeps every request, move, note and index as it was`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db, before015);
      // What this version writes, stored before the migration: a won job with its value, a note and a search to find it by.
      const repository = new SqlQuoteRepository(db);
      const inbox = new SqlQuoteInbox(db);
      const stored = await repository.insert(sampleQuote({ name: 'Won Before Done' }));
      const at = new Date();
      await inbox.changeStatus({ id: stored.id, from: 'new', to: 'contacted', by: sam, at, respondedAt: at });
      await inbox.changeStatus({ id: stored.id, from: 'contacted', to: 'won', by: sam, at, respondedAt: null, wonPence: 48_000 });
      await inbox.addNote({ quoteId: stored.id, text: 'Booked for Tuesday.', by: sam, at });
      await expect(inbox.changeStatus({ id: stored.id, from: 'won', to: 'done', by: sam, at, respondedAt: null })).rejects.toThrow(/quote_requests_status|CHECK/i);
      const schemaObjects = async () =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select type || ' ' || name as name from sqlite_schema where type <> 'table' order by name`.execute(db)).rows.map(({ name }) => name)
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() order by indexname`.execute(db)).rows.map(({ name }) => name);
      const objects = await schemaObjects();
      const page = async () => (await inbox.findPage({ query: { ...(await import('../../../domain/inbox/inbox-query')).defaultInboxQuery, view: 'all', search: 'Won Before Done' }, after: null, limit: 10, now: at })).quotes;
      const [before] = await page();

      await migrateToLatest(db);

      const done = await inbox.changeStatus({ id: stored.id, from: 'won', to: 'done', by: sam, at, respondedAt: null });
      expect(done).toMatchObject({ outcome: 'changed', quote: { status: 'done', history: [{ to: 'contacted' }, { to: 'won', wonPence: 48_000 }, { from: 'won', to: 'done' }] } });
      const [after] = await page();
      expect({ ...after, status: 'won', history: after?.history.slice(0, 2) }).toEqual(before);
      // The same, with the opt-outs' own key beside them.
      expect((await schemaObjects()).filter((name) => !name.includes('review_opt_outs'))).toEqual(objects);
      // Still kept a job's won value, and still refuses what no status is.
      expect((await db.selectFrom('quote_requests').select('won_pence').where('id', '=', stored.id).executeTakeFirst())?.won_pence).toBe(48_000);
      await expect(db.updateTable('quote_requests').set({ status: 'finished' }).where('id', '=', stored.id).execute()).rejects.toThrow(/quote_requests_status|CHECK/i);
      await expect(db.insertInto('quote_status_changes').values({ quote_id: stored.id, from_status: 'done', to_status: 'done', changed_by: sam, changed_at: at.toISOString() }).execute()).rejects.toThrow(/quote_status_changes_to_status|CHECK/i);
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
