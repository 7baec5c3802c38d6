import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StaffStep } from './activity';
import { type GuardedState, refusalOf, stepProblem, stepsRecorded } from './activity-guard';
import { wonValueMaxPence } from '../inbox/job-outcome';
import { canChangeStatus, quoteStatuses } from '../inbox/quote-status';

const sam = { by: 'sam@se1plumbing.example', at: new Date('2026-11-20T09:10:00Z') };
const waiting: GuardedState = { status: 'new', inSpam: false, taken: null };
const contacted = { kind: 'status-moved', from: 'new', to: 'contacted' } as const;

const stateArb: fc.Arbitrary<GuardedState> = fc.record({
  status: fc.constantFrom(...quoteStatuses),
  inSpam: fc.boolean(),
  taken: fc.option(fc.constant(sam), { nil: null }),
});

const stepArb: fc.Arbitrary<StaffStep> = fc.oneof(
  fc.record({ kind: fc.constant('status-moved' as const), from: fc.constantFrom(...quoteStatuses), to: fc.constantFrom(...quoteStatuses) }),
  fc.record({ kind: fc.constant('note' as const), text: fc.constant('Rang back') }),
  fc.constantFrom<StaffStep>({ kind: 'call-attempted' }, { kind: 'taken' }, { kind: 'spam-cleared' }),
);

test('a move from a status the request has left is refused with where it is now', () => {
  expect(refusalOf(contacted, { ...waiting, status: 'contacted' })).toEqual({ reason: 'moved', current: 'contacted' });
  expect(refusalOf({ kind: 'status-moved', from: 'contacted', to: 'quoted' }, { ...waiting, status: 'lost', taken: sam })).toEqual({ reason: 'moved', current: 'lost' });
  expect(refusalOf(contacted, waiting)).toBeNull();
});

test('taking one somebody took is refused with who and when; one that has left Waiting, with where it is', () => {
  expect(refusalOf({ kind: 'taken' }, { ...waiting, taken: sam })).toEqual({ reason: 'already-taken', taken: sam });
  expect(refusalOf({ kind: 'taken' }, { ...waiting, status: 'contacted', taken: sam })).toEqual({ reason: 'already-taken', taken: sam });
  // Closed by its customer, nobody took it: it is not waiting to be taken.
  expect(refusalOf({ kind: 'taken' }, { ...waiting, status: 'lost' })).toEqual({ reason: 'not-waiting', current: 'lost' });
  expect(refusalOf({ kind: 'taken' }, waiting)).toBeNull();
});

test('a call nobody answered is refused on a request no longer waiting, or in the Spam folder', () => {
  expect(refusalOf({ kind: 'call-attempted' }, { ...waiting, status: 'quoted' })).toEqual({ reason: 'not-waiting', current: 'quoted' });
  expect(refusalOf({ kind: 'call-attempted' }, { ...waiting, inSpam: true })).toEqual({ reason: 'not-waiting', current: 'new' });
  expect(refusalOf({ kind: 'call-attempted' }, { ...waiting, taken: sam })).toBeNull();
});

test('"Not spam" is refused on a request not in the Spam folder', () => {
  expect(refusalOf({ kind: 'spam-cleared' }, waiting)).toEqual({ reason: 'not-spam' });
  expect(refusalOf({ kind: 'spam-cleared' }, { ...waiting, inSpam: true })).toBeNull();
});

test('a note is never refused, wherever the request stands', () => {
  fc.assert(
    fc.property(stateArb, (state) => {
      expect(refusalOf({ kind: 'note', text: 'Rang back' }, state)).toBeNull();
    }),
  );
});

test('recording a step writes the step alone, but for a move of a request nobody took: then its taking first, by the same person at the same time', () => {
  expect(stepsRecorded(contacted, waiting)).toEqual([{ kind: 'taken' }, contacted]);
  expect(stepsRecorded(contacted, { ...waiting, taken: sam })).toEqual([contacted]);
  for (const step of [{ kind: 'taken' }, { kind: 'call-attempted' }, { kind: 'note', text: 'Rang back' }, { kind: 'spam-cleared' }] as const) {
    expect(stepsRecorded(step, waiting), step.kind).toEqual([step]);
  }
  fc.assert(
    fc.property(stepArb, stateArb, (step, state) => {
      const takes = step.kind === 'status-moved' && step.to !== 'new' && state.taken === null;
      expect(stepsRecorded(step, state)).toEqual(takes ? [{ kind: 'taken' }, step] : [step]);
    }),
  );
});

test('a move the statuses do not allow is a problem with `to`, whatever the request’s state; an outcome that does not fit, with its own field', () => {
  fc.assert(
    fc.property(fc.constantFrom(...quoteStatuses), fc.constantFrom(...quoteStatuses), (from, to) => {
      const problem = stepProblem({ kind: 'status-moved', from, to });
      expect(problem === undefined).toBe(canChangeStatus(from, to));
      if (problem !== undefined) expect(problem).toEqual({ field: 'to', message: `A request cannot move from ${from} to ${to}` });
    }),
  );
  expect(stepProblem({ kind: 'status-moved', from: 'contacted', to: 'won', wonPence: wonValueMaxPence })).toBeUndefined();
  expect(stepProblem({ kind: 'status-moved', from: 'contacted', to: 'quoted', wonPence: 100 })).toMatchObject({ field: 'wonPence' });
  expect(stepProblem({ kind: 'status-moved', from: 'contacted', to: 'won', lostReason: 'price' })).toMatchObject({ field: 'lostReason' });
  expect(stepProblem({ kind: 'note', text: 'x' })).toBeUndefined();
});
