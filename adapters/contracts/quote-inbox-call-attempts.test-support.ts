import { describe, expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { summariseInbox } from '../../domain/inbox/inbox-summary';
import type { QuoteInbox, SelfStampingQuoteInbox } from '../../domain/ports/quote-inbox';
import { responseTime, waitingClock } from '../../domain/inbox/response-clock';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { newQuoteOf } from './inbox-seed.test-support';
import { recorded } from './recorded-step.test-support';
import { type MakeStore, readAll, withStore } from './store-under-test.test-support';

const minute = 60_000;
const day = 24 * 60 * minute;
const sam = 'sam.porter@se1plumbing.example';
const jo = 'jo.mensah@se1plumbing.example';
const urgent = newQuoteOf({ persona: 1, serviceType: 'emergency', urgent: true });
const standard = newQuoteOf({ persona: 2, serviceType: 'heating', urgent: false });

const call = { kind: 'call-attempted' } as const;

async function shown(inbox: QuoteInbox, id: string, now: Date): Promise<InboxQuote | undefined> {
  return (await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, now)).quotes.find((quote) => quote.id === id);
}

/** The Waiting view's ids in order, read a page of `limit` at a time. */
async function waitingIds(inbox: QuoteInbox, now: Date, limit?: number): Promise<string[]> {
  return (await readAll(inbox, defaultInboxQuery, now, limit)).quotes.map(({ id }) => id);
}

/**
 * "Called, no answer" (a call-attempted step), as every inbox keeps it, beside the inbox's own
 * contract: `quoteInboxCallAttemptsContract('SQLite', make)`. One that stamps its own who and when is
 * given the staff member it is signed in as, and must take when from the clock the store was made
 * with (the server's): whatever the caller says of either is not what is recorded.
 */
export function quoteInboxCallAttemptsContract<Make extends MakeStore>(
  name: string,
  make: Make,
  ...signedIn: Awaited<ReturnType<Make>>['inbox'] extends SelfStampingQuoteInbox ? [signedIn: { as: string }] : []
): void;
export function quoteInboxCallAttemptsContract(name: string, make: MakeStore, signedIn?: { as: string }): void {
  const recordedBy = (told: string) => signedIn?.as ?? told;

  describe(`${name}: calls nobody answered`, () => {
    test('a call on a waiting request is recorded with who and when, and the request stays waiting', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        clock.time += 12 * minute;
        const at = clock.now();

        const result = await inbox.record({ id: stored.id, step: call, by: jo, at });

        if (result.outcome !== 'recorded') throw new Error(`expected it recorded, got ${result.outcome}`);
        expect(result.quote).toMatchObject({ id: stored.id, status: 'new', respondedAt: null, history: [], taken: null });
        expect(result.quote.callAttempts).toEqual([{ by: recordedBy(jo), at }]);
        expect(result.quote.activity).toEqual([result.entry]);
        expect(result.entry).toMatchObject({ kind: 'call-attempted', by: recordedBy(jo), at });
        expect(await shown(inbox, stored.id, clock.now())).toEqual(result.quote);
        expect(await waitingIds(inbox, clock.now())).toEqual([stored.id]);
      });
    });

    test('each call is kept, oldest first, and the next try falls due 30 minutes after the last', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        const calls = [5, 25].map((minutes) => new Date(clock.time + minutes * minute));
        for (const at of calls) {
          clock.time = at.getTime();
          await recorded(inbox, { id: stored.id, step: call, by: sam, at });
        }

        const quote = await shown(inbox, stored.id, clock.now());
        expect(quote?.callAttempts).toEqual(calls.map((at) => ({ by: recordedBy(sam), at })));
        if (quote === undefined) throw new Error('the request is gone');
        // Urgent, so its promise ran out 30 minutes in; the next try is 55 minutes in, not overdue at 46.
        const minutesIn = (minutes: number) => new Date(stored.createdAt.getTime() + minutes * minute);
        expect(waitingClock(quote, minutesIn(46))).toEqual({ state: 'due-soon', dueAt: minutesIn(55), waitedMinutes: 46, minutesLeft: 9 });
      });
    });

    test('the Waiting view orders a called request by its next try, on every page', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        // Urgent, due at 09:30; standard, due at 11:05; urgent, due at 10:10.
        const first = await repository.insert(urgent);
        clock.time += 5 * minute;
        const second = await repository.insert(standard);
        clock.time += 35 * minute;
        const third = await repository.insert(urgent);
        clock.time += minute;
        // 09:41: the first is overdue and urgent, so it leads.
        expect(await waitingIds(inbox, clock.now())).toEqual([first.id, third.id, second.id]);

        await recorded(inbox, { id: first.id, step: call, by: sam, at: clock.now() });

        // Its next try is 10:11: no longer overdue, it goes after the third (due 10:10), before the standard one.
        expect(await waitingIds(inbox, clock.now())).toEqual([third.id, first.id, second.id]);
        expect(await waitingIds(inbox, clock.now(), 1)).toEqual([third.id, first.id, second.id]);
        clock.time += 31 * minute;
        // 10:12: both urgent ones are overdue again, the one due first leading.
        expect(await waitingIds(inbox, clock.now())).toEqual([third.id, first.id, second.id]);
        // Called too, the third's next try is 10:42: the first, overdue, leads, and the standard one comes last.
        await recorded(inbox, { id: third.id, step: call, by: sam, at: clock.now() });
        expect(await waitingIds(inbox, clock.now(), 2)).toEqual([first.id, third.id, second.id]);
      });
    });

    test('the first call keeps the promise: the response time runs to it, also once it is marked contacted', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        const since = clock.now();
        clock.time += 20 * minute;
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
        clock.time += 15 * minute;
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
        clock.time += 25 * minute;

        const waiting = summariseInbox(await inbox.clockRecords(since), clock.now());
        // Still waiting, and its next try (30 minutes after 35 minutes in) is not due yet.
        expect(waiting).toMatchObject({ waiting: 1, overdue: 0 });
        expect(waiting.periods[0]).toMatchObject({ answered: 1, medianMinutes: 20, withinPromiseShare: 1 });

        clock.time += 10 * minute;
        expect(summariseInbox(await inbox.clockRecords(since), clock.now())).toMatchObject({ waiting: 1, overdue: 1 });
        // An hour and ten minutes in, well past the 30 minute promise, someone picks up.
        const changed = await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at: clock.now() });

        if (changed.quote.respondedAt === null) throw new Error('contacted, but with no response time');
        expect(responseTime(changed.quote, changed.quote.respondedAt)).toEqual({ minutes: 20, withinPromise: true });
        const answered = summariseInbox(await inbox.clockRecords(since), clock.now());
        expect(answered).toMatchObject({ waiting: 0, overdue: 0 });
        expect(answered.periods[0]).toMatchObject({ answered: 1, medianMinutes: 20, withinPromiseShare: 1 });
      });
    });

    test('a first call after the promise ran out is late, and the summary says so', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        const since = clock.now();
        clock.time += 45 * minute;
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });

        const summary = summariseInbox(await inbox.clockRecords(since), clock.now());
        expect(summary.periods[0]).toMatchObject({ answered: 1, medianMinutes: 45, withinPromiseShare: 0 });
      });
    });

    test('only a waiting request takes a call: one moved on, one in Spam and one not there are refused, and nothing is stored', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const contacted = await repository.insert(urgent);
        await recorded(inbox, { id: contacted.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: jo, at: clock.now() });
        const spam = await repository.insert(sampleQuote({ name: 'Cheap links' }), [], { honeypotFilled: true, formToken: null });
        const gone = await repository.insert(standard);
        await repository.delete(gone.id);
        clock.time += minute;

        expect(await inbox.record({ id: contacted.id, step: call, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'contacted' } });
        expect(await inbox.record({ id: spam.id, step: call, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'new' } });
        for (const id of [gone.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
          expect(await inbox.record({ id, step: call, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
        }
        expect((await shown(inbox, contacted.id, clock.now()))?.callAttempts).toEqual([]);
        const held = (await readAll(inbox, { ...defaultInboxQuery, view: 'spam' }, clock.now())).quotes.find(({ id }) => id === spam.id);
        expect(held?.callAttempts).toEqual([]);
      });
    });

    test('calls nobody answered are capped on one request, 4 in an hour: the fifth is refused saying until when, and changes nothing', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        const first = clock.now();
        for (let made = 0; made < 4; made++) {
          await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
          clock.time += minute;
        }
        const before = await shown(inbox, stored.id, clock.now());

        expect(await inbox.record({ id: stored.id, step: call, by: sam, at: clock.now() })).toEqual({
          outcome: 'refused',
          refusal: { reason: 'too-many-calls', limit: 'request-hour', until: new Date(first.getTime() + 60 * minute) },
        });
        // Nothing stored: the card, its calls and its next try are as they were.
        expect(await shown(inbox, stored.id, clock.now())).toEqual(before);
        expect(before?.callAttempts).toHaveLength(4);

        // An hour after the first, it has room for one more.
        clock.time = first.getTime() + 60 * minute;
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
      });
    });

    test('calls nobody answered are capped on one request at 12 a day, however they are spread', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(standard);
        const first = clock.now();
        // Every 16 minutes: never 4 in an hour, 12 in three hours.
        for (let made = 0; made < 12; made++) {
          await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
          clock.time += 16 * minute;
        }
        expect(await inbox.record({ id: stored.id, step: call, by: sam, at: clock.now() })).toEqual({
          outcome: 'refused',
          refusal: { reason: 'too-many-calls', limit: 'request-day', until: new Date(first.getTime() + day) },
        });
        expect((await shown(inbox, stored.id, clock.now()))?.callAttempts).toHaveLength(12);
      });
    });

    test('one person records at most 6 calls nobody answered a minute, over every request', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const requests = [];
        for (let made = 0; made < 8; made++) requests.push(await repository.insert(newQuoteOf({ persona: made, serviceType: 'heating', urgent: false })));
        const first = clock.now();
        for (const stored of requests.slice(0, 6)) {
          await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });
          clock.time += 5_000;
        }
        const seventh = requests[6]?.id ?? '';
        expect(await inbox.record({ id: seventh, step: call, by: sam, at: clock.now() })).toEqual({
          outcome: 'refused',
          refusal: { reason: 'too-many-calls', limit: 'staff-minute', until: new Date(first.getTime() + minute) },
        });
        expect((await shown(inbox, seventh, clock.now()))?.callAttempts).toEqual([]);
        // Someone else, at the same moment, is not held back by it.
        if (signedIn === undefined) await recorded(inbox, { id: seventh, step: call, by: jo, at: clock.now() });
        clock.time = first.getTime() + minute;
        await recorded(inbox, { id: requests[7]?.id ?? '', step: call, by: sam, at: clock.now() });
      });
    });

    test('a request deleted with its calls leaves no trace of them in the response times', async () => {
      const clock = manualClock();
      await withStore(make, clock.now, async ({ repository, inbox }) => {
        const stored = await repository.insert(urgent);
        const since = clock.now();
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: clock.now() });

        expect(await repository.delete(stored.id)).toBe(true);

        expect(await inbox.clockRecords(new Date(since.getTime() - day))).toEqual([]);
        expect(await inbox.record({ id: stored.id, step: call, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
      });
    });
  });
}
