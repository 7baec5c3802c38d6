import fc from 'fast-check';
import { expect, test } from 'vitest';
import { callBackLine } from './call-back';

test.each([
  [true, '2026-03-10T15:40:00Z', "We'll call you by 16:10"],
  [false, '2026-03-10T16:40:00Z', "We'll call you by 18:40, or the next morning if it's late"],
  [true, '2026-07-01T15:40:00Z', "We'll call you by 17:10"],
  // Late at night the time is past midnight; the standard line says a late one may be the next morning.
  [false, '2026-03-10T23:10:00Z', "We'll call you by 01:10, or the next morning if it's late"],
])('urgent %s, received %s: %s', (urgent, at, line) => {
  expect(callBackLine({ urgent, createdAt: new Date(at) })).toBe(line);
});

test('the time said is always a London clock time, and only the standard line allows for the next morning', () => {
  fc.assert(
    fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), fc.boolean(), (createdAt, urgent) => {
      const line = callBackLine({ createdAt, urgent });
      expect(line).toMatch(/^We'll call you by ([01]\d|2[0-3]):[0-5]\d/);
      expect(line.endsWith("or the next morning if it's late")).toBe(!urgent);
    }),
  );
});
