import fc from 'fast-check';
import { expect, test } from 'vitest';
import { summariseInbox, summaryPeriods } from './inbox-summary';
import type { ClockRecord } from '../ports/quote-inbox';
import { dueAt } from './response-clock';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const now = new Date('2026-05-14T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/**
 * What a store gives the summary: requests from a little in the future (a clock behind) to 45 days
 * back, some answered within minutes or hours (or, with a clock behind, before they came in).
 */
const recordArb: fc.Arbitrary<ClockRecord> = fc
  .record({
    createdAgoMs: fc.oneof(fc.integer({ min: -10 * minuteMs, max: 45 * dayMs }), fc.constantFrom(7 * dayMs, 7 * dayMs + 1, 30 * dayMs, 30 * dayMs + 1)),
    urgent: fc.boolean(),
    respondedAfterMs: fc.option(fc.integer({ min: -minuteMs, max: 6 * 60 * minuteMs }), { nil: null }),
  })
  .map(({ createdAgoMs, urgent, respondedAfterMs }) => {
    const createdAt = ago(createdAgoMs);
    return { createdAt, urgent, respondedAt: respondedAfterMs === null ? null : new Date(createdAt.getTime() + respondedAfterMs) };
  });
const recordsArb = fc.array(recordArb, { maxLength: 40 });

const inPeriod = (days: number) => (record: ClockRecord) =>
  record.createdAt.getTime() >= now.getTime() - days * dayMs && record.createdAt.getTime() <= now.getTime();
const answeredMinutes = (record: ClockRecord) =>
  record.respondedAt === null ? [] : [Math.max(0, Math.floor((record.respondedAt.getTime() - record.createdAt.getTime()) / minuteMs))];
const isOverdue = (record: ClockRecord) => record.respondedAt === null && dueAt(record).getTime() < now.getTime();

test('waiting counts every request not yet answered, and overdue those of them past their promise', () => {
  fc.assert(
    fc.property(recordsArb, (records) => {
      const { waiting, overdue } = summariseInbox(records, now);
      expect(waiting).toBe(records.filter((record) => record.respondedAt === null).length);
      expect(overdue).toBe(records.filter(isOverdue).length);
      expect(overdue).toBeLessThanOrEqual(waiting);
    }),
  );
});

test('the median response time lies between the quickest and slowest answer, and is null only when none was answered', () => {
  fc.assert(
    fc.property(recordsArb, (records) => {
      for (const period of summariseInbox(records, now).periods) {
        const minutes = records.filter(inPeriod(period.days)).flatMap(answeredMinutes);
        expect(period.answered).toBe(minutes.length);
        if (minutes.length === 0) {
          expect(period.medianMinutes).toBeNull();
        } else {
          expect(period.medianMinutes).toBeGreaterThanOrEqual(Math.min(...minutes));
          expect(period.medianMinutes).toBeLessThanOrEqual(Math.max(...minutes));
          expect(Number.isInteger(period.medianMinutes)).toBe(true);
        }
      }
    }),
  );
});

test('the share within the promise is between 0 and 1, and null only when no request has come due', () => {
  fc.assert(
    fc.property(recordsArb, (records) => {
      for (const period of summariseInbox(records, now).periods) {
        const received = records.filter(inPeriod(period.days));
        const decided = received.filter((record) => record.respondedAt !== null || isOverdue(record)).length;
        if (decided === 0) {
          expect(period.withinPromiseShare).toBeNull();
        } else {
          expect(period.withinPromiseShare).toBeGreaterThanOrEqual(0);
          expect(period.withinPromiseShare).toBeLessThanOrEqual(1);
          // A share of whole requests: decided times it is a count.
          expect(Math.abs((period.withinPromiseShare ?? 0) * decided - Math.round((period.withinPromiseShare ?? 0) * decided))).toBeLessThan(1e-9);
        }
      }
    }),
  );
});

test('a request received outside a period never counts in it', () => {
  fc.assert(
    fc.property(recordsArb, (records) => {
      const all = summariseInbox(records, now).periods;
      for (const [index, days] of summaryPeriods.entries()) {
        expect(summariseInbox(records.filter(inPeriod(days)), now).periods[index]).toEqual(all[index]);
      }
    }),
  );
});

test('the periods are the last 7 and 30 days, and the longer holds every answer of the shorter', () => {
  fc.assert(
    fc.property(recordsArb, (records) => {
      const [week, month] = summariseInbox(records, now).periods;
      expect(week?.days).toBe(7);
      expect(month?.days).toBe(30);
      expect(week?.answered).toBeLessThanOrEqual(month?.answered ?? 0);
    }),
  );
});

test('an empty inbox has nothing waiting and no figures', () => {
  expect(summariseInbox([], now)).toEqual({
    waiting: 0,
    overdue: 0,
    periods: [
      { days: 7, answered: 0, medianMinutes: null, withinPromiseShare: null },
      { days: 30, answered: 0, medianMinutes: null, withinPromiseShare: null },
    ],
  });
});

test('figures worked by hand: an even count in the week, an odd count in the month', () => {
  const answered = (createdAgoMs: number, urgent: boolean, afterMs: number): ClockRecord => {
    const createdAt = ago(createdAgoMs);
    return { createdAt, urgent, respondedAt: new Date(createdAt.getTime() + afterMs) };
  };
  const records: ClockRecord[] = [
    answered(2 * 60 * minuteMs, true, 12 * minuteMs + 59_999), // 12 min, within 30
    answered(dayMs, false, 150 * minuteMs), // 150 min, over 120
    answered(3 * dayMs, true, 30 * minuteMs), // 30 min, within (exactly at the due time)
    answered(20 * dayMs, false, 45 * minuteMs), // month only: 45 min, within
    { createdAt: ago(40 * minuteMs), urgent: true, respondedAt: null }, // waiting, overdue by 10 min
    { createdAt: ago(60 * minuteMs), urgent: false, respondedAt: null }, // waiting, due in an hour
    { createdAt: ago(45 * dayMs), urgent: true, respondedAt: null }, // waiting, overdue, in no period
    answered(10 * dayMs, false, 100 * minuteMs), // month only: 100 min, within
    answered(7 * dayMs, true, 31 * minuteMs), // the week's first moment: 31 min, over 30
    answered(7 * dayMs + 1, false, 200 * minuteMs), // month only: 200 min, over 120
  ];
  expect(summariseInbox(records, now)).toEqual({
    waiting: 3,
    overdue: 2,
    periods: [
      // 12, 30, 31, 150: the middle two average 30.5, rounded to 31; within: 12 and 30 of 4 answered + 1 overdue.
      { days: 7, answered: 4, medianMinutes: 31, withinPromiseShare: 2 / 5 },
      // 12, 30, 31, 45, 100, 150, 200: 45; within: 12, 30, 45, 100 of 7 answered + 1 overdue.
      { days: 30, answered: 7, medianMinutes: 45, withinPromiseShare: 4 / 8 },
    ],
  });
});

test('a median of two answers is their mean, rounded to a whole minute', () => {
  const records: ClockRecord[] = [
    { createdAt: ago(3 * 60 * minuteMs), urgent: true, respondedAt: ago(3 * 60 * minuteMs - 10 * minuteMs) },
    { createdAt: ago(5 * 60 * minuteMs), urgent: true, respondedAt: ago(5 * 60 * minuteMs - 25 * minuteMs) },
  ];
  const [week] = summariseInbox(records, now).periods;
  expect(week).toEqual({ days: 7, answered: 2, medianMinutes: 18, withinPromiseShare: 1 });
});

test('a request waiting within its promise is counted neither for nor against it', () => {
  const records: ClockRecord[] = [{ createdAt: ago(29 * minuteMs), urgent: true, respondedAt: null }];
  expect(summariseInbox(records, now)).toMatchObject({ waiting: 1, overdue: 0 });
  expect(summariseInbox(records, now).periods.map((period) => period.withinPromiseShare)).toEqual([null, null]);
});

test('an urgent request is overdue one millisecond after its due time, not at it', () => {
  const dueNow: ClockRecord = { createdAt: ago(30 * minuteMs), urgent: true, respondedAt: null };
  const dueJustBefore: ClockRecord = { createdAt: ago(30 * minuteMs + 1), urgent: true, respondedAt: null };
  expect(summariseInbox([dueNow], now).overdue).toBe(0);
  expect(summariseInbox([dueJustBefore], now).overdue).toBe(1);
  expect(summariseInbox([dueJustBefore], now).periods.map((period) => period.withinPromiseShare)).toEqual([0, 0]);
});

test('a request stamped after now, by a clock ahead, counts as waiting but in no period yet', () => {
  const future = (ms: number) => new Date(now.getTime() + ms);
  const records: ClockRecord[] = [
    { createdAt: future(minuteMs), urgent: false, respondedAt: future(2 * minuteMs) },
    { createdAt: future(minuteMs), urgent: true, respondedAt: null },
  ];
  const summary = summariseInbox(records, now);
  expect(summary).toMatchObject({ waiting: 1, overdue: 0 });
  expect(summary.periods.map((period) => period.answered)).toEqual([0, 0]);
});

test('a call nobody picked up keeps the promise: the request still waits, is timed to the call, and is overdue only past its next try', () => {
  const minutes = (count: number) => count * minuteMs;
  const calledInTime: ClockRecord = { createdAt: ago(minutes(40)), urgent: true, respondedAt: null, callAttempts: [{ at: ago(minutes(25)) }] };
  const calledTwiceNotAgain: ClockRecord = { createdAt: ago(minutes(90)), urgent: true, respondedAt: null, callAttempts: [{ at: ago(minutes(70)) }, { at: ago(minutes(50)) }] };
  // Picked up 130 minutes in, past the 2 hour promise, but first rung at 100.
  const answeredAfterACall: ClockRecord = { createdAt: ago(minutes(200)), urgent: false, respondedAt: ago(minutes(70)), callAttempts: [{ at: ago(minutes(100)) }] };

  const summary = summariseInbox([calledInTime, calledTwiceNotAgain, answeredAfterACall], now);

  expect(summary).toMatchObject({ waiting: 2, overdue: 1 });
  expect(summary.periods[0]).toEqual({ days: 7, answered: 3, medianMinutes: 20, withinPromiseShare: 1 });
  const uncalled = { ...answeredAfterACall };
  delete uncalled.callAttempts;
  expect(summariseInbox([uncalled], now).periods[0]).toEqual({ days: 7, answered: 1, medianMinutes: 130, withinPromiseShare: 0 });
});

test('a first call after the promise ran out counts against it, as a late answer does', () => {
  const late: ClockRecord = { createdAt: ago(60 * minuteMs), urgent: true, respondedAt: null, callAttempts: [{ at: ago(15 * minuteMs) }] };
  expect(summariseInbox([late], now).periods[0]).toEqual({ days: 7, answered: 1, medianMinutes: 45, withinPromiseShare: 0 });
});
