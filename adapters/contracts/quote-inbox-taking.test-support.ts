import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { Taking } from '../../domain/alerts/alert-plan';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { newQuoteOf } from './inbox-seed.test-support';
import { recorded } from './recorded-step.test-support';
import { type MakeStore, readAll, requestOf, withStore } from './store-under-test.test-support';

const minute = 60_000;
const day = 24 * 60 * minute;
const sam = 'sam.porter@se1plumbing.example';
const jo = 'jo.mensah@se1plumbing.example';
const anUrgentRequest = newQuoteOf({ persona: 1, serviceType: 'emergency', urgent: true });

async function shown(inbox: QuoteInbox, id: string, now: Date): Promise<InboxQuote | undefined> {
  const { quotes } = await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, now);
  return quotes.find((quote) => quote.id === id);
}

/**
 * Taking a request on ("I'm on it"), and a move out of the Waiting view counting as taking it.
 * `stampedBy` is the staff member an inbox that stamps its own records; undefined for one told who.
 */
export function quoteInboxTakingContract(make: MakeStore, stampedBy: string | undefined): void {
  /** Who and when a store recorded: what it was told, or, for one that stamps its own, its signed-in member and a plausible time. */
  function expectTaking(actual: Taking | null | undefined, told: Taking): void {
    if (stampedBy === undefined) {
      expect(actual).toEqual(told);
      return;
    }
    expect(actual?.by).toBe(stampedBy);
    const time = actual?.at.getTime() ?? Number.NaN;
    expect(time).toBeGreaterThanOrEqual(Math.min(told.at.getTime(), Date.now()) - day);
    expect(time).toBeLessThanOrEqual(Math.max(told.at.getTime(), Date.now()) + day);
  }

  test('a new request is taken by nobody and has sent no alerts', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(anUrgentRequest));
      expect(await shown(inbox, stored.id, clock.now())).toMatchObject({ taken: null, alerts: [] });
    });
  });

  test('taking a waiting request records who and when, keeps it waiting, and the inbox shows it', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(anUrgentRequest));
      clock.time += 3 * minute;
      const at = clock.now();

      const result = await inbox.record({ id: stored.id, step: { kind: 'taken' }, by: sam, at });

      if (result.outcome !== 'recorded') throw new Error(`expected it taken, got ${result.outcome}`);
      expectTaking(result.quote.taken, { by: sam, at });
      expect(result.entry).toMatchObject({ kind: 'taken', ...result.quote.taken });
      expect(result.quote.activity).toEqual([result.entry]);
      expect(result.quote).toMatchObject({ id: stored.id, status: 'new', respondedAt: null, history: [] });
      expect(await shown(inbox, stored.id, clock.now())).toEqual(result.quote);
      const waiting = await readAll(inbox, defaultInboxQuery, clock.now());
      expect(waiting.quotes.map(({ id }) => id)).toContain(stored.id);
    });
  });

  test('only the first taker counts: a later one hears who took it, and nothing changes', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(anUrgentRequest));
      const first = await recorded(inbox, { id: stored.id, step: { kind: 'taken' }, by: sam, at: clock.now() });
      if (first.quote.taken === null) throw new Error('taken, but by nobody');
      clock.time += minute;

      const second = await inbox.record({ id: stored.id, step: { kind: 'taken' }, by: jo, at: clock.now() });

      expect(second).toEqual({ outcome: 'refused', refusal: { reason: 'already-taken', taken: first.quote.taken } });
      expect(await shown(inbox, stored.id, clock.now())).toEqual(first.quote);
    });
  });

  test('marking a request contacted takes it for whoever marked it, and a later take hears so', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(anUrgentRequest));
      clock.time += 4 * minute;
      const at = clock.now();

      const changed = await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at });

      expectTaking(changed.quote.taken, { by: jo, at });
      const taken = changed.quote.taken;
      if (taken === null) throw new Error('contacted but not taken');
      // Its log says so: taken, then moved, by the same person at the same time.
      expect(changed.quote.activity.map(({ kind, by, at }) => ({ kind, by, at }))).toEqual([
        { kind: 'taken', ...taken },
        { kind: 'status-moved', ...taken },
      ]);
      expect(await inbox.record({ id: stored.id, step: { kind: 'taken' }, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'already-taken', taken } });
    });
  });

  test('moving a request someone took keeps the first taker', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(anUrgentRequest));
      const took = await recorded(inbox, { id: stored.id, step: { kind: 'taken' }, by: sam, at: clock.now() });
      clock.time += 5 * minute;
      const at = clock.now();

      const changed = await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at });

      expect(changed.quote.taken).toEqual(took.quote.taken);
      expect(changed.quote.activity.filter(({ kind }) => kind === 'taken')).toEqual([took.entry]);
    });
  });

  test('taking a request that is not there is not-found, whatever its id looks like', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const gone = requestOf(await repository.insert(anUrgentRequest));
      await repository.delete(gone.id);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', gone.id]) {
        expect(await inbox.record({ id, step: { kind: 'taken' }, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
      }
    });
  });
}
