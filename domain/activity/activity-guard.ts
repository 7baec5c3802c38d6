import { takesRequest, type Taking } from '../alerts/alert-plan';
import { outcomeProblem } from '../inbox/job-outcome';
import { canChangeStatus, type QuoteStatus, waitingStatus } from '../inbox/quote-status';
import type { ActivityStep, StaffStep } from './activity';

/** What a store reads of a request, under its lock, before it records a staff member's step. */
export interface GuardedState {
  status: QuoteStatus;
  inSpam: boolean;
  taken: Taking | null;
}

/** Why a step was not recorded: the request is not where it could be taken. Each is a 409. */
export type Refusal =
  /** A move from a status the request has already left: someone else moved it first. */
  | { reason: 'moved'; current: QuoteStatus }
  /** Someone took it on first. */
  | { reason: 'already-taken'; taken: Taking }
  /** It has left the Waiting view (or, for a call, is in the Spam folder). */
  | { reason: 'not-waiting'; current: QuoteStatus }
  /** It is not in the Spam folder. */
  | { reason: 'not-spam' };

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
    case 'note':
      return null;
  }
}

/**
 * The steps recording `step` writes: the step, and, for a move out of the Waiting view of a request
 * nobody had taken, its taking by the same person at the same time (which stops its alerts).
 */
export function stepsRecorded(step: StaffStep, state: GuardedState): ActivityStep[] {
  const takes = step.kind === 'status-moved' && takesRequest(step.to) && state.taken === null;
  return takes ? [{ kind: 'taken' }, step] : [step];
}

/** What is wrong with a step whatever the request's state (a move the statuses do not allow, an outcome that does not fit), naming its field; undefined when nothing is. */
export function stepProblem(step: StaffStep): { field: string; message: string } | undefined {
  if (step.kind !== 'status-moved') return undefined;
  if (!canChangeStatus(step.from, step.to)) return { field: 'to', message: `A request cannot move from ${step.from} to ${step.to}` };
  return outcomeProblem(step, step);
}
