import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import * as v from 'valibot';
import { ActivityStepSchema, isStaffStep, type StaffStep } from '../../../domain/activity/activity';
import { stepProblem } from '../../../domain/activity/activity-guard';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { londonDay } from '../../../domain/london-time';
import { describeKeepWindow, describeRepeat, describeServiceReminder, reminderCopy } from '../../../domain/reminders/reminder-copy';
import { serviceKinds } from '../../../domain/reminders/service-words';
import { reminderStands, repeatOf, serviceReminderOf } from '../../../domain/reminders/service-reminder';
import { useAppContext } from '../../app/app-context-provider';

const { staff: text } = reminderCopy;

const fields = ['service', 'doneOn', 'agreed'] as const;
type Field = (typeof fields)[number];
type Problems = Partial<Record<Field, string>>;
const isField = (key: unknown): key is Field => fields.some((field) => field === key);

/** What is wrong with the form, each field's first problem in the schema's words; the step when nothing is. */
function checked(draft: { service: string | undefined; doneOn: string; agreed: boolean }, today: string) {
  const parsed = v.safeParse(ActivityStepSchema, { kind: 'reminder-set', ...draft });
  if (!parsed.success) {
    const problems: Problems = {};
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (isField(key)) problems[key] ??= issue.message;
    }
    return { problems };
  }
  const step = parsed.output;
  if (!isStaffStep(step)) return { problems: {} };
  const problem = stepProblem(step, today);
  return problem && isField(problem.field) ? { problems: { [problem.field]: problem.message } } : { step };
}

/** On the card's line: when the next visit is due while a reminder stands, and what a visit booked through one repeats. */
export function ServiceReminderBadges({ quote }: { quote: InboxQuote }) {
  const reminder = serviceReminderOf(quote.activity);
  const repeat = repeatOf(quote.activity);
  return (
    <>
      {repeat && <span className="badge badge-repeat">{describeRepeat(repeat)}</span>}
      {reminderStands(reminder) && <span className="badge badge-reminder">{describeServiceReminder(reminder)}</span>}
    </>
  );
}

/**
 * On a done job: remember the yearly visit, with the customer's agreement, and, while it stands, when
 * it is due (for a landlord's check, the first day that keeps that date) and Stop reminders.
 */
export function ServiceReminderPanel({ quote, now }: { quote: InboxQuote; now: Date }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] === 'step');
  const today = londonDay(now);
  const [service, setService] = useState<string>();
  const [doneOn, setDoneOn] = useState(today);
  const [agreed, setAgreed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const title = useRef<HTMLElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const reminder = serviceReminderOf(quote.activity);
  const booked = reminder !== null && reminder.booked !== null;
  const summary = reminder ? text.summary(describeServiceReminder(reminder)) : text.heading;
  // Open on a job with no reminder yet, and left as staff leave it after: setting one shows what it says.
  const [openAtFirst] = useState(reminder === null);

  // Once a reminder is set or stopped, the title that now says so takes the focus from the control that went.
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [summary]);
  const recorded = async (step: StaffStep) => {
    focusTitle.current = true;
    const { ok } = await actions.getState().record(quote, step);
    focusTitle.current &&= ok;
    return ok;
  };

  const stands = reminderStands(reminder);
  if (quote.status !== 'done' && !stands) return null;
  // A visit booked through the reminder starts the next one from its own request.
  const offered = quote.status === 'done' && !stands && !booked;
  const keepWindow = stands ? describeKeepWindow(reminder) : null;

  const id = (part: string) => `reminder-${quote.id}-${part}`;
  const invalid = (field: Field) => ({
    'aria-invalid': problems[field] !== undefined,
    ...(problems[field] !== undefined && { 'aria-describedby': id(`${field}-error`) }),
  });
  const error = (field: Field) =>
    problems[field] !== undefined && (
      <p id={id(`${field}-error`)} className="field-error">
        {problems[field]}
      </p>
    );

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = checked({ service, doneOn, agreed }, today);
    if (result.step === undefined) {
      setProblems(result.problems);
      // The first field in error takes the focus, so what it says is read out.
      const first = fields.find((field) => result.problems[field] !== undefined);
      form.current?.querySelector<HTMLElement>(`[name="${first ?? ''}"]`)?.focus();
      return;
    }
    if (await recorded(result.step)) setProblems({});
  };

  const stop = async () => {
    if (!busy) await recorded({ kind: 'reminder-stopped' });
  };

  return (
    <details className="quote-reminder" open={openAtFirst}>
      <summary ref={title}>{summary}</summary>
      <div className="reminder-body">
        {keepWindow && <p className="reminder-keep">{keepWindow}</p>}
        {stands && (
          <button type="button" className="button button-outline" aria-disabled={busy} onClick={() => void stop()}>
            {text.stop}
          </button>
        )}
        {offered && (
          <form ref={form} className="reminder-form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <fieldset className="reminder-services" {...(problems.service !== undefined && { 'aria-describedby': id('service-error') })}>
              <legend>{text.service}</legend>
              {serviceKinds.map((kind) => (
                <label key={kind} className="reminder-choice">
                  <input type="radio" name="service" value={kind} checked={service === kind} {...invalid('service')} onChange={() => setService(kind)} />
                  {reminderCopy.services[kind]}
                </label>
              ))}
              {error('service')}
            </fieldset>
            <div className={problems.doneOn === undefined ? 'field' : 'field field-invalid'}>
              <label htmlFor={id('doneOn')}>{text.doneOn}</label>
              <input id={id('doneOn')} name="doneOn" type="date" value={doneOn} max={today} required {...invalid('doneOn')} onChange={(event) => setDoneOn(event.target.value)} />
              {error('doneOn')}
            </div>
            <div className="reminder-agreed">
              <div className="reminder-choice">
                <input id={id('agreed')} name="agreed" type="checkbox" checked={agreed} {...invalid('agreed')} onChange={(event) => setAgreed(event.target.checked)} />
                <label htmlFor={id('agreed')}>{text.agreed}</label>
              </div>
              {error('agreed')}
            </div>
            <button type="submit" className="button button-outline" aria-disabled={busy}>
              {text.set}
            </button>
          </form>
        )}
      </div>
    </details>
  );
}
