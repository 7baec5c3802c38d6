import type { InboxQuote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

type RecordCallAttemptRefusal =
  /** The request has left the Waiting view (or is in the Spam folder): nothing was recorded. */
  | { kind: 'not-waiting' }
  | { kind: 'not-found' }
  | StaffFailure;

export type RecordCallAttemptResult = { ok: true; quote: InboxQuote } | { ok: false; error: RecordCallAttemptRefusal };

/**
 * Staff rang a waiting request and nobody picked up ("Called, no answer"): the call is recorded with
 * who and when, the request stays waiting, and its next try falls due 30 minutes later. The first such
 * call counts as keeping the call-back promise.
 */
export async function recordCallAttempt(
  deps: { inbox: Pick<QuoteInbox, 'recordCallAttempt'>; logger: Logger },
  attempt: { id: string; by: string; at: Date },
): Promise<RecordCallAttemptResult> {
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
