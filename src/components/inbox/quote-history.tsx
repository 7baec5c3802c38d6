import { actorRole } from '../../../domain/activity/actor';
import { describeActivity } from '../../../domain/activity/activity-copy';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { staffName } from '../../../domain/alerts/on-call';
import { formatDateTime } from './format-date-time';

const { history, spam } = inboxCopy;

const at = (date: Date) => <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;

/** Who took a step, as the timeline names them. */
function who(by: string): string {
  const role = actorRole(by);
  return role === 'staff' ? staffName(by) : history.actor[role];
}

/**
 * The request's life as one timeline, oldest first: when it came in (one rescued from the Spam folder,
 * when it was sent), then every step of its log, whatever its kind, with who took it and when.
 */
export function QuoteHistory({ quote }: { quote: InboxQuote }) {
  return (
    <details className="quote-history">
      <summary>{history.summary(quote.activity.length)}</summary>
      <ol>
        <li>
          {quote.spam ? spam.sent : history.received} {at(quote.spam?.sentAt ?? quote.createdAt)}
        </li>
        {quote.activity.map((entry) => (
          <li key={entry.id} data-kind={entry.kind}>
            {describeActivity(entry)} {at(entry.at)} {history.by(who(entry.by))}
          </li>
        ))}
      </ol>
    </details>
  );
}
