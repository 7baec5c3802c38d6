import { describeMinutes } from '../../domain/business';
import { isEmailAddress } from '../../domain/quote/email-address';
import { dueAt, promiseMinutes } from '../../domain/inbox/response-clock';
import type { QuoteRequest } from '../../domain/quote/quote';
import { serviceTypeLabels } from '../../domain/quote/service-type';
import { gasCopy } from '../../domain/safety/gas-copy';
import { gasReportOf } from '../../domain/safety/gas-report';
import { detailsTable, emailDocument, paragraph, type DetailRow } from './email-layout';
import { fieldRows, htmlRows, textLines } from './field-rows';
import { html } from './html';
import { singleLine, type OutgoingEmail } from './outgoing-email';
import { formatUkDateTime, formatUkDeadline } from './uk-time';

/** The call-back promise that applies, with the UK time it runs out: staff read this first. */
function promiseOf(quote: QuoteRequest): string {
  return `Call back within ${describeMinutes(promiseMinutes(quote))}, by ${formatUkDeadline(quote.createdAt, dueAt(quote))} (UK time).`;
}

/** "Gas smell reported. The visitor was told to ring …": when the description reports gas or carbon monoxide. */
function gasLine(quote: QuoteRequest): string | undefined {
  const gas = gasReportOf(quote.description);
  return gas === null ? undefined : `${gasCopy.staffMark[gas]}. ${gasCopy.staffNote}`;
}

/**
 * Where a reply goes: the customer's address, when it is one. A request stored before today's rule may
 * hold something else (`a@b.example, spy@attacker.example` would be two recipients in a header), so
 * it is shown in the email but never made a header.
 */
const replyAddress = (quote: QuoteRequest): string | undefined =>
  quote.email !== null && isEmailAddress(quote.email) ? quote.email : undefined;

function replyNote(quote: QuoteRequest): string {
  if (quote.email === null) return 'No email given: phone is the only way to reply.';
  return replyAddress(quote) === undefined
    ? 'The email given is not an address we can reply to: phone the customer.'
    : 'Reply to this email to write to the customer.';
}

/** Photos sent with a request: how many, and where staff see them (a link, never an attachment). */
export interface EmailPhotos {
  count: number;
  /** The site's public address (SITE_URL), for the link to the request; without it, the reference is given. */
  siteUrl?: string | undefined;
}

const plural = (count: number) => `${String(count)} ${count === 1 ? 'photo' : 'photos'}`;

/** The link to the request in the inbox, where its photos are shown. */
const requestLink = (quote: QuoteRequest, siteUrl: string) => new URL(`/quotes?id=${encodeURIComponent(quote.id)}`, siteUrl).toString();

function photosLine(quote: QuoteRequest, photos: EmailPhotos): string | undefined {
  if (photos.count <= 0) return undefined;
  return photos.siteUrl === undefined
    ? `${plural(photos.count)}: in the inbox, reference ${quote.id}`
    : `${plural(photos.count)}: ${requestLink(quote, photos.siteUrl)}`;
}

function textBody(quote: QuoteRequest, photos: EmailPhotos): string {
  const photoLine = photosLine(quote, photos);
  const gas = gasLine(quote);
  return [
    quote.urgent ? `URGENT: ${promiseOf(quote)}` : promiseOf(quote),
    ...(gas === undefined ? [] : [gas]),
    '',
    ...textLines(fieldRows(quote, { remarks: true })),
    ...(photoLine === undefined ? [] : [photoLine]),
    `Received: ${formatUkDateTime(quote.createdAt)} (UK time)`,
    `Reference: ${quote.id}`,
    '',
    replyNote(quote),
    '',
  ].join('\n');
}

function htmlBody(quote: QuoteRequest, title: string, photos: EmailPhotos): string {
  const photoRow: DetailRow[] =
    photos.count <= 0
      ? []
      : [
          [
            'Photos',
            photos.siteUrl === undefined
              ? `${plural(photos.count)}, in the inbox`
              : html`<a href="${requestLink(quote, photos.siteUrl)}">${plural(photos.count)}</a>`,
          ],
        ];
  const rows: DetailRow[] = [
    ...htmlRows(fieldRows(quote, { remarks: true })),
    ...photoRow,
    ['Received', `${formatUkDateTime(quote.createdAt)} (UK time)`],
    ['Reference', quote.id],
  ];
  const gas = gasLine(quote);
  const content = html`${paragraph(html`<strong>${promiseOf(quote)}</strong>`)}${gas === undefined ? '' : paragraph(html`<strong>${gas}</strong>`)}${detailsTable('Request details', rows)}${paragraph(replyNote(quote))}`;
  return emailDocument({ title, ...(quote.urgent ? { banner: 'URGENT' } : {}), content });
}

const withReplyTo = (address: string | undefined) => (address === undefined ? {} : { replyTo: address });

/**
 * The email that tells the business about a quote request, sent for every one: every field, the
 * time it came in and the promise that applies, with links to call or write back. Replies go to the
 * customer when they gave an email. Photos sent with it are counted and linked to, never attached.
 */
export function businessEmail(quote: QuoteRequest, { to, photos = { count: 0 } }: { to: string; photos?: EmailPhotos }): OutgoingEmail {
  const label = serviceTypeLabels[quote.serviceType];
  const title = `${label} request from ${singleLine(quote.name)}`;
  const gas = gasReportOf(quote.description);
  const marked = gas === null ? title : `${gasCopy.staffMark[gas]} · ${title}`;
  return {
    to: singleLine(to),
    subject: quote.urgent ? `URGENT: ${marked}` : marked,
    text: textBody(quote, photos),
    html: htmlBody(quote, title, photos),
    ...withReplyTo(replyAddress(quote)),
  };
}
