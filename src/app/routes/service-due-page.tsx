import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonDay } from '../../../domain/london-time';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { dueListUntil, serviceDueMax } from '../../../domain/reminders/service-due';
import { serviceReminderOf } from '../../../domain/reminders/service-reminder';
import { useAppContext } from '../app-context-provider';
import { drawnServicesDue } from '../staff-page-readings';
import type { Backend } from '../backends/backend';
import { StaffPage } from './staff-page';
import { ReadingFailed, useStaffReading } from './use-staff-reading';

const { dueList: text } = reminderCopy;

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
  const now = useAppContext((context) => context.now);
  const read = useCallback(
    async (backend: Backend) => {
      if (backend.serviceDue === undefined) throw new Error('This host keeps no list of services due');
      const today = londonDay(now());
      return { today, quotes: await backend.serviceDue.findDueForService(dueListUntil(today), serviceDueMax) };
    },
    [now],
  );
  const drawn = useAppContext((context) => context.drawnStaffPage.reading);
  const { reading, retry } = useStaffReading(read, drawnServicesDue(drawn));

  return (
    <section className="service-due" aria-labelledby="service-due-title">
      <h1 id="service-due-title" tabIndex={-1}>
        {text.heading} {reading.state === 'ready' && <span className="count">({reading.value.quotes.length.toLocaleString('en-GB')})</span>}
      </h1>
      <p className="summary-quiet">{text.lead}</p>
      {reading.state === 'loading' && <p className="list-message">{text.loading}</p>}
      {reading.state === 'failed' && <ReadingFailed message={text.failed} retryLabel={text.retry} retry={retry} />}
      {reading.state === 'ready' &&
        (reading.value.quotes.length === 0 ? (
          <p className="list-message">{text.empty}</p>
        ) : (
          <ul className="due-list" aria-labelledby="service-due-title">
            {reading.value.quotes.map((quote) => (
              <DueRow key={quote.id} quote={quote} today={reading.value.today} />
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
