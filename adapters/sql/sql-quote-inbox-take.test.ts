import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { alertRecord, jo, sam, withAlertStores } from './sql-alert-store.test-support';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { recorded } from '../contracts/recorded-step.test-support';

const minute = 60_000;

const urgent = sampleQuote({ name: 'Tom Okoro', serviceType: 'emergency', urgent: true });

for (const dialect of sqlDialects) {
  test(`${dialect}: the inbox shows each request's alerts oldest first, and a take stops them`, async () => {
    await withAlertStores(dialect, async ({ clock, quotes, inbox, ledger }) => {
      const request = await quotes.insert(urgent);
      const escalatedAt = new Date(clock.time + 10 * minute);
      await ledger.recordAlert(request.id, alertRecord('escalated', escalatedAt, [jo], true), { webhook: false });
      await ledger.recordAlert(request.id, alertRecord('new', clock.now(), [sam]), { webhook: true });

      const page = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 10, now: clock.now() });
      expect(page.quotes.map(({ alerts }) => alerts)).toEqual([[alertRecord('new', request.createdAt, [sam]), alertRecord('escalated', escalatedAt, [jo], true)]]);

      clock.time += 11 * minute;
      const taken = await inbox.record({ id: request.id, step: { kind: 'taken' }, by: jo, at: clock.now() });
      expect(taken).toMatchObject({ outcome: 'recorded', quote: { taken: { by: jo, at: clock.now() }, alerts: page.quotes[0]?.alerts } });
      expect(await ledger.awaitingSomeone(request.createdAt)).toEqual([]);
      expect(await ledger.recordAlert(request.id, alertRecord('due-soon', clock.now(), [sam, jo], true), { webhook: true })).toBe(false);
    });
  });

  test(`${dialect}: a request that left new before alerts existed, taken by nobody, cannot be taken: not-waiting`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes, inbox }) => {
      const request = await quotes.insert(urgent);
      await recorded(inbox, { id: request.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: clock.now() });
      // As 006 left a request contacted before it: moved on, and nobody recorded as taking it.
      await db.updateTable('quote_requests').set({ taken_by: null, taken_at: null }).where('id', '=', request.id).execute();
      await db.deleteFrom('quote_activity').where('quote_id', '=', request.id).where('kind', '=', 'taken').execute();

      expect(await inbox.record({ id: request.id, step: { kind: 'taken' }, by: jo, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'contacted' } });
      await recorded(inbox, { id: request.id, step: { kind: 'status-moved', from: 'contacted', to: 'quoted' }, by: jo, at: clock.now() });
      // Its next move takes it, as any move out of the Waiting view does (the memory inbox agrees).
      const [shown] = (await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 10, now: clock.now() })).quotes;
      expect(shown?.taken).toEqual({ by: jo, at: clock.now() });
    });
  });

  test(`${dialect}: the database refuses a taker without a time, or a time without a taker`, async () => {
    await withAlertStores(dialect, async ({ db, clock, quotes }) => {
      const request = await quotes.insert(urgent);
      await expect(db.updateTable('quote_requests').set({ taken_by: sam }).where('id', '=', request.id).execute()).rejects.toThrow('quote_requests_taken_together');
      await expect(db.updateTable('quote_requests').set({ taken_at: clock.now().toISOString() }).where('id', '=', request.id).execute()).rejects.toThrow(
        'quote_requests_taken_together',
      );
      await expect(db.updateTable('quote_requests').set({ taken_by: '', taken_at: clock.now().toISOString() }).where('id', '=', request.id).execute()).rejects.toThrow(
        'quote_requests_taken_by_length',
      );
    });
  });
}

test('postgres: of staff taking a request at once, or marking it contacted, exactly one takes it and the others hear who', async () => {
  await withAlertStores('postgres', async ({ scratch, clock, quotes }) => {
    const servers = [scratch.open(), scratch.open(), scratch.open()];
    try {
      const [first, second, third] = servers.map((server) => new SqlQuoteInbox(server));
      if (first === undefined || second === undefined || third === undefined) throw new Error('expected three inboxes');
      for (let round = 0; round < 10; round++) {
        const request = await quotes.insert(urgent);
        const at = clock.now();
        const [bySam, byJo, contacted] = await Promise.all([
          first.record({ id: request.id, step: { kind: 'taken' }, by: sam, at }),
          second.record({ id: request.id, step: { kind: 'taken' }, by: jo, at }),
          third.record({ id: request.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'priya@example.co.uk', at }),
        ]);
        if (contacted.outcome !== 'recorded') throw new Error(`expected the move to go through, got ${contacted.outcome}`);
        const taker = contacted.quote.taken;
        expect([sam, jo, 'priya@example.co.uk']).toContain(taker?.by);
        const takes = [bySam, byJo];
        expect(takes.filter(({ outcome }) => outcome === 'recorded')).toHaveLength(taker?.by === 'priya@example.co.uk' ? 0 : 1);
        for (const take of takes) {
          if (take.outcome === 'recorded') expect(take.quote.taken).toEqual(taker);
          else expect(take).toEqual({ outcome: 'refused', refusal: { reason: 'already-taken', taken: taker } });
        }
        // One taking in its log, whoever's it was.
        expect(contacted.quote.activity.filter(({ kind }) => kind === 'taken').map(({ by }) => by)).toEqual([taker?.by]);
      }
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
    }
  });
});
