import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonDay } from '../../../domain/london-time';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { dueListUntil, serviceDueMax } from '../../../domain/reminders/service-due';
import { serviceReminderOf } from '../../../domain/reminders/service-reminder';
import { NotSignedIn } from '../../../domain/staff/staff';
import { useAppContext } from '../app-context-provider';
import { StaffPage } from './staff-page';

const { dueList: text } = reminderCopy;

/** What came of reading the list at one attempt, on the London day it was read: while none has, it is loading. */
type Reading = { attempt: number } & ({ state: 'ready'; today: string; quotes: readonly InboxQuote[] } | { state: 'failed' });

/** One visit falling due: whose (the way to its request), by when (past due said in words), which, and whether the emails went. */
function DueRow({ quote, today }: { quote: InboxQuote; today: string }) {
  const reminder = serviceReminderOf(quote.activity);
  if (reminder === null) return null;
  const past = reminder.due < today;
  return (
    <li className={past ? 'due-row due-row-past' : 'due-row'}>
      <Link className="due-name" to="/quotes" search={{ view: 'all', q: quote.name, id: quote.id }}>
        {quote.name}
      </Link>
      <span className="due-day">
        {text.due(reminder.due)}
        {past && <span className="badge badge-overdue">{text.overdue}</span>}
      </span>
      <span className="due-service">{reminderCopy.services[reminder.service]}</span>
      <span className="due-reminded">{text.reminded(reminder.reminded.map(londonDay))}</span>
    </li>
  );
}

/** The reminders standing that fall due within the list's days, and any past due, soonest first. */
function ServiceDue() {
  const { ports, onNotSignedIn, now } = useAppContext((context) => context.settingsDeps);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Reading>();
  const reading = settled?.attempt === attempt ? settled : { state: 'loading' as const };

  useEffect(() => {
    // A page left before its list arrived must not set it.
    const asked = { live: true };
    void (async () => {
      try {
        const list = (await ports()).serviceDue;
        if (list === undefined) throw new Error('This host keeps no list of services due');
        const today = londonDay(now());
        const quotes = await list.findDueForService(dueListUntil(today), serviceDueMax);
        if (asked.live) setSettled({ attempt, state: 'ready', today, quotes });
      } catch (error) {
        if (!asked.live) return;
        if (error instanceof NotSignedIn) onNotSignedIn();
        else setSettled({ attempt, state: 'failed' });
      }
    })();
    return () => {
      asked.live = false;
    };
  }, [ports, now, onNotSignedIn, attempt]);

  return (
    <section className="service-due" aria-labelledby="service-due-title">
      <h1 id="service-due-title" tabIndex={-1}>
        {text.heading} {reading.state === 'ready' && <span className="count">({reading.quotes.length.toLocaleString('en-GB')})</span>}
      </h1>
      <p className="summary-quiet">{text.lead}</p>
      {reading.state === 'loading' && <p className="list-message">{text.loading}</p>}
      {reading.state === 'failed' && (
        <div className="list-message" role="alert">
          <p>{text.failed}</p>
          <button type="button" className="button button-outline" onClick={() => setAttempt((count) => count + 1)}>
            {text.retry}
          </button>
        </div>
      )}
      {reading.state === 'ready' &&
        (reading.quotes.length === 0 ? (
          <p className="list-message">{text.empty}</p>
        ) : (
          <ul className="due-list" aria-labelledby="service-due-title">
            {reading.quotes.map((quote) => (
              <DueRow key={quote.id} quote={quote} today={reading.today} />
            ))}
          </ul>
        ))}
    </section>
  );
}

/** Staff only: the sign-in form to anyone else. */
export function ServiceDuePage() {
  return (
    <StaffPage title={text.heading} description={text.description} path="/quotes/service-due">
      <ServiceDue />
    </StaffPage>
  );
}
