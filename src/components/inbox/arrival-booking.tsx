import { londonDay } from '../../../domain/london-time';
import { type SubmitEvent, useState } from 'react';
import { useStore } from 'zustand';
import * as v from 'valibot';
import { type ActivityOf, ActivityStepSchema, isStaffStep } from '../../../domain/activity/activity';
import { describeActivity } from '../../../domain/activity/activity-copy';
import { describeArrival } from '../../../domain/activity/customer-notices';
import { stepProblem } from '../../../domain/activity/activity-guard';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { useAppContext } from '../../app/app-context-provider';

const { arrival: text } = inboxCopy;

/** The two-hour windows staff offer most, as HH:MM; "other" lets them type their own. */
const windows = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
  ['16:00', '18:00'],
] as const;
const other = 'other';

type Field = 'day' | 'from' | 'to';

/** When staff said they will arrive, the latest booking; undefined until they have. */
const latestArrival = (quote: InboxQuote) => quote.activity.findLast((entry): entry is ActivityOf<'arrival-booked'> => entry.kind === 'arrival-booked');

/** "Booked Tue 3 Dec · 8–10am" on a won job's card, once an arrival is booked. */
export function ArrivalBadge({ quote }: { quote: InboxQuote }) {
  const booked = quote.status === 'won' ? latestArrival(quote) : undefined;
  return booked ? <span className="badge badge-arrival">{describeActivity(booked)}</span> : null;
}

/** On a won job: book when staff will arrive, a day and a window, or change it; every booking stays in the timeline. */
export function ArrivalBooking({ quote }: { quote: InboxQuote }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] === 'step');
  const booked = latestArrival(quote);
  const [day, setDay] = useState(booked?.day ?? '');
  const bookedWindow = booked ? windows.findIndex(([from, to]) => from === booked.from && to === booked.to) : 0;
  const [choice, setChoice] = useState(bookedWindow === -1 ? other : String(bookedWindow));
  const [own, setOwn] = useState({ from: booked?.from ?? '', to: booked?.to ?? '' });
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  if (quote.status !== 'won') return null;

  const id = (field: string) => `arrival-${quote.id}-${field}`;
  const chosen = choice === other ? own : { from: windows[Number(choice)]?.[0] ?? '', to: windows[Number(choice)]?.[1] ?? '' };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(ActivityStepSchema, { kind: 'arrival-booked', day, ...chosen });
    const step = parsed.success && isStaffStep(parsed.output) ? parsed.output : undefined;
    const key = parsed.issues?.[0].path?.[0]?.key;
    const problem = step ? stepProblem(step, londonDay(new Date())) : { field: typeof key === 'string' ? key : 'day', message: parsed.issues?.[0].message ?? '' };
    if (problem !== undefined || step === undefined) {
      if (problem) setError({ field: problem.field === 'from' || problem.field === 'to' ? problem.field : 'day', message: problem.message });
      return;
    }
    if ((await actions.getState().record(quote, step)).ok) setError(null);
  };

  const invalid = (field: Field) => ({
    'aria-invalid': error?.field === field,
    ...(error?.field === field && { 'aria-describedby': id('error') }),
  });
  return (
    <details className="quote-arrival" open={booked === undefined}>
      <summary>{booked ? text.bookedSummary(describeArrival(booked)) : text.heading}</summary>
      <form className="arrival-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor={id('day')}>{text.day}</label>
          <input id={id('day')} type="date" value={day} required {...invalid('day')} onChange={(event) => setDay(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={id('window')}>{text.window}</label>
          <select id={id('window')} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {windows.map(([from, to], index) => (
              <option key={from} value={String(index)}>
                {describeArrival({ day: '2000-01-01', from, to }).split(' · ')[1]}
              </option>
            ))}
            <option value={other}>{text.otherTimes}</option>
          </select>
        </div>
        {choice === other && (
          <div className="arrival-own">
            {(['from', 'to'] as const).map((field) => (
              <div className="field" key={field}>
                <label htmlFor={id(field)}>{text[field]}</label>
                <input id={id(field)} type="time" value={own[field]} {...invalid(field)} onChange={(event) => setOwn({ ...own, [field]: event.target.value })} />
              </div>
            ))}
          </div>
        )}
        {error && (
          <p id={id('error')} className="field-error">
            {error.message}
          </p>
        )}
        <button type="submit" className="button button-outline" aria-disabled={busy}>
          {booked ? text.change : text.book}
        </button>
      </form>
    </details>
  );
}
