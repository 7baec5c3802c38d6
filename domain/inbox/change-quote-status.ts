import type { InboxQuote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { type JobOutcome, outcomeProblem } from './job-outcome';
import { canChangeStatus, type QuoteStatus, waitingStatus } from './quote-status';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface ChangeQuoteStatusDeps {
  inbox: Pick<QuoteInbox, 'changeStatus'>;
  logger: Logger;
}

type ChangeQuoteStatusError =
  | { kind: 'not-allowed'; from: QuoteStatus; to: QuoteStatus }
  /** A value out of range or given with a move not to Won, or a reason given with one not to Lost. */
  | { kind: 'invalid-outcome'; field: keyof JobOutcome; message: string }
  | { kind: 'conflict'; current: QuoteStatus }
  | { kind: 'not-found' }
  | StaffFailure;

export type ChangeQuoteStatusResult = { ok: true; quote: InboxQuote } | { ok: false; error: ChangeQuoteStatusError };

/**
 * Moves a request on, as staff saw it (`from`), if that move is allowed: a request changed by someone
 * else meanwhile is a conflict, not overwritten. A move to Won may carry the job's value, one to Lost
 * why it was lost; neither goes with any other move. The first call back (new to contacted) records the
 * response time; the history records who moved it and when: `by` and `at` here, for an inbox told
 * them, or its own for one that stamps them itself (which may stand in for it, see QuoteInbox).
 */
export async function changeQuoteStatus(
  deps: ChangeQuoteStatusDeps,
  change: { id: string; from: QuoteStatus; to: QuoteStatus; by: string; at: Date } & JobOutcome,
): Promise<ChangeQuoteStatusResult> {
  if (!canChangeStatus(change.from, change.to)) return { ok: false, error: { kind: 'not-allowed', from: change.from, to: change.to } };
  const problem = outcomeProblem(change, change);
  if (problem !== undefined) return { ok: false, error: { kind: 'invalid-outcome', ...problem } };
  try {
    const result = await deps.inbox.changeStatus({ ...change, respondedAt: change.from === waitingStatus ? change.at : null });
    switch (result.outcome) {
      case 'changed':
        return { ok: true, quote: result.quote };
      case 'conflict':
        return { ok: false, error: { kind: 'conflict', current: result.current } };
      case 'not-found':
        return { ok: false, error: { kind: 'not-found' } };
    }
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Changing the status of a quote request') };
  }
}
