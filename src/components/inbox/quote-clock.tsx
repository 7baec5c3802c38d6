import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonClock, londonDay, londonParts } from '../../../domain/london-time';
import { responseTime, waitingClock, type WaitingState } from '../../../domain/inbox/response-clock';
import { formatDateTime } from './format-date-time';
import { AlertIcon, CheckIcon, ClockIcon, HourglassIcon } from '../shared/icons';

const clockIcons: Record<WaitingState, typeof ClockIcon> = { 'on-time': ClockIcon, 'due-soon': HourglassIcon, overdue: AlertIcon };

/** "10:32" today, "18/11/2026 10:32" on any other day: when a call back is due. */
function callBy(due: Date, now: Date): string {
  if (londonDay(due) !== londonDay(now)) return formatDateTime(due);
  const { hour, minute } = londonParts(due);
  return `${hour}:${minute}`;
}

/** "Tried 2× · last 14:02": the calls nobody picked up, while the request still waits; nothing before the first. */
function CallAttempts({ quote }: { quote: InboxQuote }) {
  const last = quote.callAttempts.at(-1);
  if (last === undefined) return null;
  return (
    <p className="clock-detail">
      {inboxCopy.callAttempt.tried(quote.callAttempts.length)}
      <time dateTime={last.at.toISOString()} title={formatDateTime(last.at)}>
        {londonClock(last.at)}
      </time>
    </p>
  );
}

/**
 * How a request stands against its promise, as a chip: for one still waiting, on time, due soon or
 * overdue (in colour, with an icon, and in words), counted to its next try once a call went
 * unanswered; for one answered, how long the first call took.
 */
export function QuoteClock({ quote, now }: { quote: InboxQuote; now: Date }) {
  if (quote.respondedAt !== null) {
    const { minutes, withinPromise } = responseTime(quote, quote.respondedAt);
    const Icon = withinPromise ? CheckIcon : AlertIcon;
    return (
      <p className={`clock clock-answered${withinPromise ? '' : ' clock-late'}`}>
        <Icon /> {inboxCopy.clock.answeredIn(minutes)} · {withinPromise ? inboxCopy.clock.withinPromise : inboxCopy.clock.late}
      </p>
    );
  }
  const clock = waitingClock(quote, now);
  const Icon = clockIcons[clock.state];
  const text =
    clock.state === 'overdue'
      ? inboxCopy.clock.overdue(-clock.minutesLeft)
      : clock.state === 'due-soon'
        ? inboxCopy.clock.dueSoon(clock.minutesLeft)
        : inboxCopy.clock.onTime(clock.minutesLeft);
  return (
    <p className={`clock clock-${clock.state}`}>
      <Icon /> {text}
    </p>
  );
}

/** For a request still waiting, how long it has waited and by when to call, and the calls tried: what the opened card adds to its clock. */
export function ClockDetail({ quote, now }: { quote: InboxQuote; now: Date }) {
  if (quote.respondedAt !== null) return null;
  const clock = waitingClock(quote, now);
  return (
    <div className="clock-line">
      <p className="clock-detail">{inboxCopy.clock.waited(clock.waitedMinutes, callBy(clock.dueAt, now))}</p>
      <CallAttempts quote={quote} />
    </div>
  );
}
