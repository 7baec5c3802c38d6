import type { InboxQuote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { CallAttemptLog } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

type Recorder = Pick<CallAttemptLog, 'recordCallAttempt'>;

type RecordCallAttemptRefusal =
  /** The request has left the Waiting view (or is in the Spam folder): nothing was recorded. */
  | { kind: 'not-waiting' }
  | { kind: 'not-found' }
  | StaffFailure;

/** The inbox keeps no record of calls nobody answered (a Supabase project's). */
interface NotKept {
  kind: 'not-kept';
}

/** What came of it; `Refusal` narrower for an inbox known to keep the calls. */
export type RecordCallAttemptResult<Refusal = RecordCallAttemptRefusal | NotKept> = { ok: true; quote: InboxQuote } | { ok: false; error: Refusal };

/**
 * Staff rang a waiting request and nobody picked up ("Called, no answer"): the call is recorded with
 * who and when, the request stays waiting, and its next try falls due 30 minutes later. The first such
 * call counts as keeping the call-back promise. An inbox that may keep no such calls answers 'not-kept'.
 */
export function recordCallAttempt(deps: { inbox: Recorder; logger: Logger }, attempt: { id: string; by: string; at: Date }): Promise<RecordCallAttemptResult<RecordCallAttemptRefusal>>;
export function recordCallAttempt(
  deps: { inbox: Partial<Recorder>; logger: Logger },
  attempt: { id: string; by: string; at: Date },
): Promise<RecordCallAttemptResult>;
export async function recordCallAttempt(
  deps: { inbox: Partial<Recorder>; logger: Logger },
  attempt: { id: string; by: string; at: Date },
): Promise<RecordCallAttemptResult> {
  if (deps.inbox.recordCallAttempt === undefined) return { ok: false, error: { kind: 'not-kept' } };
  try {
    const result = await deps.inbox.recordCallAttempt(attempt);
    switch (result.outcome) {
      case 'recorded':
        return { ok: true, quote: result.quote };
      case 'not-waiting':
        return { ok: false, error: { kind: 'not-waiting' } };
      case 'not-found':
        return { ok: false, error: { kind: 'not-found' } };
    }
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Recording a call nobody answered') };
  }
}
