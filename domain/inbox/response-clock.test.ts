import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  type WaitingState,
  describeDuration,
  dueAt,
  firstResponseAt,
  followUpMinutes,
  isOverdueUrgent,
  promiseDueAt,
  promiseMinutes,
  responseTime,
  waitingClock,
} from './response-clock';

const minuteMs = 60_000;
const createdAt = new Date('2026-05-14T09:00:00.000Z');
const at = (minutes: number, ms = 0) => new Date(createdAt.getTime() + minutes * minuteMs + ms);

const dateArb = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
const requestArb = fc.record({ createdAt: dateArb, urgent: fc.boolean() });
/** A moment some way either side of a request's life: up to a day before it and three days after. */
const offsetArb = fc.integer({ min: -24 * 60 * minuteMs, max: 3 * 24 * 60 * minuteMs });
const rank: Readonly<Record<WaitingState, number>> = { 'on-time': 0, 'due-soon': 1, overdue: 2 };

test('the promise is 30 minutes for an urgent request and 2 hours for any other', () => {
  expect(promiseMinutes({ urgent: true })).toBe(30);
  expect(promiseMinutes({ urgent: false })).toBe(120);
});

test('a request falls due its promise after it was stored', () => {
  fc.assert(
    fc.property(requestArb, (request) => {
      expect(dueAt(request).getTime() - request.createdAt.getTime()).toBe((request.urgent ? 30 : 120) * minuteMs);
    }),
  );
});

test('as time passes a waiting request goes on time, due soon, overdue, and never back', () => {
  fc.assert(
    fc.property(requestArb, fc.array(offsetArb, { minLength: 2, maxLength: 20 }), (request, offsets) => {
      const states = [...offsets]
        .sort((a, b) => a - b)
        .map((offset) => waitingClock(request, new Date(request.createdAt.getTime() + offset)).state);
      for (let index = 1; index < states.length; index++) {
        expect(rank[states[index] ?? 'on-time']).toBeGreaterThanOrEqual(rank[states[index - 1] ?? 'on-time']);
      }
    }),
  );
});

test.for([
  { urgent: true, minutes: 0, ms: 0, state: 'on-time', minutesLeft: 30 },
  { urgent: true, minutes: 19, ms: 59_999, state: 'on-time', minutesLeft: 11 },
  { urgent: true, minutes: 20, ms: 0, state: 'due-soon', minutesLeft: 10 },
  { urgent: true, minutes: 30, ms: 0, state: 'due-soon', minutesLeft: 0 },
  { urgent: true, minutes: 30, ms: 1, state: 'overdue', minutesLeft: -1 },
  { urgent: true, minutes: 31, ms: 0, state: 'overdue', minutesLeft: -1 },
  { urgent: true, minutes: 95, ms: 30_000, state: 'overdue', minutesLeft: -66 },
  { urgent: false, minutes: 89, ms: 59_999, state: 'on-time', minutesLeft: 31 },
  { urgent: false, minutes: 90, ms: 0, state: 'due-soon', minutesLeft: 30 },
  { urgent: false, minutes: 120, ms: 0, state: 'due-soon', minutesLeft: 0 },
  { urgent: false, minutes: 120, ms: 1, state: 'overdue', minutesLeft: -1 },
  { urgent: false, minutes: 122, ms: 0, state: 'overdue', minutesLeft: -2 },
] as const)('urgent $urgent, $minutes min $ms ms after it came in: $state, $minutesLeft min left', ({ urgent, minutes, ms, state, minutesLeft }) => {
  const clock = waitingClock({ createdAt, urgent }, at(minutes, ms));
  expect(clock.state).toBe(state);
  // toBe tells 0 from -0: minutesLeft is negative from the first millisecond overdue.
  expect(clock.minutesLeft).toBe(minutesLeft);
  expect(clock.dueAt).toEqual(at(urgent ? 30 : 120));
  expect(clock.waitedMinutes).toBe(minutes);
});

test('minutes left are positive before the due time, zero at it, and never positive after it', () => {
  fc.assert(
    fc.property(requestArb, offsetArb, (request, offset) => {
      const now = new Date(request.createdAt.getTime() + offset);
      const { minutesLeft, state } = waitingClock(request, now);
      const leftMs = dueAt(request).getTime() - now.getTime();
      expect(Number.isInteger(minutesLeft)).toBe(true);
      if (leftMs > 0) expect(minutesLeft).toBeGreaterThan(0);
      if (leftMs === 0) expect(minutesLeft).toBe(0);
      if (leftMs < 0) expect(minutesLeft).toBeLessThan(0);
      if (leftMs <= -minuteMs) expect(minutesLeft).toBeLessThan(0);
      expect(state === 'overdue').toBe(leftMs < 0);
      // Rounded up before the due time, down after it: never more than a minute from the truth.
      expect(Math.abs(minutesLeft * minuteMs - leftMs)).toBeLessThan(minuteMs);
    }),
  );
});

test('minutes waited are whole and never negative, even for a clock behind the request', () => {
  fc.assert(
    fc.property(requestArb, offsetArb, (request, offset) => {
      const { waitedMinutes } = waitingClock(request, new Date(request.createdAt.getTime() + offset));
      expect(Number.isInteger(waitedMinutes)).toBe(true);
      expect(waitedMinutes).toBeGreaterThanOrEqual(0);
      expect(waitedMinutes).toBe(offset < 0 ? 0 : Math.floor(offset / minuteMs));
    }),
  );
});

test('only an urgent request past its due time is overdue urgent', () => {
  fc.assert(
    fc.property(requestArb, offsetArb, (request, offset) => {
      const now = new Date(request.createdAt.getTime() + offset);
      expect(isOverdueUrgent(request, now)).toBe(request.urgent && waitingClock(request, now).state === 'overdue');
    }),
  );
  expect(isOverdueUrgent({ createdAt, urgent: true }, at(30))).toBe(false);
  expect(isOverdueUrgent({ createdAt, urgent: true }, at(30, 1))).toBe(true);
  expect(isOverdueUrgent({ createdAt, urgent: false }, at(600))).toBe(false);
});

test('a response is within the promise exactly when it came by the due time', () => {
  fc.assert(
    fc.property(requestArb, offsetArb, (request, offset) => {
      const respondedAt = new Date(request.createdAt.getTime() + offset);
      const { minutes, withinPromise } = responseTime(request, respondedAt);
      expect(withinPromise).toBe(respondedAt.getTime() <= dueAt(request).getTime());
      expect(minutes).toBe(Math.max(0, Math.floor(offset / minuteMs)));
    }),
  );
});

test.for([
  { urgent: true, minutes: 30, ms: 0, expected: { minutes: 30, withinPromise: true } },
  { urgent: true, minutes: 30, ms: 1, expected: { minutes: 30, withinPromise: false } },
  { urgent: false, minutes: 120, ms: 0, expected: { minutes: 120, withinPromise: true } },
  { urgent: false, minutes: 120, ms: 1, expected: { minutes: 120, withinPromise: false } },
  { urgent: false, minutes: 14, ms: 59_999, expected: { minutes: 14, withinPromise: true } },
])('urgent $urgent answered after $minutes min $ms ms: $expected', ({ urgent, minutes, ms, expected }) => {
  expect(responseTime({ createdAt, urgent }, at(minutes, ms))).toEqual(expected);
});

test.for([
  [0, 'under 1 min'],
  [0.5, 'under 1 min'],
  [-5, 'under 1 min'],
  [1, '1 min'],
  [45, '45 min'],
  [45.9, '45 min'],
  [59, '59 min'],
  [60, '1 h'],
  [125, '2 h 5 min'],
  [1439, '23 h 59 min'],
  [1440, '1 day'],
  [1441, '1 day'],
  [1500, '1 day 1 h'],
  [2880, '2 days'],
  [3 * 1440 + 4 * 60, '3 days 4 h'],
  [3 * 1440 + 4 * 60 + 59, '3 days 4 h'],
] as const)('describeDuration(%s) is %j', ([minutes, text]) => {
  expect(describeDuration(minutes)).toBe(text);
});

test('a duration always reads as days, hours or minutes, largest first, with no zero part', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100 * 1440 }), (minutes) => {
      expect(describeDuration(minutes)).toMatch(/^(?:\d+ days? \d+ h|\d+ days?|\d+ h \d+ min|\d+ h|\d+ min|under 1 min)$/);
      if (minutes > 0) expect(describeDuration(minutes)).not.toMatch(/(?:^|\D)0 /);
    }),
  );
});

/** A request with calls nobody picked up, each some minutes after it arrived (oldest first, as stores keep them). */
const calledArb = fc
  .tuple(requestArb, fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { minLength: 1, maxLength: 6 }))
  .map(([request, minutes]) => ({
    ...request,
    callAttempts: [...minutes].sort((a, b) => a - b).map((after) => ({ at: new Date(request.createdAt.getTime() + after * minuteMs) })),
  }));

test('after a call nobody picked up, the next try falls due 30 minutes after the last one, whatever the promise', () => {
  expect(followUpMinutes).toBe(30);
  fc.assert(
    fc.property(calledArb, (request) => {
      const last = request.callAttempts.at(-1)?.at.getTime() ?? Number.NaN;
      expect(dueAt(request).getTime()).toBe(last + 30 * minuteMs);
      // The promise itself does not move.
      expect(promiseDueAt(request)).toEqual(dueAt({ createdAt: request.createdAt, urgent: request.urgent }));
    }),
  );
  expect(dueAt({ createdAt, urgent: false, callAttempts: [] })).toEqual(at(120));
});

test.for([
  { urgent: true, calls: [12], now: 20, state: 'on-time', minutesLeft: 22, due: 42 },
  { urgent: true, calls: [12], now: 32, state: 'due-soon', minutesLeft: 10, due: 42 },
  { urgent: true, calls: [12], now: 43, state: 'overdue', minutesLeft: -1, due: 42 },
  { urgent: true, calls: [12, 40], now: 43, state: 'on-time', minutesLeft: 27, due: 70 },
  // A standard request's last 30 minutes are due soon: its next try is, from the moment of the call.
  { urgent: false, calls: [14], now: 14, state: 'due-soon', minutesLeft: 30, due: 44 },
  { urgent: false, calls: [14], now: 45, state: 'overdue', minutesLeft: -1, due: 44 },
] as const)('urgent $urgent, called at $calls min, at $now min: $state, $minutesLeft min left', ({ urgent, calls, now, state, minutesLeft, due }) => {
  const request = { createdAt, urgent, callAttempts: calls.map((minutes) => ({ at: at(minutes) })) };
  expect(waitingClock(request, at(now))).toEqual({ state, dueAt: at(due), waitedMinutes: now, minutesLeft });
  expect(isOverdueUrgent(request, at(now))).toBe(urgent && state === 'overdue');
});

test('the first response is the earlier of the first call nobody picked up and when it was marked contacted', () => {
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: null })).toBeNull();
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: null, callAttempts: [] })).toBeNull();
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: at(50) })).toEqual(at(50));
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: null, callAttempts: [{ at: at(20) }, { at: at(35) }] })).toEqual(at(20));
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: at(50), callAttempts: [{ at: at(20) }] })).toEqual(at(20));
  expect(firstResponseAt({ createdAt, urgent: true, respondedAt: at(10), callAttempts: [{ at: at(20) }] })).toEqual(at(10));
});

test('the response time runs to the first call, picked up or not, and is judged against the promise', () => {
  // Rung at 20 minutes, picked up at 70: the 30 minute promise was kept.
  expect(responseTime({ createdAt, urgent: true, callAttempts: [{ at: at(20) }, { at: at(50) }] }, at(70))).toEqual({ minutes: 20, withinPromise: true });
  // Rung first at 45 minutes: late, whoever answered when.
  expect(responseTime({ createdAt, urgent: true, callAttempts: [{ at: at(45) }] }, at(46))).toEqual({ minutes: 45, withinPromise: false });
  fc.assert(
    fc.property(calledArb, offsetArb, (request, offset) => {
      const respondedAt = new Date(request.createdAt.getTime() + Math.abs(offset));
      const first = Math.min(request.callAttempts[0]?.at.getTime() ?? Number.NaN, respondedAt.getTime());
      const { minutes, withinPromise } = responseTime(request, respondedAt);
      expect(minutes).toBe(Math.floor((first - request.createdAt.getTime()) / minuteMs));
      expect(withinPromise).toBe(first <= promiseDueAt(request).getTime());
      // Never longer than without the calls.
      expect(minutes).toBeLessThanOrEqual(responseTime({ createdAt: request.createdAt, urgent: request.urgent }, respondedAt).minutes);
    }),
  );
});
