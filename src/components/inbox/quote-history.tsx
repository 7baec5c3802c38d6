import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { staffName } from '../../../domain/alerts/on-call';
import { formatDateTime } from './format-date-time';
import { describeOutcome } from '../../../domain/inbox/job-outcome';

const { history, status, spam } = inboxCopy;

const at = (date: Date) => <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;

/**
 * When the request came in and every change of its status since, with who made it: oldest first. One
 * rescued from the Spam folder came in when it was sent, and counts from when it was moved.
 */
export function QuoteHistory({ quote }: { quote: InboxQuote }) {
  const cleared = quote.spam?.cleared;
  return (
    <details className="quote-history">
      <summary>{history.summary(quote.history.length)}</summary>
      <ol>
        {quote.spam && cleared ? (
          <>
            <li>
              {spam.sent} {at(quote.spam.sentAt)}
            </li>
            <li>
              {spam.movedFromSpam(staffName(cleared.by))} {at(cleared.at)}
            </li>
          </>
        ) : (
          <li>
            {history.received} {at(quote.createdAt)}
          </li>
        )}
        {quote.history.map((change) => {
          const outcome = describeOutcome(change);
          return (
            <li key={`${change.at.toISOString()}-${change.to}`}>
              {history.change(status.badge[change.from], status.badge[change.to])}
              {outcome && ` (${outcome})`} {at(change.at)} {history.by(change.by)}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
