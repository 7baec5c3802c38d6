import type { InboxQuote } from './inbox-quote';
import { describeRefusal } from '../activity/activity-guard';
import { type RecordStepDeps, recordStep } from '../activity/record-step';
import type { StaffFailure } from '../staff/staff-failure';

type RecordCallAttemptRefusal =
  /** The request has left the Waiting view (or is in the Spam folder): nothing was recorded. */
  | { kind: 'not-waiting' }
  /** Over one of callAttemptLimits: nothing was recorded; `message` names the limit and from when the next may be. */
  | { kind: 'too-many-calls'; message: string }
  | { kind: 'not-found' }
  | StaffFailure;

export type RecordCallAttemptResult = { ok: true; quote: InboxQuote } | { ok: false; error: RecordCallAttemptRefusal };

/**
 * Staff rang a waiting request and nobody picked up ("Called, no answer"): the call is recorded with
 * who and when, the request stays waiting, and its next try falls due 30 minutes later. The first such
 * call counts as keeping the call-back promise. Only so many are recorded (callAttemptLimits).
 */
export async function recordCallAttempt(deps: RecordStepDeps, { id, by, at }: { id: string; by: string; at: Date }): Promise<RecordCallAttemptResult> {
  const result = await recordStep(deps, { id, step: { kind: 'call-attempted' }, by, at }, 'Recording a call nobody answered');
  switch (result.outcome) {
    case 'recorded':
      return { ok: true, quote: result.quote };
    case 'refused':
      return result.refusal.reason === 'too-many-calls' ? { ok: false, error: { kind: 'too-many-calls', message: describeRefusal(result.refusal) } } : { ok: false, error: { kind: 'not-waiting' } };
    case 'not-found':
      return { ok: false, error: { kind: 'not-found' } };
    case 'failed':
      return { ok: false, error: result.failure };
  }
}
