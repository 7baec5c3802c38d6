import { describe, expect, test } from 'vitest';
import { londonDay } from '../../domain/london-time';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { ReportSource, ReportTallies, ReportTally } from '../../domain/ports/report-source';
import { type ReportRecord, tallyRequests } from '../../domain/report/report-tally';
import { seededRandom } from '../../fixtures/seeded-random';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { recorded } from './recorded-step.test-support';
import { customerAuthor } from '../../domain/activity/actor';
import { priceQuote, type QuoteLine } from '../../domain/priced-quote/quote-pricing';
import { defaultValidUntil } from '../../domain/priced-quote/quote-draft';
import { type MakeStore, withStore } from './store-under-test.test-support';

const minute = 60_000;
const sam = 'sam.porter@se1plumbing.example';

/** What a tally sums, beside what its requests share. */
const sums = ['requests', 'won', 'wonPence', 'reviewsAsked', 'reviewsOpened', 'quotesSent', 'quotesAccepted', 'quotedPence'] as const;

/** The tallies in one order, and the days summed by London day: stores may split a day, or order either, as they like. */
function comparable({ tallies, days }: ReportTallies): { tallies: ReportTally[]; days: Record<string, { requests: number; wonPence: number }> } {
  const byDay: Record<string, { requests: number; wonPence: number }> = {};
  for (const day of days) {
    const key = londonDay(day.at);
    const sum = byDay[key] ?? { requests: 0, wonPence: 0 };
    byDay[key] = { requests: sum.requests + day.requests, wonPence: sum.wonPence + day.wonPence };
  }
  const merged: ReportTally[] = [];
  for (const tally of tallies) {
    const shared = (of: ReportTally) => JSON.stringify({ ...of, ...Object.fromEntries(sums.map((sum) => [sum, 0])) });
    const same = merged.find((other) => shared(other) === shared(tally));
    if (same === undefined) merged.push({ ...tally });
    else for (const sum of sums) same[sum] += tally[sum];
  }
  return { tallies: merged.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), days: byDay };
}

/**
 * The owner's report's sums, as every store that draws it works them out (ReportSource): the period's
 * requests, from its first moment up to but not including its end, out of the Spam folder, summed by
 * where they came from, how their first call went and what they won, and by London day; the same as
 * the domain's tallyRequests of the same requests, to the millisecond and across the clocks' changes.
 */
export function reportSourceContract(name: string, make: MakeStore<QuoteInbox & ReportSource>): void {
  describe(`${name} as a ReportSource`, () => {
    test('the period’s requests, summed by their channel’s parts, first call and won value', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        await repository.insert(sampleQuote({ name: 'Before the period' }));
        clock.time += minute;
        const from = clock.now();
        const fromAds = await repository.insert({ ...sampleQuote({ name: 'From an ad', urgent: true }), hasGclid: true, utmSource: 'google', utmMedium: 'cpc', referrerHost: 'www.google.com' });
        clock.time += minute;
        const rung = await repository.insert({ ...sampleQuote({ name: 'Rung' }), hasGclid: false, referrerHost: null, utmSource: 'gbp', utmMedium: 'organic' });
        clock.time += 5 * minute;
        const to = clock.now();
        await repository.insert(sampleQuote({ name: 'At the end: the next period’s' }));

        const moves = [
          ['new', 'contacted', {}],
          ['contacted', 'won', { wonPence: 40_000 }],
          ['won', 'lost', { lostReason: 'price' }],
          ['lost', 'contacted', {}],
          ['contacted', 'won', { wonPence: 125_050 }],
        ] as const;
        for (const [fromStatus, toStatus, outcome] of moves) {
          clock.time += minute;
          const at = clock.now();
          await recorded(inbox, { id: fromAds.id, step: { kind: 'status-moved', from: fromStatus, to: toStatus, ...outcome }, by: sam, at });
        }
        await recorded(inbox, { id: rung.id, step: { kind: 'call-attempted' }, by: sam, at: clock.now() });

        const sums = comparable(await inbox.reportTallies(from, to, clock.now()));
        expect(sums.tallies).toEqual([
          // Answered in 7 minutes, and won at last for the value given with that move.
          { referrerHost: 'www.google.com', utmSource: 'google', utmMedium: 'cpc', hasGclid: true, minutesToFirstCall: 7, calledWithinPromise: true, overdueUncalled: false, requests: 1, won: 1, wonPence: 125_050, reviewsAsked: 0, reviewsOpened: 0, quotesSent: 0, quotesAccepted: 0, quotedPence: 0 },
          // Rung 10 minutes after it came, nobody picked up: that kept the promise.
          { referrerHost: null, utmSource: 'gbp', utmMedium: 'organic', hasGclid: false, minutesToFirstCall: 10, calledWithinPromise: true, overdueUncalled: false, requests: 1, won: 0, wonPence: 0, reviewsAsked: 0, reviewsOpened: 0, quotesSent: 0, quotesAccepted: 0, quotedPence: 0 },
        ]);
        expect(sums.days).toEqual({ [londonDay(from)]: { requests: 2, wonPence: 125_050 } });
      });
    });

    test('a request won and then lost, or given up by its customer, has no won value in the report', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const from = clock.now();
        const stored = await repository.insert(sampleQuote({ name: 'Fell through' }));
        for (const [fromStatus, toStatus, outcome] of [['new', 'contacted', {}], ['contacted', 'won', { wonPence: 90_000 }], ['won', 'lost', {}]] as const) {
          clock.time += minute;
          await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: fromStatus, to: toStatus, ...outcome }, by: sam, at: clock.now() });
        }
        const { tallies } = await inbox.reportTallies(from, new Date(clock.time + minute), clock.now());
        expect(tallies).toEqual([expect.objectContaining({ requests: 1, won: 0, wonPence: 0 })]);
      });
    });

    test('a job done counts as won for what it was won for, and so does one marked done too soon and back', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const from = clock.now();
        const moves = [['new', 'contacted', {}], ['contacted', 'won', { wonPence: 72_000 }], ['won', 'done', {}]] as const;
        const done = await repository.insert(sampleQuote({ name: 'Done' }));
        const back = await repository.insert(sampleQuote({ name: 'Done too soon' }));
        for (const [id, path] of [[done.id, moves], [back.id, [...moves, ['done', 'won', {}]]]] as const) {
          for (const [fromStatus, toStatus, outcome] of path) {
            clock.time += minute;
            await recorded(inbox, { id, step: { kind: 'status-moved', from: fromStatus, to: toStatus, ...outcome }, by: sam, at: clock.now() });
          }
        }
        const { tallies } = await inbox.reportTallies(from, new Date(clock.time + minute), clock.now());
        expect(tallies.reduce((sum, tally) => ({ won: sum.won + tally.won, wonPence: sum.wonPence + tally.wonPence }), { won: 0, wonPence: 0 })).toEqual({ won: 2, wonPence: 144_000 });
      });
    });

    test('the requests sent a priced quote, those that accepted one, and the total of the version last sent to each', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        // £1,000 at 20% and 2.5 hours at £12.34 at 5%: £1,200.00 + £30.85 + £1.54 (£1.5425, its line's VAT rounded there).
        const twoRates: QuoteLine[] = [
          { description: 'Combi boiler fitted', quantity: 1, unitPence: 100_000, vat: 'standard' },
          { description: 'Loft insulation', quantity: 2.5, unitPence: 1_234, vat: 'reduced' },
        ];
        const oneLine: QuoteLine[] = [{ description: 'Radiator valve replaced', quantity: 1, unitPence: 9_999, vat: 'standard' }];
        const step = async (id: string, written: Parameters<typeof inbox.record>[0]['step'], by = sam) => {
          clock.time += minute;
          const result = await inbox.record({ id, step: written, by, at: clock.now() });
          if (result.outcome !== 'recorded') throw new Error(`Recording ${written.kind} gave ${JSON.stringify(result)}`);
        };
        const quoted = async (lines: QuoteLine[], { sent, name }: { sent: boolean; name: string }) => {
          const stored = await repository.insert(sampleQuote({ name }));
          await step(stored.id, { kind: 'status-moved', from: 'new', to: 'contacted' });
          await step(stored.id, { kind: 'quote-written', version: 1, lines, validUntil: defaultValidUntil(londonDay(clock.now())), vatRegistered: true, terms: 'Payment on completion.' });
          if (sent) await step(stored.id, { kind: 'quote-sent', version: 1 });
          return stored.id;
        };
        await quoted(oneLine, { sent: true, name: 'Quoted before the period' });
        clock.time += minute;
        const from = clock.now();
        // Sent £1,232.39, then replaced by version 2 at £119.99, which the customer accepted.
        const accepted = await quoted(twoRates, { sent: true, name: 'Replaced, then accepted' });
        await step(accepted, { kind: 'quote-written', version: 2, lines: oneLine, validUntil: defaultValidUntil(londonDay(clock.now())), vatRegistered: true, terms: '' });
        await step(accepted, { kind: 'quote-sent', version: 2 });
        await step(accepted, { kind: 'quote-accepted', version: 2, totalPence: 11_999, earlyStart: false }, customerAuthor);
        const declined = await quoted(twoRates, { sent: true, name: 'Declined' });
        await step(declined, { kind: 'quote-declined', version: 1, reason: 'price' }, customerAuthor);
        await quoted(twoRates, { sent: true, name: 'No answer yet' });
        await quoted(oneLine, { sent: false, name: 'A draft never sent' });
        const to = new Date(clock.time + minute);

        const { tallies } = await inbox.reportTallies(from, to, clock.now());
        const total = (field: (typeof sums)[number]) => tallies.reduce((sum, tally) => sum + tally[field], 0);
        expect({ requests: total('requests'), quotesSent: total('quotesSent'), quotesAccepted: total('quotesAccepted'), quotedPence: total('quotedPence'), won: total('won'), wonPence: total('wonPence') })
          .toEqual({ requests: 4, quotesSent: 3, quotesAccepted: 1, quotedPence: 11_999 + 123_239 + 123_239, won: 1, wonPence: 11_999 });
      });
    });

    test('at the edges of a minute, of the promise and of London’s day, the sums are the domain’s own', async () => {
      // Times that land exactly on a minute and on the promise, a millisecond either side, and late
      // evenings on both sides of the clocks going forward and back.
      const offsets = [0, 1, minute - 1, minute, minute + 1, 30 * minute - 1, 30 * minute, 30 * minute + 1, 120 * minute, 120 * minute + 1, 3 * 24 * 60 * minute];
      const starts = ['2026-03-28T22:59:59.999Z', '2026-03-29T23:00:00.000Z', '2026-07-14T12:00:00.000Z', '2026-07-14T23:30:00.000Z', '2026-10-24T23:00:00.000Z', '2026-10-25T23:59:59.999Z', '2026-12-31T23:30:00.000Z'];
      const random = seededRandom(20_261_127);
      const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
      const clock = manualClock(starts[0]);
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const records: ReportRecord[] = [];
        const later: (() => Promise<void>)[] = [];
        for (let index = 0; index < 48; index++) {
          clock.time = Date.parse(pick(starts)) + index;
          const urgent = random() < 0.5;
          const source = pick([
            { hasGclid: true, referrerHost: null, utmSource: null, utmMedium: null },
            { hasGclid: false, referrerHost: 'www.bing.com', utmSource: null, utmMedium: null },
            { hasGclid: false, referrerHost: null, utmSource: 'gbp', utmMedium: 'organic' },
            { hasGclid: false, referrerHost: null, utmSource: null, utmMedium: null },
          ]);
          const stored = await repository.insert({ ...sampleQuote({ name: `Edge ${String(index)}`, urgent }), ...source });
          const createdAt = stored.createdAt;
          const rungAt = random() < 0.4 ? new Date(createdAt.getTime() + pick(offsets)) : null;
          const answeredAt = random() < 0.7 ? new Date(Math.max(rungAt?.getTime() ?? 0, createdAt.getTime() + pick(offsets))) : null;
          const wonPence = answeredAt !== null && random() < 0.5 ? Math.floor(random() * 500_000) : null;
          // Of those answered and not won by a value given, some sent a quote, and some of those accepted it.
          const lines: QuoteLine[] = [{ description: 'Work quoted', quantity: pick([1, 2.5, 0.33]), unitPence: Math.floor(random() * 200_000), vat: pick(['standard', 'reduced', 'zero'] as const) }];
          const sent = answeredAt !== null && wonPence === null && random() < 0.5 ? { totalPence: priceQuote(lines, { vatRegistered: true }).totalPence, accepted: random() < 0.5 } : undefined;
          const status = answeredAt === null ? 'new' : sent?.accepted ? 'won' : sent ? 'quoted' : wonPence === null ? 'contacted' : 'won';
          records.push({ ...source, createdAt, urgent, respondedAt: answeredAt, ...(rungAt && { callAttempts: [{ at: rungAt }] }), status, wonPence: sent?.accepted ? sent.totalPence : wonPence, quote: sent });
          later.push(async () => {
            if (rungAt !== null) await recorded(inbox, { id: stored.id, step: { kind: 'call-attempted' }, by: sam, at: rungAt });
            if (answeredAt === null) return;
            await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: answeredAt });
            if (wonPence !== null) await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'won', wonPence }, by: sam, at: answeredAt });
            if (sent === undefined) return;
            await recorded(inbox, { id: stored.id, step: { kind: 'quote-written', version: 1, lines, validUntil: defaultValidUntil(londonDay(answeredAt)), vatRegistered: true, terms: '' }, by: sam, at: answeredAt });
            await recorded(inbox, { id: stored.id, step: { kind: 'quote-sent', version: 1 }, by: sam, at: answeredAt });
            if (!sent.accepted) return;
            const answer = await inbox.record({ id: stored.id, step: { kind: 'quote-accepted', version: 1, totalPence: sent.totalPence, earlyStart: false }, by: customerAuthor, at: answeredAt });
            if (answer.outcome !== 'recorded') throw new Error(`Accepting gave ${JSON.stringify(answer)}`);
          });
        }
        for (const move of later) await move();
        const [from, to] = [new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')];
        // Read as the first urgent promise runs out (due then is not yet overdue), in the summer, and after them all.
        for (const now of [Date.parse(starts[0] ?? '') + 30 * minute, Date.parse('2026-07-15T01:30:00Z'), Date.parse('2027-01-02T00:00:00Z')].map((time) => new Date(time))) {
          expect(comparable(await inbox.reportTallies(from, to, now))).toEqual(comparable(tallyRequests(records, now)));
        }
      });
    });
  });
}
