import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import { copy } from '../../../domain/copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { mailtoHref } from '../../../domain/quote/email-address';
import { telHref } from '../../../domain/quote/phone';
import { isOverdueUrgent } from '../../../domain/inbox/response-clock';
import { serviceTypeLabels } from '../../../domain/quote/service-type';
import { inSpamFolder } from '../../../domain/spam/spam';
import { useAppContext } from '../../app/app-context-provider';
import { formatDateTime } from './format-date-time';
import { EmailDeliveryStatus } from './email-delivery-status';
import { describeField, displayValue, quoteFieldList, quoteFields, remarkOn } from '../../../domain/quote/quote';
import { focusAfterLeaving } from './focus-after-leaving';
import { ClockIcon, MailIcon, PhoneIcon } from '../shared/icons';
import { QuoteClock } from './quote-clock';
import { QuoteHistory } from './quote-history';
import { QuoteNotes } from './quote-notes';
import { QuotePhotos } from './quote-photos';
import { AlertTimeline, QuoteTaking } from './quote-taking';
import { NotSpamButton, SpamVerdict } from './spam-verdict';
import { StatusActions } from './status-actions';

/** The id of a card's heading, which the list focuses when it shows more. */
export const quoteHeadingId = (id: string) => `quote-${id}`;

function DeleteButton({ quote }: { quote: InboxQuote }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  return (
    <button
      type="button"
      className="button button-outline button-danger"
      aria-label={copy.quoteDelete.label(quote.name)}
      aria-disabled={busy}
      onClick={(event) => {
        // Deleting cannot be undone, so it always asks first, naming whose request it is.
        if (!busy && window.confirm(copy.quoteDelete.confirm(quote.name))) void focusAfterLeaving(event.currentTarget, () => actions.getState().remove(quote));
      }}
    >
      {copy.quoteDelete.button}
    </button>
  );
}

/** The fields with no place of their own on the card, each by its label, flagged where staff should look twice. */
function QuoteDetails({ quote }: { quote: InboxQuote }) {
  const details = quoteFieldList.filter((field) => describeField(field).cardDetail === true && quote[field] !== null);
  if (details.length === 0) return null;
  return (
    <dl className="quote-details">
      {details.map((field) => {
        const remark = remarkOn(field, quote);
        return (
          <div key={field}>
            <dt>{quoteFields[field].label}</dt>
            <dd>
              {displayValue(field, quote)}
              {remark && <span className="badge badge-remark">{remark.staff}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * One request as staff work it. Every value is rendered as text, never as markup. `linked`: the one
 * the address names (a notification opened it), marked out from the rest. One in the Spam folder
 * shows why it is there instead of a clock, and "Not spam" instead of its moves: nobody is waiting.
 */
export function QuoteCard({ quote, now, linked = false }: { quote: InboxQuote; now: Date; linked?: boolean }) {
  const held = inSpamFolder(quote) ? quote.spam : null;
  const classes = [
    'card',
    'quote-card',
    held && 'quote-card-spam',
    !held && quote.urgent && 'quote-card-urgent',
    !held && quote.status === 'new' && isOverdueUrgent(quote, now) && 'quote-card-overdue',
    linked && 'quote-card-linked',
  ];
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={quoteHeadingId(quote.id)}>
      <div className="quote-card-head">
        <h2 id={quoteHeadingId(quote.id)} tabIndex={-1}>
          {quote.name}
        </h2>
        <div className="badges">
          {quote.urgent && <span className="badge badge-urgent">{copy.quotes.urgentBadge}</span>}
          <span className="badge">{serviceTypeLabels[quote.serviceType]}</span>
          {held ? (
            <span className="badge badge-spam">{inboxCopy.views.spam}</span>
          ) : (
            <span className={`badge badge-status badge-status-${quote.status}`}>{inboxCopy.status.badge[quote.status]}</span>
          )}
        </div>
      </div>
      {held ? (
        <SpamVerdict mark={held} />
      ) : (
        <>
          <QuoteClock quote={quote} now={now} />
          <div className="quote-alerting">
            <QuoteTaking quote={quote} />
            <AlertTimeline quote={quote} />
          </div>
        </>
      )}
      <ul className="quote-contact" aria-label={inboxCopy.contactDetails}>
        <li>
          <a href={telHref(quote.phone)}>
            <PhoneIcon /> {quote.phone}
          </a>
        </li>
        {quote.email && (
          <li>
            <a href={mailtoHref(quote.email)}>
              <MailIcon /> {quote.email}
            </a>
          </li>
        )}
        <li>
          <ClockIcon /> <time dateTime={quote.createdAt.toISOString()}>{formatDateTime(quote.createdAt)}</time>
        </li>
      </ul>
      <QuoteDetails quote={quote} />
      {quote.description && <p className="quote-description">{quote.description}</p>}
      <QuotePhotos quote={quote} />
      {!held && <EmailDeliveryStatus quote={quote} now={now} />}
      <div className="quote-card-actions">
        {held ? <NotSpamButton quote={quote} /> : <StatusActions quote={quote} />}
        <DeleteButton quote={quote} />
      </div>
      <QuoteNotes quote={quote} />
      <QuoteHistory quote={quote} />
    </article>
  );
}
