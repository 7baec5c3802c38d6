import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { mailtoHref } from '../../../domain/quote/email-address';
import { telHref } from '../../../domain/quote/phone';
import { MailIcon, PhoneIcon } from '../shared/icons';
import { formatDateTime } from './format-date-time';

/** When the request arrived, beside its service: "01/07/2026 13:05", London time. */
export function QuoteReceived({ quote }: { quote: InboxQuote }) {
  return (
    <p className="quote-received">
      <span className="visually-hidden">{inboxCopy.card.received} </span>
      <time dateTime={quote.createdAt.toISOString()}>{formatDateTime(quote.createdAt)}</time>
    </p>
  );
}

/** What the job is, on the folded card: the description in two lines (whole once the card is opened: the text is all there, only drawn short). */
export function QuoteSummary({ quote }: { quote: InboxQuote }) {
  return quote.description ? <p className="quote-description">{quote.description}</p> : null;
}

/** How to reach its sender, under Call (which stays first to reach by keyboard): the number and the email as links. */
export function QuoteContact({ quote }: { quote: InboxQuote }) {
  return (
    <>
      <ul className="quote-contact" aria-label={inboxCopy.contactDetails}>
        <li>
          <a href={telHref(quote.phone)}>
            <PhoneIcon /> {quote.phone}
          </a>
        </li>
        {quote.email && (
          <li>
            <a href={mailtoHref(quote.email)} title={quote.email}>
              <MailIcon /> <span>{quote.email}</span>
            </a>
          </li>
        )}
      </ul>
    </>
  );
}
