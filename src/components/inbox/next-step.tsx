import { useStore } from 'zustand';
import { takeActionTitle } from '../../../domain/alerts/alert-message';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { nextStatuses, type QuoteStatus, waitingStatus } from '../../../domain/inbox/quote-status';
import { useAppContext } from '../../app/app-context-provider';
import type { QuoteActionsStore } from '../../app/stores/quote-actions-store';
import { focusAfterLeaving } from './focus-after-leaving';
import { OutcomeMoveButton } from './outcome-move';

/**
 * The status move a card offers beside Call: the first a request may make from where it stands, once
 * someone has taken it, but never Lost, which is no step forward and stays inside the opened card,
 * as does taking a done job back to won. None for one held in Spam, waiting for someone to take it,
 * or done.
 */
export function nextMove(quote: InboxQuote, held: boolean): QuoteStatus | undefined {
  if (held || (quote.status === waitingStatus && quote.taken === null) || quote.status === 'done') return undefined;
  return nextStatuses[quote.status].find((to) => to !== 'lost');
}

interface Step {
  text: string;
  label: string;
  className: string;
  run: (actions: QuoteActionsStore) => Promise<void>;
}

/** "Not spam" for one held in Spam; "I'm on it" while nobody has taken it; else its next move, if any. */
function stepOf(quote: InboxQuote, held: boolean): Step | null {
  if (held) {
    return { text: inboxCopy.spam.notSpam, label: inboxCopy.spam.notSpamLabel(quote.name), className: 'button-primary', run: (actions) => actions.getState().clearSpam(quote) };
  }
  if (quote.status === waitingStatus && quote.taken === null) {
    return { text: takeActionTitle, label: inboxCopy.take.label(takeActionTitle, quote.name), className: 'button-take', run: (actions) => actions.getState().take(quote) };
  }
  const to = nextMove(quote, held);
  if (to === undefined) return null;
  const text = inboxCopy.status.action(quote.status, to);
  return { text, label: inboxCopy.status.actionLabel(text, quote.name), className: 'button-primary', run: (actions) => actions.getState().changeStatus(quote, to) };
}

/**
 * The card's next step beside Call, as one button that stays the same element as the request moves
 * on ("I'm on it", then "Mark contacted"), so focus stays where the staff member is; a request that
 * leaves the list hands focus to its neighbour.
 */
export function NextStepButton({ quote, held }: { quote: InboxQuote; held: boolean }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  const step = stepOf(quote, held);
  if (step === null) return null;
  // Won asks the job's value first.
  if (nextMove(quote, held) === 'won') return <OutcomeMoveButton quote={quote} to="won" text={step.text} className={step.className} />;
  return (
    <button
      type="button"
      className={`button ${step.className}`}
      aria-label={step.label}
      aria-disabled={busy}
      onClick={(event) => {
        if (!busy) void focusAfterLeaving(event.currentTarget, () => step.run(actions));
      }}
    >
      {step.text}
    </button>
  );
}
