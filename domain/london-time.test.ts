import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatLondonIso, londonDay, londonDayStart, londonParts } from './london-time';

const dayMs = 24 * 60 * 60_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test.for([
  ['2026-01-15', '2026-01-15T00:00:00.000Z', 'a winter day, on GMT'],
  ['2026-07-01', '2026-06-30T23:00:00.000Z', 'a summer day, on BST'],
  ['2026-03-29', '2026-03-29T00:00:00.000Z', 'the day the clocks go forward, at 01:00 GMT'],
  ['2026-03-30', '2026-03-29T23:00:00.000Z', 'the day after the clocks go forward'],
  ['2026-10-25', '2026-10-24T23:00:00.000Z', 'the day the clocks go back, at 02:00 BST'],
  ['2026-10-26', '2026-10-26T00:00:00.000Z', 'the day after the clocks go back'],
  ['2024-02-29', '2024-02-29T00:00:00.000Z', 'a leap day'],
  ['2025-12-31', '2025-12-31T00:00:00.000Z', 'the last day of a year'],
] as const)('London midnight on %s is %s (%s)', ([day, start]) => {
  expect(londonDayStart(day)?.toISOString()).toBe(start);
});

test('a London day starts at its midnight: the moment before is the day before', () => {
  const dayArb = fc
    .date({ min: new Date('1972-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => isoDay(date));
  fc.assert(
    fc.property(dayArb, (day) => {
      const start = londonDayStart(day);
      expect(start).toBeDefined();
      if (start === undefined) return;
      expect(londonDay(start)).toBe(day);
      expect(londonParts(start)).toMatchObject({ hour: '00', minute: '00' });
      const previous = isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - dayMs));
      expect(londonDay(new Date(start.getTime() - 1))).toBe(previous);
      // Midnight London is midnight UTC or the hour before it.
      expect([0, 3_600_000]).toContain(Date.parse(`${day}T00:00:00Z`) - start.getTime());
    }),
    { numRuns: 300 },
  );
});

test.for(['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', 'x', '', '2026-1-5', '2026-01-05T00:00', ' 2026-01-05', '20260105'])(
  'londonDayStart(%j) is undefined',
  (day) => {
    expect(londonDayStart(day)).toBeUndefined();
  },
);

test.for([
  ['2026-11-21T09:05:00.000Z', '2026-11-21 09:05', 'winter: London is on UTC'],
  ['2026-07-01T08:30:00.000Z', '2026-07-01 09:30', 'summer: London is an hour ahead'],
  ['2026-06-30T23:30:00.000Z', '2026-07-01 00:30', 'a summer night: the London date is the next day'],
  ['2026-01-01T00:00:00.000Z', '2026-01-01 00:00', 'midnight reads 00, not 24'],
  ['2026-03-29T00:59:59.999Z', '2026-03-29 00:59', 'the last GMT minute before the clocks go forward'],
  ['2026-03-29T01:00:00.000Z', '2026-03-29 02:00', 'the first BST minute'],
  ['2026-10-25T00:30:00.000Z', '2026-10-25 01:30', 'the first 01:30 on the day the clocks go back'],
  ['2026-10-25T01:30:00.000Z', '2026-10-25 01:30', 'the second 01:30'],
] as const)('formatLondonIso(%s) is %s (%s)', ([moment, text]) => {
  expect(formatLondonIso(new Date(moment))).toBe(text);
});

test('a formatted moment is the London day and its wall clock, sortable as text', () => {
  const momentArb = fc.date({ min: new Date('1972-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
  fc.assert(
    fc.property(momentArb, momentArb, (a, b) => {
      const text = formatLondonIso(a);
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d$/);
      expect(text.slice(0, 10)).toBe(londonDay(a));
      // Wall clocks repeat an hour each autumn, so only moments more than an hour apart keep their order.
      if (b.getTime() - a.getTime() > 3_600_000) expect(formatLondonIso(a) <= formatLondonIso(b)).toBe(true);
    }),
  );
});
