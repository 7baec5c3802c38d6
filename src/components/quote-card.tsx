import { copy } from '../../domain/copy';
import { telHref } from '../../domain/phone';
import type { QuoteRequest } from '../../domain/quote';
import { serviceTypeLabels } from '../../domain/service-type';
import { formatDateTime } from '../format-date-time';
import { ClockIcon, MailIcon, PhoneIcon } from './icons';

/** One request as staff see it. Every value is rendered as text, never as markup. */
export function QuoteCard({ quote }: { quote: QuoteRequest }) {
  return (
    <article className={quote.urgent ? 'card quote-card quote-card-urgent' : 'card quote-card'} aria-labelledby={`quote-${quote.id}`}>
      <div className="quote-card-head">
        <h2 id={`quote-${quote.id}`}>{quote.name}</h2>
        <div className="badges">
          {quote.urgent && <span className="badge badge-urgent">{copy.quotes.urgentBadge}</span>}
          <span className="badge">{serviceTypeLabels[quote.serviceType]}</span>
        </div>
      </div>
      <ul className="quote-contact">
        <li>
          <a href={telHref(quote.phone)}>
            <PhoneIcon /> {quote.phone}
          </a>
        </li>
        {quote.email && (
          <li>
            <a href={`mailto:${quote.email}`}>
              <MailIcon /> {quote.email}
            </a>
          </li>
        )}
        <li>
          <ClockIcon /> <time dateTime={quote.createdAt.toISOString()}>{formatDateTime(quote.createdAt)}</time>
        </li>
      </ul>
      {quote.description && <p className="quote-description">{quote.description}</p>}
    </article>
  );
}
