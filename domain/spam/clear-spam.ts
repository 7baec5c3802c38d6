import type { ClearSpamOutcome, QuoteInbox } from '../ports/quote-inbox';
import type { Logger } from '../ports/logger';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface ClearSpamDeps {
  inbox: Pick<QuoteInbox, 'clearSpam'>;
  logger: Logger;
}

export type ClearSpamResult =
  | { ok: true; quote: Extract<ClearSpamOutcome, { outcome: 'cleared' }>['quote'] }
  | { ok: false; error: { kind: 'not-spam' } | { kind: 'not-found' } | StaffFailure };

/**
 * "Not spam": moves a request from the Spam folder to Waiting, recording who decided. From then it is
 * a new request: its clock starts, the business and the customer are emailed, and whoever is on call
 * is alerted (the store queues both as it moves it).
 */
export async function clearSpam(deps: ClearSpamDeps, clearing: { id: string; by: string; at: Date }): Promise<ClearSpamResult> {
  try {
    const outcome = await deps.inbox.clearSpam(clearing);
    return outcome.outcome === 'cleared' ? { ok: true, quote: outcome.quote } : { ok: false, error: { kind: outcome.outcome } };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Moving a quote request out of spam') };
  }
}
