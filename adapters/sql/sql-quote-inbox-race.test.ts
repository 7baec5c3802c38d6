import { expect, test } from 'vitest';
import type { RecordOutcome } from '../../domain/ports/quote-inbox';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';

// Two staff members press "Contacted" on the same request at once: on PostgreSQL through two servers
// (two pools) sharing the database; on SQLite through one server, whose connection runs one
// transaction at a time (two connections in one process would wait on each other's lock for ever,
// node:sqlite being synchronous).

const quote = sampleQuote();

const races = 20;

for (const dialect of sqlDialects) {
  test(`${dialect}: of two changes racing from the same status, exactly one wins and the other is refused`, async () => {
    const scratch = await scratchDatabase(dialect);
    const first = scratch.open();
    const second = dialect === 'postgres' ? scratch.open() : first;
    try {
      await migrateToLatest(first);
      const repository = new SqlQuoteRepository(first);
      const ids = [];
      for (let i = 0; i < races; i++) ids.push((await repository.insert(quote)).id);
      const at = new Date();
      const change = (inbox: SqlQuoteInbox, id: string, by: string) => inbox.record({ id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by, at });
      const [one, other] = [new SqlQuoteInbox(first), new SqlQuoteInbox(second)];

      const outcomes: RecordOutcome[][] = await Promise.all(
        ids.map((id) => Promise.all([change(one, id, 'one@example.co.uk'), change(other, id, 'other@example.co.uk')])),
      );
      for (const pair of outcomes) {
        expect(pair.map(({ outcome }) => outcome).sort()).toEqual(['recorded', 'refused']);
        expect(pair.find(({ outcome }) => outcome === 'refused')).toEqual({ outcome: 'refused', refusal: { reason: 'moved', current: 'contacted' } });
      }
      const history = await first.selectFrom('quote_activity').select(['quote_id', 'by']).where('kind', '=', 'status-moved').execute();
      expect(history).toHaveLength(races);
      expect(new Set(history.map(({ quote_id }) => quote_id)).size).toBe(races);
      // The one recorded is the winner's, and so is the one taking it.
      for (const pair of outcomes) {
        const winner = pair.find((outcome) => outcome.outcome === 'recorded');
        if (winner?.outcome !== 'recorded') throw new Error('no winner');
        const by = history.find(({ quote_id }) => quote_id === winner.quote.id)?.by;
        expect(winner.quote.history).toEqual([{ from: 'new', to: 'contacted', by, at }]);
        expect(winner.quote.activity.map((entry) => [entry.kind, entry.by])).toEqual([['taken', by], ['status-moved', by]]);
      }
    } finally {
      await first.destroy();
      if (second !== first) await second.destroy();
      await scratch.drop();
    }
  });
}
