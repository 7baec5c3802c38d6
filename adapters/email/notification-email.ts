import type { ClaimedNotification } from '../../domain/ports/notification-outbox';
import type { QuoteRequest } from '../../domain/quote/quote';
import { businessEmail } from './business-email';
import { customerEmail } from './customer-email';
import type { SmtpMailer } from './smtp-mailer';

/**
 * Sends one notification from the outbox: the business email to `to`, or the customer's confirmation
 * with replies going to `to` (nothing, for a customer who gave no address). The business email links
 * to the request at `siteUrl` when its photos are counted; the confirmation links to the customer's
 * own page of it when `customerLink` gives its full address. Rejects when the mail server does not
 * take it, so the outbox tries again.
 */
export function notificationEmailSender(
  mailer: Pick<SmtpMailer, 'send'>,
  { to, siteUrl, customerLink }: { to: string; siteUrl?: string | undefined; customerLink?: (quote: QuoteRequest) => string },
) {
  // `photoCount`: how many photos came with the request, as the outbox reads it with the request.
  return async ({ kind, quote, photoCount = 0 }: Pick<ClaimedNotification, 'kind' | 'quote'> & { photoCount?: number }): Promise<void> => {
    const email = kind === 'business' ? businessEmail(quote, { to, photos: { count: photoCount, siteUrl } }) : customerEmail(quote, { replyTo: to, ...(customerLink && { follow: customerLink(quote) }) });
    if (email) await mailer.send(email);
  };
}
