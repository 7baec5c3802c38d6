import { business } from '../../domain/business';
import { isEmailAddress } from '../../domain/quote/email-address';
import { greetingName } from '../../domain/quote/first-name';
import type { QuoteRequest } from '../../domain/quote/quote';
import { serviceTypeLabels } from '../../domain/quote/service-type';
import { type ReviewEmailKind } from '../../domain/reviews/review-ask';
import { reviewCopy } from '../../domain/reviews/review-copy';
import { emailDocument, link, paragraph } from './email-layout';
import { html } from './html';
import type { OutgoingEmail } from './outgoing-email';

// The same care as the confirmation (customer-email.ts): a request's address may be a stranger's, so
// the email repeats nothing the sender typed but a first name, and names the service from our list.
// One link to the review (through our server, so staff see it was followed; no tracking pixel), and
// one to stop these emails, also given to mail programs as List-Unsubscribe.

/** "Hello Tom," or, when the name is not one to repeat, "Hello,". */
const greetingOf = (quote: QuoteRequest): string => {
  const name = greetingName(quote.name);
  return name === null ? 'Hello,' : `Hello ${name},`;
};

/**
 * A done job's review email to its customer: the ask (`review`) or its one reminder, with `leaveReview`
 * (our way to the business's review page), `stop` (the page that stops them for good) and
 * `oneClickStop` (where a mail program's unsubscribe posts) as full addresses. Undefined for a request
 * with no address to write to.
 */
export function reviewEmail(
  quote: QuoteRequest,
  kind: ReviewEmailKind,
  { leaveReview, stop, oneClickStop, replyTo }: { leaveReview: string; stop: string; oneClickStop: string; replyTo?: string },
): OutgoingEmail | undefined {
  if (quote.email === null || !isEmailAddress(quote.email)) return undefined;
  const reminder = kind === 'review-reminder';
  const subject = reminder ? reviewCopy.reminderSubject : reviewCopy.subject;
  const lines = reminder ? [reviewCopy.reminder] : [reviewCopy.thanks(serviceTypeLabels[quote.serviceType]), reviewCopy.ask];
  const ending = reminder ? [reviewCopy.noMore] : [];
  const text = [greetingOf(quote), '', ...lines.flatMap((line) => [line, '']), `${reviewCopy.leaveReview}: ${leaveReview}`, '', ...ending.flatMap((line) => [line, '']), business.name, '', `${reviewCopy.stopLine} ${reviewCopy.stop}: ${stop}`, ''].join('\n');
  const content = html`${paragraph(greetingOf(quote))}${lines.map((line) => paragraph(line))}${paragraph(
    html`<a href="${leaveReview}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${reviewCopy.leaveReview}</a>`,
  )}${ending.map((line) => paragraph(line))}${paragraph(business.name)}${html`<p style="margin:0;font-size:14px;color:#4b5563">${reviewCopy.stopLine} ${link(stop, reviewCopy.stop)}</p>`}`;
  return {
    to: quote.email,
    subject,
    text,
    html: emailDocument({ title: subject, content }),
    unsubscribe: oneClickStop,
    ...(replyTo === undefined ? {} : { replyTo }),
  };
}
