import type { ClaimedNotification } from '../../domain/ports';
import { businessEmail } from './business-email';
import { customerEmail } from './customer-email';
import type { SmtpMailer } from './smtp-mailer';

/**
 * Sends one notification from the outbox: the business email to `to`, or the customer's confirmation
 * with replies going to `to` (nothing, for a customer who gave no address). Rejects when the mail
 * server does not take it, so the outbox tries again.
 */
export function notificationEmailSender(mailer: Pick<SmtpMailer, 'send'>, { to }: { to: string }) {
  return async ({ kind, quote }: Pick<ClaimedNotification, 'kind' | 'quote'>): Promise<void> => {
    const email = kind === 'business' ? businessEmail(quote, { to }) : customerEmail(quote, { replyTo: to });
    if (email) await mailer.send(email);
  };
}
