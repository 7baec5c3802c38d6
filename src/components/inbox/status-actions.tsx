import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { nextStatuses, type QuoteStatus, waitingStatus } from '../../../domain/inbox/quote-status';
import { useAppContext } from '../../app/app-context-provider';
import { focusAfterLeaving } from './focus-after-leaving';
import { OutcomeMoveButton } from './outcome-move';
import { winsJob } from '../../../domain/inbox/job-outcome';

/** The button that moves a request to `to`; as the job is won or lost, it first asks its value or why. */
function StatusMoveButton({ quote, to }: { quote: InboxQuote; to: QuoteStatus }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  const action = inboxCopy.status.action(quote.status, to);
  if (to === 'lost' || (to === 'won' && winsJob({ from: quote.status, to }))) return <OutcomeMoveButton quote={quote} to={to} text={action} className="button-outline" />;
  return (
    <button
      type="button"
      className="button button-outline"
      aria-label={inboxCopy.status.actionLabel(action, quote.name)}
      aria-disabled={busy}
      onClick={(event) => {
        if (!busy) void focusAfterLeaving(event.currentTarget, () => actions.getState().changeStatus(quote, to));
      }}
    >
      {action}
    </button>
  );
}

/**
 * The moves a request may make from where it stands, one button each, but `except` (the one the
 * card already offers beside Call). A waiting request also offers "Called, no answer", where its
 * inbox keeps such calls: it stays waiting.
 */
export function StatusActions({ quote, except }: { quote: InboxQuote; except?: QuoteStatus | undefined }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  return (
    <>
      {nextStatuses[quote.status]
        .filter((to) => to !== except)
        .map((to) => (
          <StatusMoveButton key={to} quote={quote} to={to} />
        ))}
      {quote.status === waitingStatus && (
        <button
          type="button"
          className="button button-outline"
          aria-label={inboxCopy.callAttempt.label(quote.name)}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void actions.getState().recordCallAttempt(quote);
          }}
        >
          {inboxCopy.callAttempt.button}
        </button>
      )}
    </>
  );
}
