import { inboxCopy } from '../../../domain/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox-quote';
import { formatDateTime } from './format-date-time';

const { history, status } = inboxCopy;

/** When the request came in and every change of its status since, with who made it: oldest first. */
export function QuoteHistory({ quote }: { quote: InboxQuote }) {
  return (
    <details className="quote-history">
      <summary>{history.summary(quote.history.length)}</summary>
      <ol>
        <li>
          {history.received} <time dateTime={quote.createdAt.toISOString()}>{formatDateTime(quote.createdAt)}</time>
        </li>
        {quote.history.map((change) => (
          <li key={`${change.at.toISOString()}-${change.to}`}>
            {history.change(status.badge[change.from], status.badge[change.to])}{' '}
            <time dateTime={change.at.toISOString()}>{formatDateTime(change.at)}</time> {history.by(change.by)}
          </li>
        ))}
      </ol>
    </details>
  );
}
