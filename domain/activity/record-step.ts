import type { Logger } from '../ports/logger';
import type { QuoteInbox, RecordOutcome } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';
import type { StaffStep } from './activity';

export interface RecordStepDeps {
  inbox: Pick<QuoteInbox, 'record'>;
  logger: Logger;
}

/**
 * Records a staff member's step through the inbox: its outcome, or the failure staff are told of when
 * the store could not be reached or wants a session (`doing` names the step in the log).
 */
export async function recordStep(
  deps: RecordStepDeps,
  request: { id: string; step: StaffStep; by: string; at: Date },
  doing: string,
): Promise<RecordOutcome | { outcome: 'failed'; failure: StaffFailure }> {
  try {
    return await deps.inbox.record(request);
  } catch (cause) {
    return { outcome: 'failed', failure: staffFailureOf(cause, deps.logger, doing) };
  }
}
