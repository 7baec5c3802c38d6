import { takesRequest, type Taking } from '../alerts/alert-plan';
import { outcomeProblem } from '../inbox/job-outcome';
import * as v from 'valibot';
import { canChangeStatus, type QuoteStatus, QuoteStatusSchema, waitingStatus } from '../inbox/quote-status';
import type { ActivityStep, StaffStep } from './activity';

/** What a store reads of a request, under its lock, before it records a staff member's step. */
export interface GuardedState {
  status: QuoteStatus;
  inSpam: boolean;
  taken: Taking | null;
  /** Whether a yearly reminder stands on it (set, and not stopped or booked through). */
  reminderStands: boolean;
}

/**
 * Why a step was not recorded: the request is not where it could be taken (each is a 409). A move from a
 * status it has already left (someone else moved it first); someone took it on first; it has left the
 * Waiting view (or, for a call, is in the Spam folder); it is not in the Spam folder.
 */
export const RefusalSchema = v.variant('reason', [
  v.object({ reason: v.literal('moved'), current: QuoteStatusSchema }),
  v.object({ reason: v.literal('already-taken'), taken: v.object({ by: v.string(), at: v.date() }) }),
  v.object({ reason: v.literal('not-waiting'), current: QuoteStatusSchema }),
  v.object({ reason: v.literal('not-spam') }),
  /** An arrival is booked only on a job won and not yet done. */
  v.object({ reason: v.literal('not-won'), current: QuoteStatusSchema }),
  /** A yearly reminder is set only on a job done. */
  v.object({ reason: v.literal('not-done'), current: QuoteStatusSchema }),
  /** There is no reminder standing to stop. */
  v.object({ reason: v.literal('no-reminder') }),
]);
export type Refusal = v.InferOutput<typeof RefusalSchema>;


const refusalMessages: { [Reason in Refusal['reason']]: (refusal: Extract<Refusal, { reason: Reason }>) => string } = {
  moved: ({ current }) => `Someone has already moved this request to ${current}`,
  'already-taken': () => 'Someone has already taken this request',
  'not-waiting': ({ current }) => `This request is not waiting for a call back: it is ${current}`,
  'not-spam': () => 'This request is not in the Spam folder',
  'not-won': ({ current }) => `An arrival is booked only on a job won: this request is ${current}`,
  'not-done': ({ current }) => `A reminder is set only on a job done: this request is ${current}`,
  'no-reminder': () => 'This request has no reminder to stop',
};

/** A refusal as the API's error message says it. */
export function describeRefusal(refusal: Refusal): string {
  // Each reason's message takes that reason; TypeScript cannot follow the pairing through the index.
  const describe = refusalMessages[refusal.reason] as (refusal: Refusal) => string;
  return describe(refusal);
}

/** Whether `step` may be recorded on a request in `state`; null when it may. */
export function refusalOf(step: StaffStep, state: GuardedState): Refusal | null {
  switch (step.kind) {
    case 'status-moved':
      return state.status === step.from ? null : { reason: 'moved', current: state.status };
    case 'taken':
      if (state.taken !== null) return { reason: 'already-taken', taken: state.taken };
      return state.status === waitingStatus ? null : { reason: 'not-waiting', current: state.status };
    case 'call-attempted':
      return state.status === waitingStatus && !state.inSpam ? null : { reason: 'not-waiting', current: state.status };
    case 'spam-cleared':
      return state.inSpam ? null : { reason: 'not-spam' };
    case 'arrival-booked':
      return state.status === 'won' ? null : { reason: 'not-won', current: state.status };
    case 'reminder-set':
      return state.status === 'done' ? null : { reason: 'not-done', current: state.status };
    case 'reminder-stopped':
      return state.reminderStands ? null : { reason: 'no-reminder' };
    case 'note':
      return null;
  }
}

/**
 * The steps recording `step` writes: the step, and, for a move to any status but waiting of a request
 * nobody had taken (the first call back, or one reopened that nobody ever took), its taking by the same
 * person at the same time, which stops its alerts.
 */
export function stepsRecorded(step: StaffStep, state: GuardedState): ActivityStep[] {
  const takes = step.kind === 'status-moved' && takesRequest(step.to) && state.taken === null;
  return takes ? [{ kind: 'taken' }, step] : [step];
}

/**
 * What is wrong with a step whatever the request's state (a move the statuses do not allow, an outcome
 * that does not fit, work done after `today`, London's day), naming its field; undefined when nothing is.
 */
export function stepProblem(step: StaffStep, today: string): { field: string; message: string } | undefined {
  if (step.kind === 'reminder-set') return step.doneOn <= today ? undefined : { field: 'doneOn', message: 'The date the work was done cannot be after today' };
  if (step.kind === 'arrival-booked') return step.from < step.to ? undefined : { field: 'to', message: 'The window must end after it starts' };
  if (step.kind !== 'status-moved') return undefined;
  if (!canChangeStatus(step.from, step.to)) return { field: 'to', message: `A request cannot move from ${step.from} to ${step.to}` };
  return outcomeProblem(step, step);
}
