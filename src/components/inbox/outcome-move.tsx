import { useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { type JobOutcome, lostReasonLabels, lostReasons, parsePounds } from '../../../domain/inbox/job-outcome';
import { useAppContext } from '../../app/app-context-provider';
import { FormField } from '../shared/form-field';
import { focusAfterLeaving } from './focus-after-leaving';

const { outcome: copy } = inboxCopy;

const isLostReason = (value: unknown) => lostReasons.find((reason) => reason === value);

/**
 * A move to Won or Lost. Its button first opens a small form, as a modal dialog: the job's value for
 * Won, why it was lost for Lost, both optional. Sending it moves the request with what was given;
 * Cancel (or Escape) moves nothing. A value that is not an amount of pounds is named under its field,
 * as typed, and nothing moves.
 */
export function OutcomeMoveButton({ quote, to, text, className }: { quote: InboxQuote; to: 'won' | 'lost'; text: string; className: string }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog is drawn only while it is asked for: a long list holds no hidden forms.
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();

  function send(form: HTMLFormElement) {
    const data = new FormData(form);
    let outcome: JobOutcome = {};
    if (to === 'won') {
      const typed = data.get('value');
      const parsed = parsePounds(typeof typed === 'string' ? typed : '');
      if (!parsed.ok) {
        setError(parsed.message);
        form.querySelector('input')?.focus();
        return;
      }
      if (parsed.pence !== null) outcome = { wonPence: parsed.pence };
    } else {
      const reason = isLostReason(data.get('reason'));
      if (reason !== undefined) outcome = { lostReason: reason };
    }
    dialog.current?.close();
    const from = button.current;
    const move = () => actions.getState().changeStatus(quote, to, outcome);
    void (from ? focusAfterLeaving(from, move) : move());
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`button ${className}`}
        aria-label={inboxCopy.status.actionLabel(text, quote.name)}
        aria-haspopup="dialog"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) setAsking(true);
        }}
      >
        {text}
      </button>
      {asking && (
        <dialog
          ref={(element) => {
            dialog.current = element;
            if (element !== null && !element.open) element.showModal();
          }}
          className="outcome-dialog"
          aria-labelledby={`${id}-title`}
          onClose={() => {
            setError(undefined);
            setAsking(false);
          }}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send(event.currentTarget);
            }}
          >
            <h3 id={`${id}-title`}>{to === 'won' ? copy.wonTitle(quote.name) : copy.lostTitle(quote.name)}</h3>
            {to === 'won' ? (
              <FormField id={`${id}-value`} label={copy.wonValue} hint={copy.wonValueHint} error={error}>
                {(control) => <input {...control} name="value" inputMode="decimal" autoComplete="off" />}
              </FormField>
            ) : (
              <FormField id={`${id}-reason`} label={copy.lostReason}>
                {(control) => (
                  <select {...control} name="reason" defaultValue="">
                    <option value="">{copy.noReason}</option>
                    {lostReasons.map((reason) => (
                      <option key={reason} value={reason}>
                        {lostReasonLabels[reason]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
            <div className="outcome-actions">
              <button type="submit" className="button button-primary">
                {text}
              </button>
              <button type="button" className="button button-outline" onClick={() => dialog.current?.close()}>
                {copy.cancel}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}
