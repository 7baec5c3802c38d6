import { expect, test } from 'vitest';
import { customerAuthor } from '../../domain/activity/actor';
import type { Activity, GuardedStep } from '../../domain/activity/activity';
import { quoteSettings } from '../../domain/quote-settings';
import type { RecordOutcome } from '../../domain/ports/quote-inbox';
import { pricedQuotesOf, quoteStandingOf } from '../../domain/priced-quote/priced-quote';
import type { QuoteLine } from '../../domain/priced-quote/quote-pricing';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type MakeStore, type StoreUnderTest, withStore } from './store-under-test.test-support';

const sam = 'sam.porter@se1plumbing.example';
const day = 24 * 60 * 60_000;
const lines: QuoteLine[] = [
  { description: 'Replace two radiators', quantity: 2, unitPence: 45_000, vat: 'standard' },
  { description: 'Labour (hours)', quantity: 6, unitPence: 2_250, vat: 'standard' },
  { description: 'Valve tails', quantity: 1, unitPence: 1_200, vat: 'zero' },
];
/** £1,254.00: £1,047.00 before VAT, £207.00 VAT at 20%. */
const total = 125_400;

const written = (version: number, quoteLines: readonly QuoteLine[] = lines, validUntil = '2026-11-13'): GuardedStep => ({ kind: 'quote-written', version, lines: [...quoteLines], validUntil, vatRegistered: true, terms: quoteSettings.terms });

const recordedEntries = (outcome: RecordOutcome): readonly Activity[] => (outcome.outcome === 'recorded' ? outcome.quote.activity : []);

/**
 * A priced quote's steps under every store's guard: written (and written again while a draft), sent
 * (moving contacted to quoted, the version before it replaced), answered once by the customer: a yes
 * moves the request to won at the quote's total, by the customer; a no to lost with their reason.
 */
export function pricedQuotesContract(name: string, make: MakeStore): void {
  const withRequest = (use: (store: StoreUnderTest, id: string, clock: ReturnType<typeof manualClock>) => Promise<void>) => async () => {
    const clock = manualClock('2026-10-14T09:00:00Z');
    await withStore(make, clock.now, async (store) => {
      const { id } = await store.repository.insert(sampleQuote({ name: 'Tom Okafor', email: 'tom@example.co.uk' }));
      await use(store, id, clock);
    });
  };
  const record = ({ inbox }: StoreUnderTest, id: string, step: GuardedStep, at: Date, by = sam) => inbox.record({ id, step, by, at });

  test(
    `${name}: a quote is written only on a contacted or quoted request, as the next version, and written again while a draft`,
    withRequest(async (store, id, clock) => {
      expect(await record(store, id, written(1), clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'not-quotable', current: 'new' } });
      expect((await record(store, id, { kind: 'status-moved', from: 'new', to: 'contacted' }, clock.now())).outcome).toBe('recorded');
      expect(await record(store, id, written(2), clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'quote-version', expected: 1 } });
      expect((await record(store, id, written(1), clock.now())).outcome).toBe('recorded');
      const again = await record(store, id, written(1, [{ description: 'Replace one radiator', quantity: 1, unitPence: 45_000, vat: 'standard' }]), clock.now());
      expect(again.outcome).toBe('recorded');
      const quotes = pricedQuotesOf(recordedEntries(again));
      expect(quotes).toHaveLength(1);
      expect(quotes[0]).toMatchObject({ version: 1, sentAt: null, price: { totalPence: 54_000 } });
      expect(again.outcome === 'recorded' && again.quote.status).toBe('contacted');
      // Nothing but the draft may be sent, and a draft past its day not at all.
      expect(await record(store, id, { kind: 'quote-sent', version: 2 }, clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'quote-not-sent', version: 2 } });
      expect((await record(store, id, written(1, lines, '2026-10-13'), clock.now())).outcome).toBe('recorded');
      expect(await record(store, id, { kind: 'quote-sent', version: 1 }, clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'quote-expired', validUntil: '2026-10-13' } });
    }),
  );

  test(
    `${name}: sending moves contacted to quoted; sending version 2 replaces version 1, which can then not be answered`,
    withRequest(async (store, id, clock) => {
      await record(store, id, { kind: 'status-moved', from: 'new', to: 'contacted' }, clock.now());
      await record(store, id, written(1), clock.now());
      const sent = await record(store, id, { kind: 'quote-sent', version: 1 }, clock.now());
      expect(sent.outcome).toBe('recorded');
      if (sent.outcome !== 'recorded') return;
      expect(sent.quote.status).toBe('quoted');
      expect(sent.quote.activity.flatMap((entry) => (entry.kind === 'status-moved' ? [[entry.from, entry.to]] : []))).toEqual([
        ['new', 'contacted'],
        ['contacted', 'quoted'],
      ]);
      expect(await record(store, id, { kind: 'quote-sent', version: 1 }, clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'quote-not-sent', version: 1 } });
      expect(await record(store, id, written(1), clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'quote-version', expected: 2 } });

      clock.time += day;
      await record(store, id, written(2, [{ description: 'Replace two radiators', quantity: 2, unitPence: 40_000, vat: 'standard' }]), clock.now());
      const replaced = await record(store, id, { kind: 'quote-sent', version: 2 }, clock.now());
      expect(replaced.outcome).toBe('recorded');
      const log = recordedEntries(replaced);
      expect(log.filter((entry) => entry.kind === 'quote-replaced')).toMatchObject([{ version: 1, replacedBy: 2, by: sam }]);
      const [first, second] = pricedQuotesOf(log);
      expect(first && quoteStandingOf(first, '2026-10-15')).toBe('replaced');
      expect(second && quoteStandingOf(second, '2026-10-15')).toBe('sent');
      expect(replaced.outcome === 'recorded' && replaced.quote.status).toBe('quoted');
      expect(await record(store, id, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: false }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-replaced', replacedBy: 2 },
      });
      expect(await record(store, id, { kind: 'quote-accepted', version: 3, totalPence: total, earlyStart: false }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-not-sent', version: 3 },
      });
    }),
  );

  test(
    `${name}: a yes moves the request to won at the quote's total, by the customer, once; a second answer is refused`,
    withRequest(async (store, id, clock) => {
      await record(store, id, { kind: 'status-moved', from: 'new', to: 'contacted' }, clock.now());
      await record(store, id, written(1), clock.now());
      await record(store, id, { kind: 'quote-sent', version: 1 }, clock.now());
      // A yes to another price than the quote's is not a yes to it.
      expect(await record(store, id, { kind: 'quote-accepted', version: 1, totalPence: total - 1, earlyStart: false }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-not-sent', version: 1 },
      });
      clock.time += 2 * day;
      const accepted = await record(store, id, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: true }, clock.now(), customerAuthor);
      expect(accepted.outcome).toBe('recorded');
      if (accepted.outcome !== 'recorded') return;
      expect(accepted.quote.status).toBe('won');
      expect(accepted.quote.activity.filter((entry) => entry.kind === 'status-moved').at(-1)).toMatchObject({ kind: 'status-moved', from: 'quoted', to: 'won', wonPence: total, by: customerAuthor });
      expect(pricedQuotesOf(accepted.quote.activity)[0]?.answer).toMatchObject({ kind: 'accepted', totalPence: total, earlyStart: true });
      expect(await record(store, id, { kind: 'quote-declined', version: 1 }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-answered', answer: 'accepted' },
      });
      // Won: no new version can be written or sent.
      expect(await record(store, id, written(2), clock.now())).toEqual({ outcome: 'refused', refusal: { reason: 'not-quotable', current: 'won' } });
    }),
  );

  test(
    `${name}: a no moves the request to lost with the customer's reason; an expired quote cannot be accepted, and a request moved on cannot be answered`,
    withRequest(async (store, id, clock) => {
      await record(store, id, { kind: 'status-moved', from: 'new', to: 'contacted' }, clock.now());
      await record(store, id, written(1), clock.now());
      await record(store, id, { kind: 'quote-sent', version: 1 }, clock.now());
      const declined = await record(store, id, { kind: 'quote-declined', version: 1, reason: 'price' }, clock.now(), customerAuthor);
      expect(declined.outcome).toBe('recorded');
      if (declined.outcome !== 'recorded') return;
      expect(declined.quote.status).toBe('lost');
      expect(declined.quote.activity.filter((entry) => entry.kind === 'status-moved').at(-1)).toMatchObject({ kind: 'status-moved', from: 'quoted', to: 'lost', lostReason: 'price', by: customerAuthor });
      expect(await record(store, id, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: false }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-answered', answer: 'declined' },
      });

      const other = await store.repository.insert(sampleQuote({ name: 'Amara Nwosu' }));
      await record(store, other.id, { kind: 'status-moved', from: 'new', to: 'contacted' }, clock.now());
      await record(store, other.id, written(1), clock.now());
      await record(store, other.id, { kind: 'quote-sent', version: 1 }, clock.now());
      // The day after its valid-until day (13 November, London): too late for a yes, still in time for a no.
      clock.time = Date.parse('2026-11-14T00:30:00Z');
      expect(await record(store, other.id, { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: false }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'quote-expired', validUntil: '2026-11-13' },
      });
      // Staff moved it back to contacted (they spoke on the phone): the page's answer no longer stands.
      await record(store, other.id, { kind: 'status-moved', from: 'quoted', to: 'contacted' }, clock.now());
      expect(await record(store, other.id, { kind: 'quote-declined', version: 1 }, clock.now(), customerAuthor)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'moved', current: 'contacted' },
      });
    }),
  );
}
