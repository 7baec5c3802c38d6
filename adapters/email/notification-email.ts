import type { ClaimedNotification } from '../../domain/ports/notification-outbox';
import type { EmailOptOuts } from '../../domain/ports/email-opt-outs';
import type { QuoteRequest } from '../../domain/quote/quote';
import { isReviewEmailKind, type ReviewEmailKind, reviewWithdrawal } from '../../domain/reviews/review-ask';
import { businessEmail } from './business-email';
import { customerEmail } from './customer-email';
import { reviewEmail } from './review-email';
import { type ReminderLinks, reminderEmail } from './reminder-email';
import { isReminderEmailKind, type ReminderEmailKind, reminderWithdrawal } from '../../domain/reminders/service-reminder';
import type { SmtpMailer } from './smtp-mailer';
import { isQuoteEmailKind, type QuoteEmailKind, quoteEmailVersion } from '../../domain/priced-quote/quote-emails';
import { londonDay } from '../../domain/london-time';
import { quoteEmail } from './quote-email';

/** What sending the review emails needs: the addresses that said stop, and taking back one that must not go. */
export interface ReviewSending {
  optOuts: Pick<EmailOptOuts, 'isOptedOut'>;
  withdraw: (id: string) => Promise<void>;
  /**
   * The full addresses of the request's way to the review, of the page that stops the emails, and of
   * the one-click stop a mail program posts to (RFC 8058): under the host's API, but for the page on a
   * host whose API cannot show one (Supabase), which is the customer's own page.
   */
  links: (quote: QuoteRequest) => { leaveReview: string; stop: string; oneClickStop: string };
}

/** What sending the yearly reminders needs: the addresses that said stop, taking back one that must not go, and each request's links. */
export interface ReminderSending {
  optOuts: Pick<EmailOptOuts, 'isOptedOut'>;
  withdraw: (id: string) => Promise<void>;
  links: (quote: QuoteRequest) => ReminderLinks;
}

/** What sending a priced quote's emails needs: taking back one that must not go, and the customer's page (/r/<token>) in full. */
export interface QuoteSending {
  withdraw: (id: string) => Promise<void>;
  link: (quote: QuoteRequest) => string;
  /** The time the emails are judged at, for the day a quote is in date on; the real time unless told. */
  now?: () => Date;
}

/**
 * Sends one notification from the outbox: the business email to `to`, or to the customer their
 * confirmation (nothing, for a customer who gave no address) or a done job's review ask or reminder,
 * with replies going to `to`. The business email links to the request at `siteUrl` when its photos are
 * counted; the confirmation links to the customer's own page of it when `customerLink` gives its full
 * address, and the review emails to their way to the review and to "stop" (`reviews`). A review email
 * that must not go after all (ReviewWithdrawal) is taken back through `reviews`, unsent; so is a quote's
 * email no longer about a version it should go for (quoteEmailVersion), or to a customer with no
 * address, through `quotes`, which gives the customer's page its emails lead to. Rejects when
 * the mail server does not take it, so the outbox tries again.
 */
export function notificationEmailSender(
  mailer: Pick<SmtpMailer, 'send'>,
  {
    to,
    siteUrl,
    customerLink,
    reviews,
    reminders,
    quotes,
  }: { to: string; siteUrl?: string | undefined; customerLink?: (quote: QuoteRequest) => string; reviews?: ReviewSending; reminders?: ReminderSending; quotes?: QuoteSending },
) {
  const sendQuote = async ({ id, quote, standing }: ClaimedNotification, kind: QuoteEmailKind): Promise<void> => {
    if (quotes === undefined) throw new Error("Quote emails need the customer's page and taking back one that must not go");
    const today = londonDay((quotes.now ?? (() => new Date()))());
    const version = quoteEmailVersion(kind, standing.quotes, standing.status, today);
    const email = version === null ? undefined : quoteEmail(quote, kind, version, { link: quotes.link(quote), replyTo: to });
    if (email === undefined) return quotes.withdraw(id);
    await mailer.send(email);
  };
  const sendReminder = async ({ id, quote, standing }: ClaimedNotification, kind: ReminderEmailKind): Promise<void> => {
    if (reminders === undefined) throw new Error('Reminder emails need the reminder opt-outs and links');
    const optedOut = quote.email !== null && (await reminders.optOuts.isOptedOut(quote.email));
    const withdrawal = reminderWithdrawal(kind, { ...standing, email: quote.email }, optedOut);
    if (withdrawal !== null || standing.reminder === null) return reminders.withdraw(id);
    const email = reminderEmail(quote, kind, standing.reminder, { ...reminders.links(quote), replyTo: to });
    if (email) await mailer.send(email);
  };
  const sendReview = async ({ id, quote, standing }: ClaimedNotification, kind: ReviewEmailKind): Promise<void> => {
    if (reviews === undefined) throw new Error('Review emails need the review opt-outs and links');
    const optedOut = quote.email !== null && (await reviews.optOuts.isOptedOut(quote.email));
    const withdrawal = reviewWithdrawal(kind, { ...standing, email: quote.email }, optedOut);
    if (withdrawal !== null) return reviews.withdraw(id);
    const email = reviewEmail(quote, kind, { ...reviews.links(quote), replyTo: to });
    if (email) await mailer.send(email);
  };
  // `photoCount`: how many photos came with the request, as the outbox reads it with the request.
  return async (notification: ClaimedNotification): Promise<void> => {
    const { kind, quote, photoCount } = notification;
    if (isReviewEmailKind(kind)) return sendReview(notification, kind);
    if (isReminderEmailKind(kind)) return sendReminder(notification, kind);
    if (isQuoteEmailKind(kind)) return sendQuote(notification, kind);
    const email = kind === 'business' ? businessEmail(quote, { to, photos: { count: photoCount, siteUrl } }) : customerEmail(quote, { replyTo: to, ...(customerLink && { follow: customerLink(quote) }) });
    if (email) await mailer.send(email);
  };
}
