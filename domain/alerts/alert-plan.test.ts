import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  type AlertPolicy,
  type AlertRecord,
  type AlertableRequest,
  alertLadder,
  alertWindowMinutes,
  defaultAlertPolicy,
  describeAlertRecord,
  describeTaking,
  dueAlertStep,
  planAlert,
  takesRequest,
} from './alert-plan';
import type { OnCallShift } from './on-call';
import { quoteStatuses } from '../inbox/quote-status';

const minuteMs = 60_000;
const createdAt = new Date('2026-11-23T15:38:00Z');
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * minuteMs);
const sam = 'sam@se1plumbing.example';
const jo = 'jo@se1plumbing.example';
const alex = 'alex@se1plumbing.example';
const staff = [sam, jo, alex];
// Monday 23 November 2026: Sam is on call all Monday.
const samOnMonday: OnCallShift[] = [{ staff: sam, day: 'monday', start: '00:00', end: '00:00' }];
const audience = { staff, rota: samOnMonday };

const waiting = (urgent: boolean): AlertableRequest => ({ createdAt, urgent, status: 'new', taken: null });

/** Plans at each of `minutes` in turn, as a server's timer would, and gives what was sent. */
function run(request: AlertableRequest, minutes: readonly number[], policy: AlertPolicy = defaultAlertPolicy, takenAt?: number): AlertRecord[] {
  const sent: AlertRecord[] = [];
  for (const minute of minutes) {
    const now = at(minute);
    const taken = takenAt !== undefined && minute >= takenAt ? { by: jo, at: at(takenAt) } : null;
    const record = planAlert({ ...request, taken }, sent, audience, now, policy);
    if (record) sent.push(record);
  }
  return sent;
}

const everyMinute = (until: number) => Array.from({ length: until + 1 }, (_, minute) => minute);

test('an urgent request nobody takes alerts whoever is on call at once, everyone else after 10 minutes, and everyone when due soon', () => {
  const sent = run(waiting(true), everyMinute(180));
  expect(sent.map(({ step, at: when, recipients }) => [step, (when.getTime() - createdAt.getTime()) / minuteMs, recipients])).toEqual([
    ['new', 0, [sam]],
    ['escalated', 10, [jo, alex]],
    ['due-soon', 20, staff],
  ]);
  expect(sent.map(describeAlertRecord)).toEqual(['Alerted Sam', 'Escalated to all', 'Due soon: alerted all']);
});

test('a standard request alerts on call at once and reminds them once, 30 minutes before its promise runs out', () => {
  const sent = run(waiting(false), everyMinute(24 * 60));
  expect(sent.map(({ step, at: when }) => [step, (when.getTime() - createdAt.getTime()) / minuteMs])).toEqual([
    ['new', 0],
    ['reminder', 90],
  ]);
  expect(sent.map(describeAlertRecord)).toEqual(['Alerted Sam', 'Reminded Sam']);
});

test('ESCALATE_AFTER_MINUTES moves the escalation', () => {
  const sent = run(waiting(true), everyMinute(60), { escalateAfterMinutes: 3 });
  expect(sent.map(({ step, at: when }) => [step, (when.getTime() - createdAt.getTime()) / minuteMs])).toEqual([
    ['new', 0],
    ['escalated', 3],
    ['due-soon', 20],
  ]);
});

test('a server back from an outage sends the latest step only, and never the ones it passed over', () => {
  const sent = run(waiting(true), [0, 25, 26, 40]);
  expect(sent.map(({ step }) => step)).toEqual(['new', 'due-soon']);
});

test('a request older than the alert window alerts nobody', () => {
  expect(dueAlertStep(waiting(false), [], at(alertWindowMinutes + 1), defaultAlertPolicy)).toBeUndefined();
  expect(dueAlertStep(waiting(false), [], at(alertWindowMinutes), defaultAlertPolicy)).toBe('reminder');
});

test('with nobody on the rota, everyone is alerted, and the card says so', () => {
  const record = planAlert(waiting(true), [], { staff, rota: [] }, at(0), defaultAlertPolicy);
  expect(record).toMatchObject({ step: 'new', recipients: staff, everyone: true });
  expect(record && describeAlertRecord(record)).toBe('Alerted all');
});

test('any move out of waiting takes a request; the card names who', () => {
  expect(quoteStatuses.filter(takesRequest)).toEqual(['contacted', 'quoted', 'won', 'done', 'lost']);
  expect(describeTaking({ by: 'jo.mensah@se1plumbing.example' })).toBe('Taken by Jo');
});

const policyArb = fc.record({ escalateAfterMinutes: fc.integer({ min: 1, max: 60 }) });
/** Planning moments a server might hit: sorted minutes, some close together, some far apart. */
const ticksArb = fc.uniqueArray(fc.integer({ min: 0, max: 26 * 60 }), { minLength: 1, maxLength: 60 }).map((ticks) => ticks.sort((a, b) => a - b));
const scenarioArb = fc.record({
  urgent: fc.boolean(),
  policy: policyArb,
  ticks: ticksArb,
  takenAt: fc.option(fc.integer({ min: 0, max: 26 * 60 }), { nil: undefined }),
});

test('a request that has been taken never alerts again', () => {
  fc.assert(
    fc.property(scenarioArb, ({ urgent, policy, ticks, takenAt }) => {
      const sent = run(waiting(urgent), ticks, policy, takenAt);
      if (takenAt !== undefined) expect(sent.filter(({ at: when }) => when.getTime() >= at(takenAt).getTime())).toEqual([]);
    }),
  );
});

test('no step fires before its time, and none fires twice', () => {
  fc.assert(
    fc.property(scenarioArb, ({ urgent, policy, ticks, takenAt }) => {
      const sent = run(waiting(urgent), ticks, policy, takenAt);
      const ladder = alertLadder({ createdAt, urgent }, policy);
      for (const record of sent) {
        const due = ladder.find(({ step }) => step === record.step);
        expect(due).toBeDefined();
        expect(record.at.getTime()).toBeGreaterThanOrEqual(due?.at.getTime() ?? Infinity);
      }
      expect(new Set(sent.map(({ step }) => step)).size).toBe(sent.length);
      if (urgent) {
        for (const record of sent.filter(({ step }) => step === 'escalated')) {
          expect(record.at.getTime() - createdAt.getTime()).toBeGreaterThanOrEqual(policy.escalateAfterMinutes * minuteMs);
        }
      }
    }),
  );
});

test('every alert is for a waiting request nobody has taken, within the alert window', () => {
  fc.assert(
    fc.property(
      scenarioArb,
      fc.constantFrom(...quoteStatuses),
      fc.option(fc.record({ by: fc.constant(jo), at: fc.constant(createdAt) }), { nil: null }),
      ({ urgent, policy, ticks }, status, taken) => {
        const request: AlertableRequest = { createdAt, urgent, status, taken };
        for (const minute of ticks) {
          const step = dueAlertStep(request, [], at(minute), policy);
          if (step !== undefined) {
            expect(status).toBe('new');
            expect(taken).toBeNull();
            expect(minute).toBeLessThanOrEqual(alertWindowMinutes);
          }
        }
      },
    ),
  );
});

test('escalation reaches exactly those not yet alerted, so every staff member hears of an urgent request once before it is due soon', () => {
  fc.assert(
    fc.property(policyArb.filter(({ escalateAfterMinutes }) => escalateAfterMinutes < 20), (policy) => {
      const sent = run(waiting(true), everyMinute(19), policy);
      const heard = sent.flatMap(({ recipients }) => recipients);
      expect([...heard].sort()).toEqual([...staff].sort());
    }),
  );
});
