import type { Kysely } from 'kysely';
import type { Logger } from '../../../domain/ports/logger';
import type { QuoteRequest } from '../../../domain/quote/quote';
import { notificationEmailSender, type ReminderSending, type ReviewSending } from '../../email/notification-email';
import { parseMailConfig, SmtpMailer } from '../../email/smtp-mailer';
import type { Database } from '../../sql/database';
import { SqlNotificationOutbox } from '../../sql/sql-notification-outbox';
import { SqlEmailOptOuts } from '../../sql/sql-email-opt-outs';
import { describeNotification, OutboxDispatcher } from '../alerts/outbox-dispatcher';
import type { ServerConfig } from '../server-config';

export interface HostEmailOptions {
  config: ServerConfig;
  env: Readonly<Record<string, string | undefined>>;
  siteUrl: string;
  /** The full address of a request's customer link, for the confirmation and a priced quote's emails. */
  customerLink: (quote: QuoteRequest) => string;
  reviewLinks: ReviewSending['links'];
  reminderLinks: ReminderSending['links'];
  logger: Logger;
}

/**
 * Every request is stored with its notifications in one transaction (the outbox); the dispatcher sends
 * them, retrying until delivered. Without SMTP settings there is no dispatcher: they wait, and are
 * sent once email is set up.
 */
export function hostEmail(db: Kysely<Database>, { config, env, siteUrl, customerLink, reviewLinks, reminderLinks, logger }: HostEmailOptions) {
  const outbox = new SqlNotificationOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
  const mail = parseMailConfig(env);
  const mailer = mail && new SmtpMailer({ url: mail.url, from: mail.from });
  const dispatcher =
    mail &&
    mailer &&
    new OutboxDispatcher({
      outbox,
      deliver: notificationEmailSender(mailer, {
        ...mail,
        siteUrl,
        customerLink,
        reviews: { optOuts: new SqlEmailOptOuts(db, 'review_opt_outs'), withdraw: (id) => outbox.withdraw(id), links: reviewLinks },
        reminders: { optOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs'), withdraw: (id) => outbox.withdraw(id), links: reminderLinks },
        // A priced quote's emails lead to the customer's page, where it is read and answered.
        quotes: { withdraw: (id) => outbox.withdraw(id), link: customerLink },
      }),
      describe: describeNotification,
      name: 'the email outbox',
      logger,
    });
  if (!dispatcher) console.warn('SMTP_URL is not set: notifications are kept in the outbox but not sent. Set SMTP_URL, NOTIFY_TO and MAIL_FROM to send them.');
  return { outbox, dispatcher, close: () => mailer?.close() };
}
