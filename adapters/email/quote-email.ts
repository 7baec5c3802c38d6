import { business } from '../../domain/business';
import type { PricedQuote } from '../../domain/priced-quote/priced-quote';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import type { QuoteEmailKind } from '../../domain/priced-quote/quote-emails';
import { formatPrice } from '../../domain/priced-quote/quote-pricing';
import { londonDay } from '../../domain/london-time';
import { isEmailAddress } from '../../domain/quote/email-address';
import { greetingName } from '../../domain/quote/first-name';
import type { QuoteRequest } from '../../domain/quote/quote';
import { emailDocument, link, paragraph } from './email-layout';
import { html, multiline, type SafeHtml } from './html';
import type { OutgoingEmail } from './outgoing-email';

// A priced quote's emails to the customer. What they read of the request is a first name, as the
// confirmation does (customer-email.ts); the rest is what staff wrote on the quote and the business's
// own words (domain/priced-quote/quote-copy.ts). The quote itself, and the way to answer it, is on the
// customer's own page: the quote sent and its follow-up lead there, total first. The confirmation of a
// yes carries the contract in full, as the law asks it be given on a durable medium: what was
// accepted, its price, the terms, the early start asked for or not, and the right to cancel with its
// model form (Consumer Contracts Regulations 2013, regs. 16 and 36).

const cell = 'padding:6px 8px;border-top:1px solid #e5e7eb;text-align:left;vertical-align:top';
const number = `${cell};text-align:right;white-space:nowrap`;
const small = 'margin:0 0 16px;font-size:14px;color:#4b5563';

function greetingOf(quote: QuoteRequest): string {
  const name = greetingName(quote.name);
  return name === null ? 'Hello,' : `Hello ${name},`;
}

/** The total line: "Total including VAT: £1,254.00", or "Total to pay" with no VAT charged. */
const totalLine = (quote: PricedQuote) => `${quote.vatRegistered ? quoteCopy.totalIncludingVat : quoteCopy.total}: ${formatPrice(quote.price.totalPence)}`;

function button(href: string, text: string): SafeHtml {
  return paragraph(html`<a href="${href}" style="display:inline-block;padding:12px 20px;background:#c2410c;color:#ffffff;border-radius:6px;font-weight:bold;text-decoration:none">${text}</a>`);
}

/** The lines, then the VAT of each rate (or that none is charged), then the total: as text. */
function priceText(quote: PricedQuote): string[] {
  const { price } = quote;
  const lines = price.lines.map((line) =>
    quoteCopy.emails.lineText(line.description, line.quantity, formatPrice(line.unitPence), quote.vatRegistered ? quoteCopy.vatRate(line.vat) : '', formatPrice(line.netPence)),
  );
  const vat = quote.vatRegistered
    ? [`${quoteCopy.netTotal}: ${formatPrice(price.netPence)}`, ...price.byRate.map((rate) => `${quoteCopy.vatAtRate(rate.vat)}: ${formatPrice(rate.vatPence)}`), quoteCopy.vatNumber]
    : [quoteCopy.noVat];
  return [...lines, '', ...vat, totalLine(quote)];
}

/** The same as a table: each line with its quantity, unit price, rate and amount; the sums below. */
function priceTable(quote: PricedQuote): SafeHtml {
  const { price } = quote;
  const headings = quoteCopy.lineHeadings;
  const columns = quote.vatRegistered ? 5 : 4;
  const sumRow = (label: string, pence: number, strong = false) =>
    html`<tr><th scope="row" colspan="${columns - 1}" style="${number}">${strong ? html`<strong>${label}</strong>` : label}</th><td style="${number}">${strong ? html`<strong>${formatPrice(pence)}</strong>` : formatPrice(pence)}</td></tr>`;
  const rows = price.lines.map(
    (line) =>
      html`<tr><td style="${cell}">${line.description}</td><td style="${number}">${String(line.quantity)}</td><td style="${number}">${formatPrice(line.unitPence)}</td>${
        quote.vatRegistered ? html`<td style="${number}">${quoteCopy.vatRate(line.vat)}</td>` : html``
      }<td style="${number}">${formatPrice(line.netPence)}</td></tr>`,
  );
  const sums = quote.vatRegistered
    ? [sumRow(quoteCopy.netTotal, price.netPence), ...price.byRate.map((rate) => sumRow(quoteCopy.vatAtRate(rate.vat), rate.vatPence))]
    : [];
  return html`<table style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px">
<caption style="text-align:left;font-weight:bold;padding:0 0 8px">${quoteCopy.emails.acceptedLines}</caption>
<thead><tr><th scope="col" style="${cell}">${headings.description}</th><th scope="col" style="${number}">${headings.quantity}</th><th scope="col" style="${number}">${headings.unit}</th>${
    quote.vatRegistered ? html`<th scope="col" style="${number}">${headings.vat}</th>` : html``
  }<th scope="col" style="${number}">${headings.amount}</th></tr></thead>
<tbody>${rows}${sums}${sumRow(quote.vatRegistered ? quoteCopy.totalIncludingVat : quoteCopy.total, price.totalPence, true)}</tbody>
</table>${paragraph(quote.vatRegistered ? quoteCopy.vatNumber : quoteCopy.noVat)}`;
}

/** The right to cancel and the model form, with what an urgent repair changes: as text lines. */
function cancellationText(urgent: boolean): string[] {
  const { cancellation } = quoteCopy;
  return [cancellation.heading, '', ...cancellation.paragraphs.flatMap((text) => [text, '']), ...(urgent ? [cancellation.urgent, ''] : []), cancellation.formHeading, cancellation.formIntro, '', ...cancellation.form];
}

function cancellationHtml(urgent: boolean): SafeHtml {
  const { cancellation } = quoteCopy;
  return html`<h2 style="margin:24px 0 12px;font-size:18px">${cancellation.heading}</h2>${cancellation.paragraphs.map((text) => paragraph(text))}${
    urgent ? paragraph(cancellation.urgent) : html``
  }<div style="margin:0 0 16px;padding:12px;border:1px solid #9ca3af"><h3 style="margin:0 0 8px;font-size:16px">${cancellation.formHeading}</h3>${paragraph(cancellation.formIntro)}${cancellation.form.map((line) => paragraph(line))}</div>`;
}

/** Where the email is written from: the customer's page, and whom a reply reaches. */
export interface QuoteEmailOptions {
  /** The full address of the customer's own page (/r/<token>), where the quote is read and answered. */
  link: string;
  replyTo?: string;
}

/**
 * The email of `kind` about `version` of the request's quote: the quote sent (its total in the subject
 * and first in the body, the way to the customer's page, the day it is valid until), its one short
 * follow-up, or the confirmation of a yes. Undefined for a customer with no address to write to, and
 * for a confirmation of a version not accepted.
 */
export function quoteEmail(quote: QuoteRequest, kind: QuoteEmailKind, version: PricedQuote, { link: page, replyTo }: QuoteEmailOptions): OutgoingEmail | undefined {
  if (quote.email === null || !isEmailAddress(quote.email)) return undefined;
  const built = kind === 'quote-sent' ? sentEmail(quote, version, page) : kind === 'quote-follow-up' ? followUpEmail(quote, version, page) : acceptedEmail(quote, version, page);
  if (built === undefined) return undefined;
  return { to: quote.email, ...built, ...(replyTo === undefined ? {} : { replyTo }) };
}

type Body = Pick<OutgoingEmail, 'subject' | 'text' | 'html'>;

function sentEmail(quote: QuoteRequest, version: PricedQuote, page: string): Body {
  const { emails } = quoteCopy;
  const subject = emails.sentSubject(version.price.totalPence, version.vatRegistered);
  const greeting = greetingOf(quote);
  const total = totalLine(version);
  const text = [greeting, '', total, '', emails.sentIntro(version.version), emails.validUntil(version.validUntil), '', `${emails.read}: ${page}`, '', emails.questions, '', business.name, business.phone.display, ''].join('\n');
  const content = html`${paragraph(greeting)}${paragraph(html`<strong style="font-size:20px">${total}</strong>`)}${paragraph(emails.sentIntro(version.version))}${paragraph(
    emails.validUntil(version.validUntil),
  )}${button(page, emails.readButton)}${html`<p style="${small}">${emails.read}: ${link(page, page)}</p>`}${paragraph(emails.questions)}${paragraph(`${business.name} · ${business.phone.display}`)}`;
  return { subject, text, html: emailDocument({ title: subject, content }) };
}

function followUpEmail(quote: QuoteRequest, version: PricedQuote, page: string): Body {
  const { emails } = quoteCopy;
  const subject = emails.followUpSubject;
  const greeting = greetingOf(quote);
  const said = emails.followUp(version.price.totalPence, version.validUntil);
  const text = [greeting, '', said, '', `${emails.read}: ${page}`, '', emails.followUpNoNeed, '', business.name, business.phone.display, ''].join('\n');
  const content = html`${paragraph(greeting)}${paragraph(said)}${paragraph(html`${emails.read}: ${link(page, page)}`)}${paragraph(emails.followUpNoNeed)}${paragraph(
    `${business.name} · ${business.phone.display}`,
  )}`;
  return { subject, text, html: emailDocument({ title: subject, content }) };
}

function acceptedEmail(quote: QuoteRequest, version: PricedQuote, page: string): Body | undefined {
  const { answer } = version;
  if (answer?.kind !== 'accepted') return undefined;
  const { emails } = quoteCopy;
  const subject = emails.acceptedSubject(answer.totalPence);
  const greeting = greetingOf(quote);
  const intro = emails.acceptedIntro(londonDay(answer.at));
  const early = answer.earlyStart ? emails.earlyStart : emails.noEarlyStart;
  const terms = version.terms.trim();
  const text = [
    greeting,
    '',
    intro,
    '',
    totalLine(version),
    '',
    `${quoteCopy.heading(version.version)}:`,
    ...priceText(version),
    '',
    ...(terms === '' ? [] : [`${quoteCopy.terms}:`, terms, '']),
    early,
    '',
    ...cancellationText(quote.urgent),
    '',
    `${emails.read}: ${page}`,
    emails.keep,
    '',
    business.name,
    business.phone.display,
    '',
  ].join('\n');
  const content = html`${paragraph(greeting)}${paragraph(intro)}${paragraph(html`<strong style="font-size:20px">${totalLine(version)}</strong>`)}${priceTable(version)}${
    terms === '' ? html`` : html`<h2 style="margin:24px 0 12px;font-size:18px">${quoteCopy.terms}</h2>${paragraph(multiline(terms))}`
  }${paragraph(html`<strong>${early}</strong>`)}${cancellationHtml(quote.urgent)}${paragraph(html`${emails.read}: ${link(page, page)}`)}${html`<p style="${small}">${emails.keep}</p>`}${paragraph(
    `${business.name} · ${business.phone.display}`,
  )}`;
  return { subject, text, html: emailDocument({ title: subject, content }) };
}
