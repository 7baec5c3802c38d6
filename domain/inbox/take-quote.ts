import type { Taking } from '../alerts/alert-plan';
import type { InboxQuote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import type { QuoteStatus } from './quote-status';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface TakeQuoteDeps {
  inbox: Pick<QuoteInbox, 'take'>;
  logger: Logger;
}

type TakeQuoteError = { kind: 'already-taken'; taken: Taking } | { kind: 'not-waiting'; current: QuoteStatus } | { kind: 'not-found' } | StaffFailure;

export type TakeQuoteResult = { ok: true; quote: InboxQuote } | { ok: false; error: TakeQuoteError };

/**
 * A staff member takes a waiting request on ("I'm on it"): the card says who and when, and its alerts
 * stop. Only the first taker counts; anyone after hears who it was.
 */
export async function takeQuote(deps: TakeQuoteDeps, take: { id: string; by: string; at: Date }): Promise<TakeQuoteResult> {
  try {
    const result = await deps.inbox.take(take);
    switch (result.outcome) {
      case 'taken':
        return { ok: true, quote: result.quote };
      case 'already-taken':
        return { ok: false, error: { kind: 'already-taken', taken: result.taken } };
      case 'not-waiting':
        return { ok: false, error: { kind: 'not-waiting', current: result.current } };
      case 'not-found':
        return { ok: false, error: { kind: 'not-found' } };
    }
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Taking a quote request') };
  }
}
