import { describeAlertRecord, describeTaking } from '../../../domain/alerts/alert-plan';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonClock } from '../../../domain/london-time';
import { waitingStatus } from '../../../domain/inbox/quote-status';
import { formatDateTime } from './format-date-time';
import { CheckIcon } from '../shared/icons';

/** Who took a request still waiting for its call back: "Taken by Sam · 15:42". Nothing while nobody has, or once it has moved on. */
export function TakenBy({ quote }: { quote: InboxQuote }) {
  if (quote.status !== waitingStatus || quote.taken === null) return null;
  return (
    <p className="quote-taken">
      <CheckIcon /> {inboxCopy.take.at(describeTaking(quote.taken), '')}
      <time dateTime={quote.taken.at.toISOString()} title={formatDateTime(quote.taken.at)}>
        {londonClock(quote.taken.at)}
      </time>
    </p>
  );
}

/** The alerts a request sent and who took it, in time order: "Alerted Sam 15:40 · Escalated to all 15:50 · Taken by Jo 15:52". */
export function AlertTimeline({ quote }: { quote: InboxQuote }) {
  const entries = [
    ...quote.alerts.map((record) => ({ key: `${record.step}-${record.at.toISOString()}`, what: describeAlertRecord(record), at: record.at })),
    ...(quote.taken ? [{ key: 'taken', what: describeTaking(quote.taken), at: quote.taken.at }] : []),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (entries.length === 0) return null;
  return (
    <ol className="alert-timeline" aria-label={inboxCopy.timeline.label}>
      {entries.map(({ key, what, at }) => (
        <li key={key}>
          {what}{' '}
          <time dateTime={at.toISOString()} title={formatDateTime(at)}>
            {londonClock(at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
