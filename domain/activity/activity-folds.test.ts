import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type Activity } from './activity';
import { customerAuthor, systemAuthor } from './actor';
import { appendToLog, callAttemptsOf, historyOf, logOf, notesOf, reviewStandingOf, spamClearingOf, takingOf, type UnfoldedLife } from './activity-folds';
import { lostReasons, wonValueMaxPence } from '../inbox/job-outcome';
import { quoteStatuses } from '../inbox/quote-status';

const epoch = Date.parse('2026-11-20T09:00:00Z');
const minute = 60_000;
const staff = fc.constantFrom('sam@se1plumbing.example', 'jo@se1plumbing.example');

// Few distinct minutes, so that steps often fall at the same moment: the ties the log must keep in order.
const timeArb = fc.integer({ min: 0, max: 20 }).map((minutes) => new Date(epoch + minutes * minute));
/** Up to `maxLength` times, oldest first, ties and all. */
const timesArb = (maxLength: number) => fc.array(timeArb, { maxLength }).map((times) => times.toSorted((a, b) => a.getTime() - b.getTime()));

const stampArb = fc.record({ by: staff, at: timeArb });

const changeArb = fc.record(
  {
    from: fc.constantFrom(...quoteStatuses),
    to: fc.constantFrom(...quoteStatuses),
    wonPence: fc.integer({ min: 0, max: wonValueMaxPence }),
    lostReason: fc.constantFrom(...lostReasons),
  },
  { requiredKeys: ['from', 'to'] },
);

/** Where asking for a review stands, as a card reads it: only once it was asked, or its link followed. */
const reviewArb = fc.oneof(
  fc.record({ askedAt: timeArb, remindedAt: fc.option(timeArb, { nil: null }), openedAt: fc.option(timeArb, { nil: null }) }),
  fc.record({ askedAt: fc.constant(null), remindedAt: fc.constant(null), openedAt: timeArb }),
);

/** A request's life described the old way: its history oldest first, notes newest first, calls oldest first. */
const lifeArb: fc.Arbitrary<UnfoldedLife> = fc.record(
  {
    history: fc.tuple(timesArb(5), fc.array(changeArb, { minLength: 5, maxLength: 5 }), staff).map(([times, changes, by]) =>
      times.map((at, index) => ({ ...(changes[index] ?? { from: 'new', to: 'contacted' }), by, at })),
    ),
    notes: fc.tuple(timesArb(4), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 })).map(([times, byCustomer]) =>
      times
        .map((at, index) => ({ id: `note-${String(index)}`, text: `Note ${String(index)}`, by: byCustomer[index] ? customerAuthor : 'sam@se1plumbing.example', at }))
        .reverse(),
    ),
    callAttempts: fc.tuple(timesArb(3), staff).map(([times, by]) => times.map((at) => ({ by, at }))),
    taken: fc.option(stampArb, { nil: null }),
    review: reviewArb,
    spam: fc.option(fc.record({ cleared: fc.option(stampArb, { nil: null }) }), { nil: null }),
  },
  { requiredKeys: [] },
);

const counter = () => {
  let count = 0;
  return () => `step-${String((count += 1))}`;
};

test('the folds of the log a life implies give that life back exactly', () => {
  fc.assert(
    fc.property(lifeArb, (life) => {
      const log = logOf(life, counter(), customerAuthor);

      expect(historyOf(log)).toEqual(life.history ?? []);
      expect(notesOf(log)).toEqual(life.notes ?? []);
      expect(callAttemptsOf(log)).toEqual(life.callAttempts ?? []);
      expect(takingOf(log)).toEqual(life.taken ?? null);
      expect(spamClearingOf(log)).toEqual(life.spam?.cleared ?? null);
      expect(reviewStandingOf(log)).toEqual(life.review);
    }),
  );
});

test('the log a life implies is in time order, one entry a step, each with an id of its own; the customer’s notes are theirs, the review the system’s and the customer’s', () => {
  fc.assert(
    fc.property(lifeArb, (life) => {
      const log = logOf(life, counter(), customerAuthor);

      expect(log.map(({ at }) => at.getTime())).toEqual(log.map(({ at }) => at.getTime()).toSorted((a, b) => a - b));
      expect(new Set(log.map(({ id }) => id)).size).toBe(log.length);
      const review = life.review;
      const reviewSteps = review === undefined ? 0 : [review.askedAt, review.remindedAt, review.openedAt].filter((at) => at !== null).length;
      const steps = [life.history, life.notes, life.callAttempts].reduce((sum, list) => sum + (list?.length ?? 0), 0);
      expect(log).toHaveLength(steps + (life.taken ? 1 : 0) + (life.spam?.cleared ? 1 : 0) + reviewSteps);
      for (const entry of log) {
        if (entry.kind === 'customer-wrote' || entry.kind === 'review-opened') expect(entry.by).toBe(customerAuthor);
        if (entry.kind === 'note') expect(entry.by).not.toBe(customerAuthor);
        if (entry.kind === 'review-asked' || entry.kind === 'review-reminded') expect(entry.by).toBe(systemAuthor);
      }
    }),
  );
});

test('nothing described is an empty log, which folds to a request nobody has touched', () => {
  const log = logOf({}, counter(), customerAuthor);
  expect(log).toEqual([]);
  expect({ history: historyOf(log), notes: notesOf(log), calls: callAttemptsOf(log), taken: takingOf(log), cleared: spamClearingOf(log), review: reviewStandingOf(log) }).toEqual({
    history: [],
    notes: [],
    calls: [],
    taken: null,
    cleared: null,
    review: undefined,
  });
});

const entryArb: fc.Arbitrary<Activity> = fc
  .tuple(fc.nat(), timeArb, staff)
  .map(([index, at, by]): Activity => ({ kind: 'note', id: `n-${String(index)}`, text: `Written ${String(index)}`, by, at }));

test('appending keeps the log in time order, and steps at the same moment in the order they were written', () => {
  fc.assert(
    fc.property(fc.array(entryArb, { maxLength: 30 }), (entries) => {
      const written = entries.map((entry, order) => ({ ...entry, id: `n-${String(order)}` }));
      const log = written.reduce<Activity[]>((kept, entry) => appendToLog(kept, entry), []);
      // A stable sort by time: what the log must be.
      expect(log).toEqual(written.toSorted((a, b) => a.at.getTime() - b.at.getTime()));
    }),
  );
});

test('appending leaves the log it was given as it was', () => {
  const first: Activity = { kind: 'taken', id: 'a', by: 'sam@se1plumbing.example', at: new Date(epoch + minute) };
  const log = [first];
  const earlier: Activity = { kind: 'call-attempted', id: 'b', by: 'jo@se1plumbing.example', at: new Date(epoch) };
  expect(appendToLog(log, earlier)).toEqual([earlier, first]);
  expect(log).toEqual([first]);
});
