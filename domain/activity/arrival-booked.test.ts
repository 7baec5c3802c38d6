import * as v from 'valibot';
import { expect, test } from 'vitest';
import { ActivityStepSchema, isStaffStep, type StaffStep } from './activity';
import { customerNoticesOf, describeArrival } from './customer-notices';
import { refusalOf, stepProblem } from './activity-guard';
import { inboxQuoteOf } from './activity-folds';
import { customerDataCsv, customerDataDocument, parseCustomerDataDocument } from '../customer-data/customer-data-export';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';
import { quoteStatuses } from '../inbox/quote-status';

const booking = (from: string, to: string, day = '2026-12-03'): StaffStep => ({ kind: 'arrival-booked', day, from, to });

test('the card reads the window short, the customer long, each two-hour window as staff offer it', () => {
  const windows = [
    ['08:00', '10:00', 'Thu 3 Dec · 8–10am', 'Thursday 3 December between 8am and 10am'],
    ['10:00', '12:00', 'Thu 3 Dec · 10am–12pm', 'Thursday 3 December between 10am and 12pm'],
    ['12:00', '14:00', 'Thu 3 Dec · 12–2pm', 'Thursday 3 December between 12pm and 2pm'],
    ['14:00', '16:00', 'Thu 3 Dec · 2–4pm', 'Thursday 3 December between 2pm and 4pm'],
    ['16:00', '18:00', 'Thu 3 Dec · 4–6pm', 'Thursday 3 December between 4pm and 6pm'],
    ['09:30', '11:15', 'Thu 3 Dec · 9:30–11:15am', 'Thursday 3 December between 9:30am and 11:15am'],
    ['00:00', '00:30', 'Thu 3 Dec · 12–12:30am', 'Thursday 3 December between 12am and 12:30am'],
  ] as const;
  for (const [from, to, short, long] of windows) {
    expect(describeArrival({ day: '2026-12-03', from, to })).toBe(short);
    expect(describeArrival({ day: '2026-12-03', from, to }, 'long')).toBe(long);
  }
  // The weekday is the day's own, across a year's end and a leap day.
  expect(describeArrival({ day: '2024-02-29', from: '08:00', to: '10:00' })).toBe('Thu 29 Feb · 8–10am');
  expect(describeArrival({ day: '2027-01-01', from: '08:00', to: '10:00' }, 'long')).toBe('Friday 1 January between 8am and 10am');
});

test('an arrival is booked only on a job won, and its window must end after it starts', () => {
  for (const status of quoteStatuses) {
    const refusal = refusalOf(booking('08:00', '10:00'), { status, inSpam: false, taken: null });
    expect(refusal).toEqual(status === 'won' ? null : { reason: 'not-won', current: status });
  }
  expect(stepProblem(booking('10:00', '10:00'))).toEqual({ field: 'to', message: 'The window must end after it starts' });
  expect(stepProblem(booking('14:00', '12:00'))).toEqual({ field: 'to', message: 'The window must end after it starts' });
  expect(stepProblem(booking('08:00', '10:00'))).toBeUndefined();
});

test('a booking as staff send it is a staff step; a day or time that is not one names its field', () => {
  const parsed = v.parse(ActivityStepSchema, { kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '10:00' });
  expect(isStaffStep(parsed)).toBe(true);
  const wrong = (step: object) => v.safeParse(ActivityStepSchema, step).issues?.map((issue) => [issue.path?.[0]?.key, issue.message]);
  expect(wrong({ kind: 'arrival-booked', day: '3 Dec', from: '08:00', to: '10:00' })).toEqual([['day', 'Choose the day']]);
  expect(wrong({ kind: 'arrival-booked', day: '2026-12-03', from: '8am', to: '10:00' })).toEqual([['from', 'Choose when the window starts as HH:MM']]);
  expect(wrong({ kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '25:00' })).toEqual([['to', 'Choose when the window ends as HH:MM']]);
});

test("the customer's page says the latest booking only, and nothing of who booked it", () => {
  const stamp = (minutes: number) => ({ id: `b${minutes}`, by: 'sam@se1plumbing.example', at: new Date(Date.UTC(2026, 11, 1, 9, minutes)) });
  expect(customerNoticesOf([])).toEqual([]);
  const log = [
    { kind: 'arrival-booked', day: '2026-12-03', from: '08:00', to: '10:00', ...stamp(1) },
    { kind: 'note', text: 'Bring the long ladder', ...stamp(2) },
    { kind: 'arrival-booked', day: '2026-12-04', from: '14:00', to: '16:00', ...stamp(3) },
  ] as const;
  expect(customerNoticesOf(log)).toEqual(["We'll come on Friday 4 December between 2pm and 4pm"]);
});

test("a booking is in the customer's data, JSON and CSV, and read back from it", () => {
  const won = sampleInboxQuote({ status: 'won' });
  const entry = { kind: 'arrival-booked' as const, id: 'b1', day: '2026-12-03', from: '08:00', to: '10:00', by: 'sam@se1plumbing.example', at: new Date('2026-11-20T09:00:00Z') };
  const data = { requests: [inboxQuoteOf(won, [...won.activity, entry])], emails: [] };
  const subject = { email: won.email, phone: null };
  const document = customerDataDocument(data, subject, new Date('2026-11-21T09:00:00Z'));
  expect(JSON.stringify(document)).toContain('"kind":"arrival-booked"');
  expect(parseCustomerDataDocument(JSON.parse(JSON.stringify(document)))?.requests[0]?.activity.at(-1)).toEqual(entry);
  expect(customerDataCsv(data)).toContain('sam@se1plumbing.example: Booked Thu 3 Dec · 8–10am');
});
