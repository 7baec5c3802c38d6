import { responseClockMinutes } from '../business';
import type { InboxQuote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { QuoteInbox, ResendOutcome } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

/**
 * Whether the email telling the business of a request is in trouble: not sent, at least one attempt
 * failed, and the request has waited over 10 minutes for it. Staff then see a flag and may resend.
 */
export function hasDeliveryTrouble(quote: Pick<InboxQuote, 'createdAt' | 'businessEmail'>, now: Date): boolean {
  const failing = quote.businessEmail?.sentAt === null && quote.businessEmail.lastError !== null;
  return failing && now.getTime() - quote.createdAt.getTime() > responseClockMinutes.deliveryTrouble * 60_000;
}

export interface ResendBusinessEmailDeps {
  inbox: Pick<QuoteInbox, 'resendBusinessEmail'>;
  logger: Logger;
}

export type ResendBusinessEmailResult =
  | { ok: true; outcome: Exclude<ResendOutcome, 'not-found'> }
  | { ok: false; error: { kind: 'not-found' } | StaffFailure };

/** Sends the business email about a request again, at once; one already sent is left as it is. */
export async function resendBusinessEmail(deps: ResendBusinessEmailDeps, id: string, at: Date): Promise<ResendBusinessEmailResult> {
  try {
    const outcome = await deps.inbox.resendBusinessEmail(id, at);
    return outcome === 'not-found' ? { ok: false, error: { kind: 'not-found' } } : { ok: true, outcome };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Resending the business email') };
  }
}
