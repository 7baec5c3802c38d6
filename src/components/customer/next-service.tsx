import { type SubmitEvent, useLayoutEffect, useRef, useState } from 'react';
import type { CustomerLinkView } from '../../../domain/customer-link/customer-link';
import type { RemindResult, StopRemindersResult } from '../../../domain/reminders/customer-reminders';
import { reminderServiceField } from '../../../domain/reminders/customer-reminders';
import { describeKeepWindow, reminderCopy } from '../../../domain/reminders/reminder-copy';
import { serviceKinds } from '../../../domain/reminders/service-words';

const { customer: text, services } = reminderCopy;

/** How the card's two forms are sent: as plain posts to our server without scripts (`post`), and with them. */
interface NextServiceActions {
  post: (to: 'remind' | 'stop') => { method: 'post'; action?: string };
  remind: (service: string) => Promise<RemindResult>;
  stop: () => Promise<StopRemindersResult>;
}

/** What the card tells the page: the request as it now stands, or that a try failed and why. */
interface NextServiceProps {
  reminder: CustomerLinkView['reminder'];
  actions: NextServiceActions;
  /** The message a plain post came back with, naming the field. */
  initialError: string | undefined;
  onReminded: (result: RemindResult) => string | undefined;
  onStopped: (result: StopRemindersResult) => Promise<string | undefined>;
}

/**
 * Once the job is done: "Remind me when my next service is due", for a boiler service or a landlord's
 * gas safety check; while a reminder stands, when the next visit is due (for a landlord's check, the
 * first day that keeps that date), and "Stop".
 */
export function NextService({ reminder, actions, initialError, onReminded, onStopped }: NextServiceProps) {
  const [service, setService] = useState('');
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState(false);
  const offerForm = useRef<HTMLFormElement>(null);
  // On our server the page's scripts load on the customer's first press, which may be the choice
  // itself: what is chosen when they take over is the customer's, and what a send carries.
  useLayoutEffect(() => {
    const chosen = offerForm.current?.querySelector<HTMLInputElement>(`input[name="${reminderServiceField.name}"]:checked`);
    if (chosen) setService(chosen.value);
  }, []);

  const run = async (event: SubmitEvent<HTMLFormElement>, act: () => Promise<string | undefined>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(await act());
    setBusy(false);
  };

  if (reminder.stands) {
    const keeps = describeKeepWindow(reminder);
    return (
      <section className="card customer-card customer-next-service" aria-labelledby="customer-next-service-title">
        <h2 id="customer-next-service-title">{text.heading}</h2>
        <p className="customer-promise">{text.due(reminder.service, reminder.due)}</p>
        {keeps !== null && <p>{keeps}.</p>}
        <p className="customer-quiet">{text.standing}</p>
        <form {...actions.post('stop')} onSubmit={(event) => void run(event, async () => onStopped(await actions.stop()))}>
          <p>{text.stopLead}</p>
          <button type="submit" className="button button-outline" aria-disabled={busy}>
            {text.stop}
          </button>
        </form>
        {error && <p role="alert">{error}</p>}
      </section>
    );
  }
  if (!reminder.offered) return null;

  const errorId = 'customer-next-service-error';
  return (
    <section className="card customer-card customer-next-service" aria-labelledby="customer-next-service-title">
      <h2 id="customer-next-service-title">{text.heading}</h2>
      <p>{text.offerLead}</p>
      <form ref={offerForm} {...actions.post('remind')} onSubmit={(event) => void run(event, async () => onReminded(await actions.remind(service)))} noValidate>
        <fieldset className="reminder-services" {...(error && { 'aria-describedby': errorId })}>
          <legend>{reminderCopy.staff.service}</legend>
          {serviceKinds.map((kind) => (
            <label key={kind} className="reminder-choice">
              <input
                type="radio"
                name={reminderServiceField.name}
                value={kind}
                checked={service === kind}
                aria-invalid={Boolean(error)}
                onChange={() => setService(kind)}
              />
              <span>{services[kind]}</span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary" aria-disabled={busy}>
          {text.offer}
        </button>
      </form>
    </section>
  );
}
