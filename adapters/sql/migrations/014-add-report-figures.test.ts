import { expect, test } from 'vitest';
import { searchTextOf } from '../../../domain/inbox/inbox-query';
import type { QuoteStatus } from '../../../domain/inbox/quote-status';
import { dueAt } from '../../../domain/inbox/response-clock';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { migrationsBefore, withTablesBefore016 } from './tables-before-016.test-support';

const before014 = migrationsBefore('014');
const sam = 'sam.porter@se1plumbing.example';

for (const dialect of sqlDialects) {
  test(`${dialect}: 014 keeps on each request the value of its last move to won while it is won, and its first unanswered call`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    const old = withTablesBefore016(db);
    try {
      await migrateToLatest(db, before014);
      const createdAt = new Date('2026-05-01T09:00:00.000Z');
      const request = async (id: string, status: QuoteStatus, moves: readonly [QuoteStatus, QuoteStatus, number | null][], calls: readonly string[] = []) => {
        const quote = sampleQuote({ name: id });
        await db
          .insertInto('quote_requests')
          .values({ id, created_at: createdAt.toISOString(), ...toNamedFields(quote), status, responded_at: status === 'new' ? null : '2026-05-01T09:20:00.000Z', due_at: dueAt({ createdAt, urgent: false }).toISOString(), search_text: searchTextOf(quote) })
          .execute();
        for (const [index, [from, to, wonPence]] of moves.entries()) {
          await old.insertInto('quote_status_changes').values({ quote_id: id, from_status: from, to_status: to, changed_by: sam, changed_at: `2026-05-0${String(index + 2)}T10:00:00.000Z`, won_pence: wonPence }).execute();
        }
        for (const at of calls) await old.insertInto('quote_call_attempts').values({ quote_id: id, attempted_by: sam, attempted_at: at }).execute();
      };
      await request('won twice', 'won', [['new', 'contacted', null], ['contacted', 'won', 40_000], ['won', 'contacted', null], ['contacted', 'won', 125_050]], ['2026-05-01T09:10:00.000Z', '2026-05-01T09:05:00.000Z']);
      await request('won, no value', 'won', [['new', 'contacted', null], ['contacted', 'won', 40_000], ['won', 'contacted', null], ['contacted', 'won', null]]);
      await request('won then lost', 'lost', [['new', 'contacted', null], ['contacted', 'won', 90_000], ['won', 'lost', null]]);
      await request('waiting', 'new', [], ['2026-05-01T09:30:00.000Z']);

      await migrateToLatest(db);

      const rows = await db.selectFrom('quote_requests').select(['id', 'won_pence', 'first_called_at']).orderBy('id').execute();
      expect(rows.map(({ id, won_pence, first_called_at }) => [id, won_pence, first_called_at === null ? null : new Date(first_called_at).toISOString()])).toEqual([
        ['waiting', null, '2026-05-01T09:30:00.000Z'],
        ['won then lost', null, null],
        ['won twice', 125_050, '2026-05-01T09:05:00.000Z'],
        ['won, no value', null, null],
      ]);
      // Only a request won now carries a value.
      await expect(db.updateTable('quote_requests').set({ won_pence: 1 }).where('id', '=', 'won then lost').execute()).rejects.toThrow(/quote_requests_won_pence|CHECK/i);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
