import { expect, test } from 'vitest';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { ServiceDueList } from '../../domain/ports/service-due-list';
import { reminderStands, repeatOf, serviceReminderOf } from '../../domain/reminders/service-reminder';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type MakeStore, readAll, type StoreUnderTest, withStore } from './store-under-test.test-support';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';

type ReminderStore = StoreUnderTest<QuoteInbox & ServiceDueList>;
const sam = 'sam.porter@se1plumbing.example';
const day = 24 * 60 * 60_000;

/** Through the steps a job takes to done, at the store's clock. */
async function finish({ inbox }: ReminderStore, id: string, at: Date): Promise<void> {
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
    expect((await inbox.record({ id, step: { kind: 'status-moved', from, to }, by: sam, at })).outcome).toBe('recorded');
  }
}

/** A yearly reminder on a done job: set and stopped under its guard, listed by when it falls due, and tied to the visit booked through it. */
export function serviceRemindersContract(name: string, make: MakeStore<QuoteInbox & ServiceDueList>): void {
  test(`${name}: a reminder is set only on a job done, is listed by its due day until stopped, and stops only once`, async () => {
    const clock = manualClock('2026-10-14T09:00:00Z');
    await withStore(make, clock.now, async (store) => {
      const { repository, inbox } = store;
      const { id } = await repository.insert(sampleQuote({ name: 'Tom Okafor', email: 'tom@example.co.uk' }));
      const set = { kind: 'reminder-set', service: 'boiler-service', doneOn: '2026-10-14', agreed: true } as const;
      expect(await inbox.record({ id, step: set, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-done', current: 'new' } });
      await finish(store, id, clock.now());
      expect(await inbox.findDueForService('2027-12-31', 10)).toEqual([]);
      const recorded = await inbox.record({ id, step: set, by: sam, at: clock.now() });
      expect(recorded.outcome).toBe('recorded');
      expect((await inbox.findDueForService('2027-10-13', 10)).map((quote) => quote.id)).toEqual([]);
      const listed = await inbox.findDueForService('2027-10-14', 10);
      expect(listed.map((quote) => quote.id)).toEqual([id]);
      expect(serviceReminderOf(listed[0]?.activity ?? [])).toMatchObject({ due: '2027-10-14', set: { by: sam } });
      expect((await inbox.record({ id, step: { kind: 'reminder-stopped' }, by: sam, at: clock.now() })).outcome).toBe('recorded');
      expect(await inbox.findDueForService('2030-01-01', 10)).toEqual([]);
      expect(await inbox.record({ id, step: { kind: 'reminder-stopped' }, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'no-reminder' } });
    });
  });

  test(`${name}: a visit booked through the reminder's link is tied to it, and once done starts the next cycle`, async () => {
    const clock = manualClock('2026-10-14T09:00:00Z');
    await withStore(make, clock.now, async (store) => {
      const { repository, inbox } = store;
      const earlier = await repository.insert(sampleQuote({ name: 'Amara Nwosu', email: 'amara@example.co.uk' }));
      await finish(store, earlier.id, clock.now());
      await inbox.record({ id: earlier.id, step: { kind: 'reminder-set', service: 'gas-safety-check', doneOn: '2026-10-14', agreed: true }, by: sam, at: clock.now() });
      // 20 August 2027: within 2 months of the 14 October deadline.
      clock.time = Date.parse('2027-08-20T09:00:00Z');
      const later = await repository.insert(sampleQuote({ name: 'Amara Nwosu', email: 'amara@example.co.uk' }), [], { honeypotFilled: false, formToken: null, repeatOf: earlier.customerToken });
      const byId = async (id: string) => (await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, clock.now())).quotes.find((quote) => quote.id === id);
      const old = await byId(earlier.id);
      expect(serviceReminderOf(old?.activity ?? [])?.booked?.request).toBe(later.id);
      expect(reminderStands(serviceReminderOf(old?.activity ?? []))).toBe(false);
      expect(repeatOf((await byId(later.id))?.activity ?? [])).toEqual({ request: earlier.id, service: 'gas-safety-check', lastDone: '2026-10-14', due: '2027-10-14' });
      expect(await inbox.findDueForService('2030-01-01', 10)).toEqual([]);

      clock.time += 3 * day;
      await finish(store, later.id, clock.now());
      const cycle = await inbox.findDueForService('2030-01-01', 10);
      expect(cycle.map((quote) => quote.id)).toEqual([later.id]);
      expect(serviceReminderOf(cycle[0]?.activity ?? [])).toMatchObject({ service: 'gas-safety-check', doneOn: '2027-08-23', due: '2028-10-14', keepsFrom: '2028-08-14' });
      // A token no request has ties nothing.
      const stranger = await repository.insert(sampleQuote({ name: 'Someone Else' }), [], { honeypotFilled: false, formToken: null, repeatOf: 'A'.repeat(43) });
      expect(repeatOf((await byId(stranger.id))?.activity ?? [])).toBeNull();
    });
  });
}
