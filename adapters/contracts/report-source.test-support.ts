import { describe, expect, test } from 'vitest';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { ReportSource } from '../../domain/ports/report-source';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { type MakeStore, withStore } from './store-under-test.test-support';

const minute = 60_000;
const sam = 'sam.porter@se1plumbing.example';

/**
 * The owner's report's records, as every store that draws it keeps them (ReportSource): the period's
 * requests, from its first moment up to but not including its end, each with where it came from, its
 * first call, its status and, once won, the value given with its last move to won.
 */
export function reportSourceContract(name: string, make: MakeStore<QuoteInbox & ReportSource>): void {
  describe(`${name} as a ReportSource`, () => {
    test('the period’s requests, each with its channel’s parts, first call, status and won value', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const before = await repository.insert(sampleQuote({ name: 'Before the period' }));
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
          await inbox.changeStatus({ id: fromAds.id, from: fromStatus, to: toStatus, by: sam, at, respondedAt: fromStatus === 'new' ? at : null, ...outcome });
        }
        await inbox.recordCallAttempt({ id: rung.id, by: sam, at: clock.now() });

        const records = [...(await inbox.reportRecords(from, to))].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        expect(records).toHaveLength(2);
        const [ad, other] = records;
        expect(ad).toMatchObject({ urgent: true, status: 'won', wonPence: 125_050, hasGclid: true, utmSource: 'google', utmMedium: 'cpc', referrerHost: 'www.google.com' });
        expect(ad?.createdAt).toEqual(fromAds.createdAt);
        expect(ad?.respondedAt).toBeInstanceOf(Date);
        expect(ad?.callAttempts).toBeUndefined();
        expect(other).toMatchObject({ urgent: false, status: 'new', wonPence: null, hasGclid: false, utmSource: 'gbp', utmMedium: 'organic', referrerHost: null, respondedAt: null });
        expect(other?.callAttempts?.[0]?.at).toBeInstanceOf(Date);
        expect(records.map(({ createdAt }) => createdAt)).not.toContainEqual(before.createdAt);
      });
    });

    test('a request won and then lost has no won value in the report', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const from = clock.now();
        const stored = await repository.insert(sampleQuote({ name: 'Fell through' }));
        for (const [fromStatus, toStatus, outcome] of [['new', 'contacted', {}], ['contacted', 'won', { wonPence: 90_000 }], ['won', 'lost', {}]] as const) {
          clock.time += minute;
          await inbox.changeStatus({ id: stored.id, from: fromStatus, to: toStatus, by: sam, at: clock.now(), respondedAt: fromStatus === 'new' ? clock.now() : null, ...outcome });
        }
        expect(await inbox.reportRecords(from, new Date(clock.time + minute))).toEqual([expect.objectContaining({ status: 'lost', wonPence: null })]);
      });
    });
  });
}
