import fc from 'fast-check';
import { expect, test } from 'vitest';
import { defaultInboxQuery, inboxViews, matchesQuery } from '../../domain/inbox/inbox-query';
import { type ViewCounts, viewCountsOf } from '../../domain/inbox/view-counts';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { Arrival } from '../../domain/spam/spam';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { newQuoteOf, requestSpecArb, seed } from './inbox-seed.test-support';
import { inEmptiedStore, type MakeStore, readAll, withStore } from './store-under-test.test-support';

const minute = 60_000;
const asOf = Date.parse('2024-05-01T12:00:00Z');
const sam = 'sam.porter@se1plumbing.example';
const none = viewCountsOf([]);

/** How a script sends a request: the hidden field filled. Any store that judges holds it as spam. */
const botArrival: Arrival = { honeypotFilled: true, formToken: null };

/** Each view's total as findPage lists it, with no search and no filter. */
async function listedTotals(inbox: QuoteInbox, now: Date): Promise<ViewCounts> {
  const totals = await Promise.all(inboxViews.map(async (view) => [view, (await readAll(inbox, { ...defaultInboxQuery, view }, now)).quotes.length] as const));
  return { ...none, ...Object.fromEntries(totals) };
}

/** The count of each view (viewCounts), against what each view lists. */
export function quoteInboxCountsContract(make: MakeStore): void {
  test('an empty inbox counts no request in any view', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ inbox }) => {
      expect(await inbox.viewCounts()).toEqual({ new: 0, contacted: 0, quoted: 0, won: 0, done: 0, lost: 0, all: 0, spam: 0 });
    });
  });

  test('each view counts exactly the requests it lists, whatever their statuses and the Spam folder', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, (shared) =>
      fc.assert(
        fc.asyncProperty(fc.array(requestSpecArb, { maxLength: 9 }), async (list) => {
          await inEmptiedStore(shared, async (store) => {
            const model = await seed(store, clock, list, asOf);
            const now = new Date(asOf);
            const counts = await store.inbox.viewCounts();
            const byRule = Object.fromEntries(inboxViews.map((view) => [view, model.filter((quote) => matchesQuery(quote, { ...defaultInboxQuery, view })).length]));
            expect(counts).toEqual(byRule);
            expect(counts).toEqual(await listedTotals(store.inbox, now));
          });
        }),
        { numRuns: 10 },
      ),
    );
  });

  test('the counts follow a request as it moves on, leaves the Spam folder and is deleted', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const person = await repository.insert(newQuoteOf({ persona: 0, serviceType: 'heating', urgent: false }));
      const bot = await repository.insert(newQuoteOf({ persona: 1, serviceType: 'general', urgent: false }), [], botArrival);
      expect(await inbox.viewCounts()).toEqual({ ...none, new: 1, all: 1, spam: 1 });

      const moves = [
        ['new', 'contacted'],
        ['contacted', 'quoted'],
        ['quoted', 'won'],
      ] as const;
      for (const [from, to] of moves) {
        clock.time += minute;
        const at = clock.now();
        expect((await inbox.record({ id: person.id, step: { kind: 'status-moved', from, to }, by: sam, at })).outcome).toBe('recorded');
        expect(await inbox.viewCounts()).toEqual({ ...none, [to]: 1, all: 1, spam: 1 });
      }

      clock.time += minute;
      expect((await inbox.record({ id: bot.id, step: { kind: 'spam-cleared' }, by: sam, at: clock.now() })).outcome).toBe('recorded');
      expect(await inbox.viewCounts()).toEqual({ ...none, new: 1, won: 1, all: 2 });

      expect(await repository.delete(person.id)).toBe(true);
      expect(await inbox.viewCounts()).toEqual({ ...none, new: 1, all: 1 });
      const held = await repository.insert(newQuoteOf({ persona: 2, serviceType: 'bathroom', urgent: true }), [], botArrival);
      expect(await inbox.viewCounts()).toEqual({ ...none, new: 1, all: 1, spam: 1 });
      expect(await repository.delete(held.id)).toBe(true);
      expect(await repository.delete(bot.id)).toBe(true);
      expect(await inbox.viewCounts()).toEqual(none);
    });
  });
}
