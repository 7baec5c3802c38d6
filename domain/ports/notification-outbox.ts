import type { QuoteStatus } from '../inbox/quote-status';
import type { QuoteRequest } from '../quote/quote';
import type { ReviewEmailKind, ReviewStanding } from '../reviews/review-ask';
import type { ReminderEmailKind, ServiceReminder } from '../reminders/service-reminder';
import type { PricedQuote } from '../priced-quote/priced-quote';
import type { QuoteEmailKind } from '../priced-quote/quote-emails';

/**
 * Which email it is: to the business about a new request, the customer's confirmation, once the job
 * is done the customer's review ask and its one reminder, the yearly reminders, or a priced quote's
 * emails (sent, followed up, accepted).
 */
export type NotificationKind = 'business' | 'customer' | ReviewEmailKind | ReminderEmailKind | QuoteEmailKind;

/** A notification taken from the outbox to be sent, with the request it is about. */
export interface ClaimedNotification {
  id: string;
  kind: NotificationKind;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
  quote: QuoteRequest;
  /** How many photos were sent with the request, for the email to say. */
  photoCount: number;
  /**
   * Where the request stands now, as sending a review, reminder or quote email must know: `quotes` are
   * its priced quotes folded from its log (pricedQuotesOf), oldest version first.
   */
  standing: { status: QuoteStatus; inSpam: boolean; review: ReviewStanding; reminder: ServiceReminder | null; quotes: readonly PricedQuote[] };
}

/**
 * The notification emails waiting to be sent, written beside each stored request in the same
 * transaction. Several senders may share one outbox: each notification is claimed by one of them at a
 * time, leased rather than locked, so one a crashed sender held becomes due again.
 */
export interface NotificationOutbox {
  /** Claims up to `limit` notifications that are due, oldest first, each leased for a while. */
  /** How long a claim holds unless renewed: a sender renews what it is still at work on well within it. */
  readonly leaseSeconds: number;
  claimDue(limit: number): Promise<ClaimedNotification[]>;
  /** Extends the claim on each still unsent of `ids`, for a sender still at work on them. */
  renew(ids: readonly string[]): Promise<void>;
  /**
   * Records that the notification was delivered: it is never claimed again. A review email's request
   * records when it was asked, or reminded; a quote's follow-up records that it was followed up.
   */
  markSent(id: string, at: Date): Promise<void>;
  /** Takes back a review, reminder or quote email that has come due but must not go: it is deleted, unsent. */
  withdraw(id: string): Promise<void>;
  /** Records why sending failed, and when to try again. Does nothing to one already sent. */
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /** How many notifications wait to be sent, and since when the oldest has waited. */
  backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }>;
}
