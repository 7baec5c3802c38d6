import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { hasDeliveryTrouble } from '../../../domain/inbox/resend-business-email';
import { useAppContext } from '../../app/app-context-provider';
import { formatDateTime } from './format-date-time';
import { AlertIcon, MailIcon } from '../shared/icons';

const { email: text } = inboxCopy;

/**
 * Banner above the list while the server keeps the business emails but has no mail server set up:
 * said once here, instead of "not sent yet" on every card.
 */
export function EmailSetupBanner() {
  const notSetUp = useStore(useAppContext((context) => context.inbox), (state) => state.emailNotSetUp);
  if (!notSetUp) return null;
  return (
    <p className="email-setup-banner">
      <MailIcon /> <strong>{text.notSetUp}</strong> <code>{text.notSetUpDoc}</code>
    </p>
  );
}

/**
 * Whether the business email about a request went out. One that has been failing for a while is
 * flagged, with the last error and a button to send it again; where no email is sent, nothing shows.
 */
export function EmailDeliveryStatus({ quote, now }: { quote: InboxQuote; now: Date }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  // While no mail server is set up, the banner above the list says it once for every card.
  const notSetUp = useStore(useAppContext((context) => context.inbox), (state) => state.emailNotSetUp);
  const email = quote.businessEmail;
  if (email === undefined) return null;
  if (hasDeliveryTrouble(quote, now)) {
    return (
      <div className="delivery-trouble">
        <p className="delivery-trouble-title">
          <AlertIcon /> <strong>{text.trouble}</strong>
        </p>
        {email.lastError && (
          <p className="delivery-trouble-error">
            {text.lastError} {email.lastError}
          </p>
        )}
        <button
          type="button"
          className="button button-outline"
          aria-label={text.resendLabel(quote.name)}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void actions.getState().resendEmail(quote);
          }}
        >
          <MailIcon /> {text.resend}
        </button>
      </div>
    );
  }
  if (email.sentAt === null) {
    if (notSetUp) return null;
    return (
      <p className="email-status email-status-waiting">
        <MailIcon /> <span>{text.waiting}</span>
      </p>
    );
  }
  return (
    <p className="email-status">
      <MailIcon />
      <span>
        {text.sent} <time dateTime={email.sentAt.toISOString()}>{formatDateTime(email.sentAt)}</time>
      </span>
    </p>
  );
}
