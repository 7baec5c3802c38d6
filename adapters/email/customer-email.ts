import { business, describeMinutes, responsePromise } from '../../domain/business';
import { isEmailAddress } from '../../domain/email-address';
import type { QuoteRequest } from '../../domain/quote';
import { serviceTypeLabels } from '../../domain/service-type';
import { detailsTable, emailDocument, link, paragraph } from './email-layout';
import { confirmedFields, fieldRows, htmlRows, textLines } from './field-rows';
import { html } from './html';
import { singleLine, type OutgoingEmail } from './outgoing-email';

/** The spec's promise, "We'll contact you within …", with only the half that applies. */
function promiseOf(urgent: boolean): string {
  return urgent
    ? `We'll contact you within ${describeMinutes(responsePromise.urgentMinutes)}, as we do for all urgent requests.`
    : `We'll contact you within ${describeMinutes(responsePromise.standardMinutes)}, as we do for all standard quotes.`;
}

const emergencyLine = `For an emergency at any hour, call our ${business.emergencyHours} emergency line on`;
const notYou = 'If you did not ask us for a quote, you can ignore this email.';

function textBody(quote: QuoteRequest): string {
  return [
    `Hello ${quote.name},`,
    '',
    `Thank you for asking ${business.name} for a quote. ${promiseOf(quote.urgent)}`,
    '',
    'What you asked for:',
    ...textLines(fieldRows(quote, { fields: confirmedFields, given: true })),
    '',
    `${emergencyLine} ${business.phone.display}.`,
    '',
    business.name,
    '',
    notYou,
    '',
  ].join('\n');
}

function htmlBody(quote: QuoteRequest, title: string): string {
  const rows = htmlRows(fieldRows(quote, { fields: confirmedFields, given: true }));
  const content = html`${paragraph(`Hello ${quote.name},`)}${paragraph(
    `Thank you for asking ${business.name} for a quote. ${promiseOf(quote.urgent)}`,
  )}${detailsTable('What you asked for', rows)}${paragraph(
    html`${emergencyLine} <strong>${link(`tel:${business.phone.tel}`, business.phone.display)}</strong>.`,
  )}${paragraph(business.name)}${html`<p style="margin:0;font-size:14px;color:#4b5563">${notYou}</p>`}`;
  return emailDocument({ title, content });
}

/**
 * The confirmation a customer gets when they gave an email (undefined when they did not, or gave
 * what is not an address): what
 * they asked for, when we will call, and the emergency line. Replies go to `replyTo` when given.
 */
export function customerEmail(quote: QuoteRequest, { replyTo }: { replyTo?: string }): OutgoingEmail | undefined {
  // A request stored before today's rule may hold what is not one address: nobody is written to then.
  if (quote.email === null || !isEmailAddress(quote.email)) return undefined;
  const label = serviceTypeLabels[quote.serviceType];
  const title = `Your ${label} request to ${business.name}`;
  return {
    to: quote.email,
    subject: title,
    text: textBody(quote),
    html: htmlBody(quote, title),
    ...(replyTo === undefined ? {} : { replyTo: singleLine(replyTo) }),
  };
}
