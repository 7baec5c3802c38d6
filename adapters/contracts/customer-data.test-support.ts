import { describe, expect, test } from 'vitest';
import { nothingErased } from '../../domain/customer-data/customer-data';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recorded } from './recorded-step.test-support';
import { listAll, type StoreUnderTest, withStore } from './store-under-test.test-support';

/** A store that also finds and erases a customer's data. */
export interface CustomerDataStoreUnderTest extends StoreUnderTest {
  customerData: CustomerDataStore;
}

const staff = 'sam@se1plumbing.example';

/**
 * The behaviour every CustomerDataStore adapter must have: it finds exactly the requests of the email
 * or phone number (as matchesSubject judges them), with all they carry, and erases them and nothing else.
 */
export function customerDataContract(name: string, make: (options: { now: () => Date }) => Promise<CustomerDataStoreUnderTest> | CustomerDataStoreUnderTest): void {
  describe(`${name} as a CustomerDataStore`, () => {
    test('finds the requests by email whatever its case, newest first, with their notes and history', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async ({ repository, inbox, customerData }) => {
        const first = await repository.insert(sampleQuote({ name: 'Priya first', email: 'Priya.Raman@Example.co.uk', phone: '020 7946 0718' }));
        clock.time += 60_000;
        const second = await repository.insert(sampleQuote({ name: 'Priya again', email: 'priya.raman@example.co.uk', phone: '07700 900555' }));
        await repository.insert(sampleQuote({ name: 'Someone else', email: 'raman@example.co.uk', phone: '020 7946 0999', description: 'Neighbour of priya.raman@example.co.uk' }));
        await recorded(inbox, { id: first.id, step: { kind: 'note', text: 'Called back, no answer' }, by: staff, at: new Date(clock.time) });
        await recorded(inbox, { id: first.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: staff, at: new Date(clock.time) });

        const data = await customerData.findCustomerData({ email: 'priya.raman@example.co.uk', phone: null });
        expect(data.requests.map(({ id }) => id)).toEqual([second.id, first.id]);
        const found = data.requests[1];
        expect(found?.name).toBe('Priya first');
        expect(found?.email).toBe('Priya.Raman@Example.co.uk');
        expect(found?.notes.map(({ text }) => text)).toEqual(['Called back, no answer']);
        expect(found?.history.map(({ from, to }) => [from, to])).toEqual([['new', 'contacted']]);
        expect(found?.status).toBe('contacted');
        // Its whole log, in the order written among steps at the same time.
        expect(found?.activity.map(({ kind }) => kind)).toEqual(['note', 'taken', 'status-moved']);
      });
    });

    test('finds the requests by phone however the number was written, and not a number that merely ends alike', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async ({ repository, customerData }) => {
        const spaced = await repository.insert(sampleQuote({ name: 'Spaced', email: null, phone: '07700 900123' }));
        const international = await repository.insert(sampleQuote({ name: 'International', email: null, phone: '+44 7700 900123' }));
        const bracketed = await repository.insert(sampleQuote({ name: 'Bracketed', email: null, phone: '+44 (0)7700-900-123' }));
        await repository.insert(sampleQuote({ name: 'Abroad', email: null, phone: '+1 770 090 0123' }));
        await repository.insert(sampleQuote({ name: 'Mentions it', email: null, phone: '020 7946 0000', description: 'Landlord is on 07700900123' }));

        const data = await customerData.findCustomerData({ email: null, phone: '+447700900123' });
        expect(data.requests.map(({ id }) => id).sort()).toEqual([spaced.id, international.id, bracketed.id].sort());
        expect((await customerData.findCustomerData({ email: null, phone: '07700900123' })).requests).toHaveLength(3);
      });
    });

    test('with an email and a phone number, finds the requests matching either', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async ({ repository, customerData }) => {
        const byEmail = await repository.insert(sampleQuote({ email: 'tom@example.co.uk', phone: '020 7946 0001' }));
        const byPhone = await repository.insert(sampleQuote({ email: null, phone: '07700 900777' }));
        await repository.insert(sampleQuote({ email: 'other@example.co.uk', phone: '020 7946 0002' }));
        const data = await customerData.findCustomerData({ email: 'tom@example.co.uk', phone: '07700900777' });
        expect(data.requests.map(({ id }) => id).sort()).toEqual([byEmail.id, byPhone.id].sort());
      });
    });

    test('erases every request of the customer with all they carry, says how many, and leaves everyone else', async () => {
      const clock = manualClock('2024-05-01T09:00:00.000Z');
      await withStore(make, clock.now, async ({ repository, inbox, customerData }) => {
        const theirs = await repository.insert(sampleQuote({ email: 'gone@example.co.uk', phone: '07700 900321' }));
        const alsoTheirs = await repository.insert(sampleQuote({ email: null, phone: '+44 7700 900321' }));
        const kept = await repository.insert(sampleQuote({ email: 'kept@example.co.uk', phone: '020 7946 0718' }));
        const at = new Date(clock.time);
        const note = (id: string, text: string) => recorded(inbox, { id, step: { kind: 'note', text }, by: staff, at });
        await note(theirs.id, 'First note');
        await note(alsoTheirs.id, 'Second note');
        await note(kept.id, 'Kept note');
        await recorded(inbox, { id: theirs.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: staff, at });

        const erased = await customerData.eraseCustomerData({ email: 'GONE@example.co.uk'.toLowerCase(), phone: '07700900321' });
        // Two notes, and the move with the taking it wrote.
        expect(erased).toMatchObject({ requests: 2, steps: 4 });

        expect(await customerData.findCustomerData({ email: 'gone@example.co.uk', phone: '07700900321' })).toEqual({ requests: [], emails: [] });
        expect((await listAll(inbox, new Date(clock.time))).map(({ id }) => id)).toEqual([kept.id]);
        const keptData = await customerData.findCustomerData({ email: 'kept@example.co.uk', phone: null });
        expect(keptData.requests[0]?.notes.map(({ text }) => text)).toEqual(['Kept note']);
        expect(await customerData.eraseCustomerData({ email: 'gone@example.co.uk', phone: null })).toEqual(nothingErased);
      });
    });
  });
}
