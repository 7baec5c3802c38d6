import fc from 'fast-check';
import { expect, test } from 'vitest';
import { defaultRetentionMonths, retentionCutoff } from './retention';

const dateArb = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59.999Z'), noInvalidDate: true });
const monthsArb = fc.integer({ min: 1, max: 1200 });

const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
const timeOfDay = (date: Date) => date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
const dayMs = 24 * 60 * 60 * 1000;

test('requests are kept for two years unless configured otherwise', () => {
  expect(defaultRetentionMonths).toBe(24);
});

test.for([
  { now: '2026-05-14T09:30:00.000Z', months: 24, cutoff: '2024-05-14T09:30:00.000Z' },
  { now: '2026-01-15T12:00:00.000Z', months: 1, cutoff: '2025-12-15T12:00:00.000Z' },
  { now: '2024-03-31T23:59:59.999Z', months: 1, cutoff: '2024-02-29T23:59:59.999Z' },
  { now: '2023-03-31T08:00:00.000Z', months: 1, cutoff: '2023-02-28T08:00:00.000Z' },
  { now: '2024-02-29T10:00:00.000Z', months: 24, cutoff: '2022-02-28T10:00:00.000Z' },
  { now: '2024-02-29T10:00:00.000Z', months: 48, cutoff: '2020-02-29T10:00:00.000Z' },
  { now: '2025-12-31T00:00:00.000Z', months: 1, cutoff: '2025-11-30T00:00:00.000Z' },
  { now: '2025-05-31T00:00:00.000Z', months: 3, cutoff: '2025-02-28T00:00:00.000Z' },
])('$months months before $now is $cutoff', ({ now, months, cutoff }) => {
  expect(retentionCutoff(new Date(now), months).toISOString()).toBe(cutoff);
});

test('the cutoff is before now, and further back the more months are kept', () => {
  fc.assert(
    fc.property(dateArb, monthsArb, monthsArb, (now, a, b) => {
      const [fewer, more] = a <= b ? [a, b] : [b, a];
      expect(retentionCutoff(now, fewer).getTime()).toBeLessThan(now.getTime());
      if (fewer < more) expect(retentionCutoff(now, more).getTime()).toBeLessThan(retentionCutoff(now, fewer).getTime());
    }),
  );
});

test('the cutoff is exactly that many calendar months back, same time of day, the day clamped to the month', () => {
  fc.assert(
    fc.property(dateArb, monthsArb, (now, months) => {
      const cutoff = retentionCutoff(now, months);
      expect(monthIndex(now) - monthIndex(cutoff)).toBe(months);
      expect(timeOfDay(cutoff)).toBe(timeOfDay(now));
      const lastDay = new Date(Date.UTC(2000, 0, 1));
      lastDay.setUTCFullYear(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0);
      expect(cutoff.getUTCDate()).toBe(Math.min(now.getUTCDate(), lastDay.getUTCDate()));
    }),
  );
});

test('each month counts between 28 and 31 days', () => {
  fc.assert(
    fc.property(dateArb, monthsArb, (now, months) => {
      const days = (now.getTime() - retentionCutoff(now, months).getTime()) / dayMs;
      // Clamping a 31st to a short month's end takes up to three days more than the months alone.
      expect(days).toBeGreaterThanOrEqual(months * 28);
      expect(days).toBeLessThanOrEqual(months * 31);
    }),
  );
});

test('the arguments are not changed', () => {
  const now = new Date('2024-03-31T12:00:00Z');
  retentionCutoff(now, 1);
  expect(now.toISOString()).toBe('2024-03-31T12:00:00.000Z');
});

test.for([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('a retention of %s months is refused', (months) => {
  expect(() => retentionCutoff(new Date('2024-05-01T00:00:00Z'), months)).toThrow(RangeError);
});

test('an invalid date is refused', () => {
  expect(() => retentionCutoff(new Date('not a date'), 24)).toThrow(RangeError);
});
