import { business } from '../../domain/business';
import { isEmailAddress } from '../../domain/quote/email-address';
import { greetingName } from '../../domain/quote/first-name';
import type { QuoteRequest } from '../../domain/quote/quote';
import { describeDay, reminderCopy } from '../../domain/reminders/reminder-copy';
import type { ReminderEmailKind, ServiceReminder } from '../../domain/reminders/service-reminder';
import { emailDocument, link, paragraph } from './email-layout';
import { html } from './html';
import type { OutgoingEmail } from './outgoing-email';

// A yearly reminder is a service message only while it stays neutral and factual (PECR): what was done
// and when, when the next is due, one link to book and one to stop, no offer and no image. It repeats
// nothing the sender typed but a first name, as the confirmation does (customer-email.ts).

/** The full addresses a reminder email links to: "Book my service", the page that stops them, and the one-click stop (RFC 8058). */
export interface ReminderLinks {
  book: string;
  stop: string;
  oneClickStop: string;
}

/** A standing reminder's first email (`service-reminder`) or its second and last; undefined for a request with no address to write to. */
export function reminderEmail(quote: QuoteRequest, kind: ReminderEmailKind, reminder: ServiceReminder, { book, stop, oneClickStop, replyTo }: ReminderLinks & { replyTo?: string }): OutgoingEmail | undefined {
  if (quote.email === null || !isEmailAddress(quote.email)) return undefined;
  const { email } = reminderCopy;
  const again = kind === 'service-reminder-again';
  const subject = again ? email.againSubject(reminder.service, reminder.due) : email.subject(reminder.service, reminder.due);
  const name = greetingName(quote.name);
  const lines = [
    email.done(reminder.service, reminder.doneOn),
    ...(reminder.keepsFrom === null ? [] : [email.keeps(reminder.keepsFrom, reminder.due)]),
    email.why,
    ...(again ? [email.again] : []),
  ];
  const heading = `${reminderCopy.services[reminder.service]}: due by ${describeDay(reminder.due)}`;
  const greeting = name === null ? 'Hello,' : `Hello ${name},`;
  const text = [greeting, '', heading, '', ...lines.flatMap((line) => [line, '']), `${email.book}: ${book}`, '', business.name, business.phone.display, '', `${email.stopLine} ${email.stop}: ${stop}`, ''].join('\n');
  const content = html`${paragraph(greeting)}${paragraph(html`<strong>${heading}</strong>`)}${lines.map((line) => paragraph(line))}${paragraph(
    html`<a href="${book}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${email.book}</a>`,
  )}${paragraph(`${business.name} · ${business.phone.display}`)}${html`<p style="margin:0;font-size:14px;color:#4b5563">${email.stopLine} ${link(stop, email.stop)}</p>`}`;
  return { to: quote.email, subject, text, html: emailDocument({ title: subject, content }), unsubscribe: oneClickStop, ...(replyTo === undefined ? {} : { replyTo }) };
}
