import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { BusinessEmail } from './inbox-quote';
import { hasDeliveryTrouble } from './resend-business-email';

const minuteMs = 60_000;
const createdAt = new Date('2026-05-14T09:00:00.000Z');
const after = (ms: number) => new Date(createdAt.getTime() + ms);
const failing: BusinessEmail = { sentAt: null, lastError: 'Connection refused' };

test.for([
  { label: 'failing for exactly 10 minutes', email: failing, waitedMs: 10 * minuteMs, trouble: false },
  { label: 'failing for 10 minutes and 1 ms', email: failing, waitedMs: 10 * minuteMs + 1, trouble: true },
  { label: 'failing for 9 minutes', email: failing, waitedMs: 9 * minuteMs, trouble: false },
  { label: 'failing for a day', email: failing, waitedMs: 24 * 60 * minuteMs, trouble: true },
  { label: 'not yet sent, with no failure, for an hour', email: { sentAt: null, lastError: null }, waitedMs: 60 * minuteMs, trouble: false },
  { label: 'sent after a failure', email: { sentAt: after(12 * minuteMs), lastError: 'Connection refused' }, waitedMs: 60 * minuteMs, trouble: false },
  { label: 'sent at once', email: { sentAt: createdAt, lastError: null }, waitedMs: 60 * minuteMs, trouble: false },
])('an email $label: trouble $trouble', ({ email, waitedMs, trouble }) => {
  expect(hasDeliveryTrouble({ createdAt, businessEmail: email }, after(waitedMs))).toBe(trouble);
});

test('a store that sends no email never flags trouble', () => {
  expect(hasDeliveryTrouble({ createdAt }, after(60 * minuteMs))).toBe(false);
});

test('trouble is an unsent email that has failed, for a request waiting over 10 minutes', () => {
  const emailArb = fc.option(
    fc.record({
      sentAt: fc.option(fc.integer({ min: 0, max: 60 * minuteMs }).map(after), { nil: null }),
      lastError: fc.option(fc.constantFrom('Connection refused', ''), { nil: null }),
    }),
    { nil: undefined },
  );
  const waitedArb = fc.oneof(fc.integer({ min: -minuteMs, max: 2 * 60 * minuteMs }), fc.constantFrom(10 * minuteMs, 10 * minuteMs + 1));
  fc.assert(
    fc.property(emailArb, waitedArb, (email, waitedMs) => {
      const quote = email === undefined ? { createdAt } : { createdAt, businessEmail: email };
      const expected = email?.sentAt === null && email.lastError !== null && waitedMs > 10 * minuteMs;
      expect(hasDeliveryTrouble(quote, after(waitedMs))).toBe(expected);
    }),
  );
});
