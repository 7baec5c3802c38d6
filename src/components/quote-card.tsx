import { useAppContext } from '../app-context-provider';
import { useState } from 'react';
import { useStore } from 'zustand';
import { copy } from '../../domain/copy';
import { telHref } from '../../domain/phone';
import type { QuoteRequest } from '../../domain/quote';
import { serviceTypeLabels } from '../../domain/service-type';
import { formatDateTime } from '../format-date-time';
import { ClockIcon, MailIcon, PhoneIcon } from './icons';

/** Whether the business email about a request went out; nothing where no email is sent (the demo). */
function BusinessEmailStatus({ sentAt }: { sentAt: Date | null | undefined }) {
  if (sentAt === undefined) return null;
  if (sentAt === null) {
    return (
      <p className="email-status email-status-waiting">
        <MailIcon /> Email to the business not sent yet
      </p>
    );
  }
  return (
    <p className="email-status">
      <MailIcon /> Emailed to the business <time dateTime={sentAt.toISOString()}>{formatDateTime(sentAt)}</time>
    </p>
  );
}

/** One request as staff see it. Every value is rendered as text, never as markup. */
export function QuoteCard({ quote }: { quote: QuoteRequest }) {
  const list = useAppContext((context) => context.quoteList);
  const remove = useStore(list, (state) => state.remove);
  const [deleting, setDeleting] = useState(false);

  const confirmAndDelete = async () => {
    // Deleting cannot be undone, so it always asks first, naming whose request it is.
    if (deleting || !window.confirm(copy.quoteDelete.confirm(quote.name))) return;
    setDeleting(true);
    try {
      await remove(quote.id);
    } finally {
      // Still here only if the delete failed; once it succeeds the card is gone.
      setDeleting(false);
    }
  };

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
      <div className="quote-card-actions">
        <BusinessEmailStatus sentAt={quote.businessNotifiedAt} />
        <button
          type="button"
          className="button button-outline button-danger"
          aria-label={copy.quoteDelete.label(quote.name)}
          aria-disabled={deleting}
          onClick={() => void confirmAndDelete()}
        >
          {copy.quoteDelete.button}
        </button>
      </div>
    </article>
  );
}
