import fc from 'fast-check';
import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { ClockRecord, QuoteInbox } from '../../domain/ports/quote-inbox';
import { currentOutcome, type JobOutcome } from '../../domain/inbox/job-outcome';
import { nextStatuses, quoteStatuses, type QuoteStatus } from '../../domain/inbox/quote-status';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { newQuoteOf } from './inbox-seed.test-support';
import { recorded } from './recorded-step.test-support';
import { type MakeStore, readAll, requestOf, withStore } from './store-under-test.test-support';

const minute = 60_000;
const day = 24 * 60 * minute;
const sam = 'sam.porter@se1plumbing.example';
const alex = 'alex.kim@se1plumbing.example';
const unknownIds = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
const aRequest = newQuoteOf({ persona: 0, serviceType: 'heating', urgent: true });

/** The request as the inbox shows it now (view 'all'), or undefined. */
async function shown(inbox: QuoteInbox, id: string, now: Date): Promise<InboxQuote | undefined> {
  const { quotes } = await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, now);
  return quotes.find((quote) => quote.id === id);
}

/**
 * Status changes, notes and the response clock's records, and resending for an unknown request.
 * `stampedBy` is the staff member an inbox that stamps its own records; undefined for one told who.
 */
export function quoteInboxChangesContract(make: MakeStore, stampedBy: string | undefined): void {
  const stamps = stampedBy !== undefined;

  /** Checks who and when a store recorded: what was passed, or, for a store that stamps its own, plausible. */
  function expectRecorded(actual: { by: string; at: Date }, passed: { by: string; at: Date }): void {
    if (!stamps) {
      expect({ by: actual.by, at: actual.at }).toEqual({ by: passed.by, at: passed.at });
      return;
    }
    expect(actual.by).toBe(stampedBy);
    expectPlausible(actual.at, passed.at);
  }

  function expectPlausible(actual: Date | null, passed: Date): void {
    expect(actual).toBeInstanceOf(Date);
    const time = actual?.getTime() ?? Number.NaN;
    // Its own clock may be the real one or the test's: a day either side of both is plausible.
    expect(time).toBeGreaterThanOrEqual(Math.min(passed.getTime(), Date.now()) - day);
    expect(time).toBeLessThanOrEqual(Math.max(passed.getTime(), Date.now()) + day);
  }

  // A store stamping its own times needs them apart to tell which came first.
  const pause = () => (stamps ? new Promise((resolve) => setTimeout(resolve, 5)) : Promise.resolve());

  test('new to contacted records the response time and one history entry; the answer is what the inbox then shows', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      clock.time += 12 * minute;
      const at = clock.now();

      const result = await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at });

      if (result.outcome !== 'recorded') throw new Error(`expected a change, got ${result.outcome}`);
      expect(result.quote).toMatchObject({ ...stored, status: 'contacted', notes: [] });
      // The move is the entry written, after its taking by the same person at the same time.
      expect(result.entry).toMatchObject({ kind: 'status-moved', from: 'new', to: 'contacted' });
      expect(result.quote.activity.map(({ kind }) => kind)).toEqual(['taken', 'status-moved']);
      expect(result.quote.activity.at(-1)).toEqual(result.entry);
      expect(result.quote.history).toHaveLength(1);
      expect(result.quote.history[0]).toMatchObject({ from: 'new', to: 'contacted' });
      expectRecorded(result.quote.history[0] ?? { by: '', at: new Date(Number.NaN) }, { by: sam, at });
      if (stamps) expectPlausible(result.quote.respondedAt, at);
      else expect(result.quote.respondedAt).toEqual(at);
      expect(await shown(inbox, stored.id, clock.now())).toEqual(result.quote);
    });
  });

  test("a won job's value and a lost job's reason are kept on their moves, and read back with the request", async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      const moves: [QuoteStatus, QuoteStatus, JobOutcome][] = [
        ['new', 'contacted', {}],
        ['contacted', 'won', { wonPence: 125_050 }],
        ['won', 'lost', { lostReason: 'went-elsewhere' }],
        ['lost', 'contacted', {}],
        ['contacted', 'won', {}],
      ];
      for (const [from, to, outcome] of moves) {
        clock.time += minute;
        await pause();
        const result = await inbox.record({ id: stored.id, step: { kind: 'status-moved', from, to, ...outcome }, by: sam, at: clock.now() });
        expect(result.outcome).toBe('recorded');
      }
      const quote = await shown(inbox, stored.id, clock.now());
      expect(quote?.history.map(({ to, wonPence, lostReason }) => ({ to, wonPence, lostReason }))).toEqual(
        moves.map(([, to, outcome]) => ({ to, wonPence: undefined, lostReason: undefined, ...outcome })),
      );
      // Won again without a value: the earlier value stays in the history, and is not the job's now.
      expect(quote && currentOutcome(quote)).toEqual({});
    });
  });

  test('later moves keep the first response time and add to the history, oldest first', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      const moves: [QuoteStatus, QuoteStatus, string][] = [
        ['new', 'contacted', sam],
        ['contacted', 'quoted', alex],
        ['quoted', 'won', sam],
        ['won', 'lost', alex],
        ['lost', 'contacted', sam],
      ];
      let respondedAt: Date | null = null;
      const passed: { by: string; at: Date }[] = [];
      for (const [from, to, by] of moves) {
        clock.time += 7 * minute;
        await pause();
        const at = clock.now();
        passed.push({ by, at });
        const result = await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from, to }, by, at });
        respondedAt ??= result.quote.respondedAt;
        expect(result.quote.status).toBe(to);
        expect(result.quote.respondedAt).toEqual(respondedAt);
        expect(await shown(inbox, stored.id, clock.now())).toEqual(result.quote);
      }
      const final = await shown(inbox, stored.id, clock.now());
      expect(final?.history.map(({ from, to }) => [from, to])).toEqual(moves.map(([from, to]) => [from, to]));
      final?.history.forEach((change, index) => {
        expectRecorded(change, passed[index] ?? { by: '', at: new Date(Number.NaN) });
      });
      if (stamps) expect(final?.history.map(({ at }) => at.getTime())).toEqual(final?.history.map(({ at }) => at.getTime()).sort((a, b) => a - b));
    });
  });

  test('a change from a status the request has left is a conflict with where it is now, and changes nothing', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      const at = clock.now();
      await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at });
      const before = await shown(inbox, stored.id, clock.now());

      clock.time += minute;
      const later = clock.now();
      expect(await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: alex, at: later })).toEqual({
        outcome: 'refused',
        refusal: { reason: 'moved', current: 'contacted' },
      });
      expect(await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'quoted', to: 'won' }, by: alex, at: later })).toEqual({
        outcome: 'refused',
        refusal: { reason: 'moved', current: 'contacted' },
      });
      expect(await shown(inbox, stored.id, clock.now())).toEqual(before);
    });
  });

  test('changing a request that is not there is not-found, whatever its id looks like', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const gone = requestOf(await repository.insert(aRequest));
      await repository.delete(gone.id);
      for (const id of [...unknownIds, gone.id]) {
        expect(await inbox.record({ id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
      }
    });
  });

  test('any run of moves, some from a stale status: each changes exactly when its from is current', async () => {
    const attemptArb = fc.record({ stale: fc.boolean(), staleFrom: fc.constantFrom(...quoteStatuses), pick: fc.nat() });
    const clock = manualClock();
    // One store for every run, a new request in each: a database store is slow to make.
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      await fc.assert(
        fc.asyncProperty(fc.array(attemptArb, { maxLength: 6 }), async (attempts) => {
          const stored = requestOf(await repository.insert(aRequest));
          let current: QuoteStatus = 'new';
          const made: [QuoteStatus, QuoteStatus][] = [];
          for (const { stale, staleFrom, pick } of attempts) {
            const from: QuoteStatus = stale ? staleFrom : current;
            const choices: readonly QuoteStatus[] = nextStatuses[from];
            const to: QuoteStatus = choices[pick % choices.length] ?? 'contacted';
            clock.time += minute;
            await pause();
            const at = clock.now();
            const result = await inbox.record({ id: stored.id, step: { kind: 'status-moved', from, to }, by: sam, at });
            if (from === current) {
              expect(result).toMatchObject({ outcome: 'recorded', quote: { status: to } });
              made.push([from, to]);
              current = to;
            } else {
              expect(result).toEqual({ outcome: 'refused', refusal: { reason: 'moved', current } });
            }
          }
          const final = await shown(inbox, stored.id, clock.now());
          expect(final?.status).toBe(current);
          expect(final?.history.map(({ from, to }) => [from, to])).toEqual(made);
          expect(final?.respondedAt === null).toBe(made.length === 0);
        }),
        { numRuns: 15 },
      );
    });
  });

  test('a note comes back as stored, and the inbox shows notes newest first', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      const added = [];
      for (const [text, by] of [
        ['Rang, no answer.', sam],
        ['Spoke to her: come round after 4pm.', alex],
        ['Quoted £180 for the valve.', sam],
      ] as const) {
        clock.time += 5 * minute;
        await pause();
        const at = clock.now();
        const { entry } = await recorded(inbox, { id: stored.id, step: { kind: 'note', text }, by, at });
        if (entry.kind !== 'note') throw new Error(`a note was recorded as ${entry.kind}`);
        const note = { id: entry.id, text: entry.text, by: entry.by, at: entry.at };
        expect(note.text).toBe(text);
        expect(typeof note.id).toBe('string');
        expect(note.id).not.toBe('');
        expectRecorded(note, { by, at });
        added.push(note);
      }
      const quote = await shown(inbox, stored.id, clock.now());
      expect(quote?.notes).toEqual([...added].reverse());
      expect(new Set(added.map(({ id }) => id)).size).toBe(3);
      // A note is no change of status.
      expect(quote).toMatchObject({ status: 'new', respondedAt: null, history: [] });
    });
  });

  test('a note keeps its text exactly: lines, quotes, emoji, markup', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const stored = requestOf(await repository.insert(aRequest));
      const text = 'Rang twice.\nShe said: "back door, it\'s the blue one" 🚪\r\n\tCode 4#2 <b>not bold</b>; -- \'); drop table x; ß Zoë 100%_';
      const { entry } = await recorded(inbox, { id: stored.id, step: { kind: 'note', text }, by: sam, at: clock.now() });
      expect(entry).toMatchObject({ kind: 'note', text });
      expect((await shown(inbox, stored.id, clock.now()))?.notes.map((shownNote) => shownNote.text)).toEqual([text]);
    });
  });

  test('a note on a request that is not there is not-found, and stored nowhere', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const other = requestOf(await repository.insert(aRequest));
      for (const id of unknownIds) expect(await inbox.record({ id, step: { kind: 'note', text: 'Lost note' }, by: sam, at: clock.now() })).toEqual({ outcome: 'not-found' });
      expect((await shown(inbox, other.id, clock.now()))?.notes).toEqual([]);
    });
  });

  test('clock records: every request received since, and every one still waiting however old', async () => {
    const asOf = Date.parse('2024-05-31T12:00:00Z');
    const since = new Date(asOf - 30 * day);
    const clock = manualClock();
    await withStore(make, clock.now, async ({ repository, inbox }) => {
      const expected: ClockRecord[] = [];
      const add = async (createdAt: number, urgent: boolean, answerAfterMinutes: number | null, kept: boolean) => {
        clock.time = createdAt;
        const stored = requestOf(await repository.insert({ ...aRequest, urgent }));
        let respondedAt: Date | null = null;
        if (answerAfterMinutes !== null) {
          clock.time = createdAt + answerAfterMinutes * minute;
          const at = clock.now();
          const result = await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: sam, at });
          respondedAt = result.quote.respondedAt;
          // Moving on later keeps the response time.
          clock.time += minute;
          await recorded(inbox, { id: stored.id, step: { kind: 'status-moved', from: 'contacted', to: 'quoted' }, by: sam, at: clock.now() });
        }
        if (kept) expected.push({ createdAt: stored.createdAt, urgent, respondedAt });
      };
      await add(asOf - 40 * day, false, null, true); // waiting for 40 days: still counts
      await add(asOf - 39 * day, true, 20, false); // answered, but received before the period
      await add(since.getTime() - 1, false, 90, false); // a millisecond too early
      await add(since.getTime(), true, 45, true); // exactly at the start
      await add(asOf - day, true, 25, true);
      await add(asOf - 3 * 60 * minute, false, 150, true);
      await add(asOf - 5 * minute, true, null, true);

      const key = ({ createdAt, urgent }: ClockRecord) => `${String(createdAt.getTime()).padStart(15, '0')}${String(urgent)}`;
      const records = [...(await inbox.clockRecords(since))].sort((a, b) => key(a).localeCompare(key(b)));
      expect(records.map(({ createdAt, urgent, respondedAt }) => ({ createdAt, urgent, respondedAt }))).toEqual(
        expected.sort((a, b) => key(a).localeCompare(key(b))),
      );
    });
  });

  test('resending the business email about a request that is not there is not-found', async () => {
    const clock = manualClock();
    await withStore(make, clock.now, async ({ inbox }) => {
      for (const id of unknownIds) expect(await inbox.resendBusinessEmail(id, clock.now())).toBe('not-found');
    });
  });
}
