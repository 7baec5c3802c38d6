import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { describeSpamReason, type SpamMark } from '../../../domain/spam/spam';
import { useAppContext } from '../../app/app-context-provider';
import { focusAfterLeaving } from './focus-after-leaving';

const { spam: text } = inboxCopy;

/** Why a request in the Spam folder was held there: its score, and each reason in words. */
export function SpamVerdict({ mark }: { mark: SpamMark }) {
  return (
    <div className="spam-verdict">
      <h3>
        {text.heading} <span className="badge badge-spam">{text.score(mark.score)}</span>
      </h3>
      <ul>
        {mark.reasons.map((reason) => (
          <li key={reason.signal}>{describeSpamReason(reason)}</li>
        ))}
      </ul>
      <p className="spam-held">{text.held}</p>
    </div>
  );
}

/** "Not spam": the one way out of the Spam folder, to Waiting; the card then leaves the folder's list. */
export function NotSpamButton({ quote }: { quote: InboxQuote }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  return (
    <button
      type="button"
      className="button button-primary"
      aria-label={text.notSpamLabel(quote.name)}
      aria-disabled={busy}
      onClick={(event) => {
        if (!busy) void focusAfterLeaving(event.currentTarget, () => actions.getState().clearSpam(quote));
      }}
    >
      {text.notSpam}
    </button>
  );
}
