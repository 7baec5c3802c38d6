import { business, describeMinutes, responsePromise } from '../../domain/business';
import { isEmailAddress } from '../../domain/quote/email-address';
import { greetingName } from '../../domain/quote/first-name';
import type { QuoteRequest } from '../../domain/quote/quote';
import { serviceTypeLabels } from '../../domain/quote/service-type';
import { emailDocument, link, paragraph } from './email-layout';
import { html } from './html';
import { singleLine, type OutgoingEmail } from './outgoing-email';

// Anyone can send the form with anyone's address, so this email may reach a stranger. It repeats
// nothing the sender typed but a first name (domain/quote/first-name.ts): no description, no postcode, no
// full name, so it can never carry someone else's words, or links, under the business's name.

/** The spec's promise, "We'll contact you within …", with only the half that applies. */
function promiseOf(urgent: boolean): string {
  return urgent
    ? `We'll contact you within ${describeMinutes(responsePromise.urgentMinutes)}, as we do for all urgent requests.`
    : `We'll contact you within ${describeMinutes(responsePromise.standardMinutes)}, as we do for all standard quotes.`;
}

const emergencyLine = `For an emergency at any hour, call our ${business.emergencyHours} emergency line on`;
const notYou = 'If you did not ask us for a quote, you can ignore this email.';

/** "Hello Tom," or, when the name is not one to repeat, "Hello,". */
function greetingOf(quote: QuoteRequest): string {
  const name = greetingName(quote.name);
  return name === null ? 'Hello,' : `Hello ${name},`;
}

const thanks = (quote: QuoteRequest) => `Thank you for asking ${business.name} for a quote. ${promiseOf(quote.urgent)}`;

const followLine = 'Follow your request:';
const followHint = 'This link is just for you: there you can see where things stand, add a message, or tell us it is no longer needed.';

function textBody(quote: QuoteRequest, follow: string | undefined): string {
  const following = follow === undefined ? [] : [`${followLine} ${follow}`, followHint, ''];
  return [greetingOf(quote), '', thanks(quote), '', ...following, `${emergencyLine} ${business.phone.display}.`, '', business.name, '', notYou, ''].join('\n');
}

function htmlBody(quote: QuoteRequest, title: string, follow: string | undefined): string {
  const following =
    follow === undefined ? html`` : html`${paragraph(html`${followLine} ${link(follow, follow)}`)}${paragraph(followHint)}`;
  const content = html`${paragraph(greetingOf(quote))}${paragraph(thanks(quote))}${following}${paragraph(
    html`${emergencyLine} <strong>${link(`tel:${business.phone.tel}`, business.phone.display)}</strong>.`,
  )}${paragraph(business.name)}${html`<p style="margin:0;font-size:14px;color:#4b5563">${notYou}</p>`}`;
  return emailDocument({ title, content });
}

/**
 * The confirmation a customer gets when they gave an email (undefined when they did not, or gave
 * what is not an address): a greeting by first name, when we will call, and the emergency line.
 * Replies go to `replyTo` when given; `follow` is the full address of the customer's private link to
 * their request (/r/<token>), when the sender knows it. The subject names the service from our own
 * list, never words the sender chose.
 */
export function customerEmail(quote: QuoteRequest, { replyTo, follow }: { replyTo?: string; follow?: string }): OutgoingEmail | undefined {
  // A request stored before today's rule may hold what is not one address: nobody is written to then.
  if (quote.email === null || !isEmailAddress(quote.email)) return undefined;
  const label = serviceTypeLabels[quote.serviceType];
  const title = `Your ${label} request to ${business.name}`;
  return {
    to: quote.email,
    subject: title,
    text: textBody(quote, follow),
    html: htmlBody(quote, title, follow),
    ...(replyTo === undefined ? {} : { replyTo: singleLine(replyTo) }),
  };
}
