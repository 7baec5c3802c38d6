import { londonDay } from '../../../domain/london-time';
import { describeReview, describeReviewDays } from '../../../domain/reviews/review-ask';
import { currentOutcome, describeOutcome } from '../../../domain/inbox/job-outcome';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useState } from 'react';
import { useStore } from 'zustand';
import { copy } from '../../../domain/copy';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { telHref } from '../../../domain/quote/phone';
import { isOverdueUrgent } from '../../../domain/inbox/response-clock';
import { serviceTypeLabels } from '../../../domain/quote/service-type';
import { gasCopy } from '../../../domain/safety/gas-copy';
import { gasReportOf } from '../../../domain/safety/gas-report';
import { inSpamFolder, type SpamMark } from '../../../domain/spam/spam';
import { useAppContext } from '../../app/app-context-provider';
import { EmailDeliveryStatus } from './email-delivery-status';
import { describeField, displayValue, quoteFieldList, quoteFields, remarkedFields, remarkOn } from '../../../domain/quote/quote';
import { focusAfterLeaving } from './focus-after-leaving';
import { CameFrom } from './came-from';
import { ChevronDownIcon, PhoneIcon } from '../shared/icons';
import { ClockDetail, QuoteClock } from './quote-clock';
import { QuoteHistory } from './quote-history';
import { ArrivalBadge, ArrivalBooking } from './arrival-booking';
import { QuoteNotes } from './quote-notes';
import { ServiceReminderBadges, ServiceReminderPanel } from './service-reminder-panel';
import { QuotePhotos } from './quote-photos';
import { QuotePanel, QuoteStandingLine } from './quote-panel';
import { QuoteContact, QuoteReceived, QuoteSummary } from './quote-card-summary';
import { NextStepButton, nextMove } from './next-step';
import { AlertTimeline, TakenBy } from './quote-taking';
import { SpamVerdict } from './spam-verdict';
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

/**
 * The fields with no place of their own on the card, each by its label, flagged where staff should
 * look twice; and the channel the request came through, with what its sender said and its campaign.
 */
function QuoteDetails({ quote }: { quote: InboxQuote }) {
  const details = quoteFieldList.filter((field) => describeField(field).cardDetail === true && quote[field] !== null);
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
      <CameFrom quote={quote} />
      <OutcomeDetail quote={quote} />
      {quote.review && (
        <div>
          <dt>{inboxCopy.card.review}</dt>
          <dd>{describeReviewDays(quote.review, (date) => londonDay(date).split('-').reverse().join('/'))}</dd>
        </div>
      )}
    </dl>
  );
}

/** What a won job was worth, or why a lost one was lost, when staff said as they moved it. */
function OutcomeDetail({ quote }: { quote: InboxQuote }) {
  const outcome = currentOutcome(quote);
  const described = describeOutcome(outcome);
  if (described === undefined) return null;
  return (
    <div>
      <dt>{outcome.wonPence === undefined ? inboxCopy.outcome.lostLine : inboxCopy.outcome.wonLine}</dt>
      <dd>{described}</dd>
    </div>
  );
}

/** A phone number as a screen reader should say it: digit by digit, its groups apart ("0 7 7 0 0, 9 0 0 1 2 3"). */
const spokenNumber = (phone: string) =>
  phone
    .split(/\s+/)
    .map((group) => group.replace(/[^\d+]/g, '').split('').join(' '))
    .filter((group) => group !== '')
    .join(', ');

/** What an opened card adds: every other detail, the other moves, the notes and history, and Delete, apart. */
function CardBody({ quote, now, held }: { quote: InboxQuote; now: Date; held: SpamMark | null }) {
  return (
    <div className="quote-card-body" id={`${quoteHeadingId(quote.id)}-body`}>
      {held ? (
        <SpamVerdict mark={held} />
      ) : (
        <>
          <ClockDetail quote={quote} now={now} />
          <div className="quote-alerting">
            <TakenBy quote={quote} />
            <AlertTimeline quote={quote} />
          </div>
        </>
      )}
      <QuoteDetails quote={quote} />
      <QuotePhotos quote={quote} />
      {!held && <EmailDeliveryStatus quote={quote} now={now} />}
      {!held && (
        <div className="quote-card-actions">
          <StatusActions quote={quote} except={nextMove(quote, false)} />
        </div>
      )}
      {!held && <QuotePanel quote={quote} now={now} />}
      <ArrivalBooking quote={quote} />
      <ServiceReminderPanel quote={quote} now={now} />
      <QuoteNotes quote={quote} />
      <QuoteHistory quote={quote} />
      <div className="quote-card-danger">
        <DeleteButton quote={quote} />
      </div>
    </div>
  );
}

/**
 * One request as staff work it, folded to what a call needs: who and when, how urgent, what for,
 * where, the clock, what the job is, the number and email, and Call with the next thing to do;
 * "Details" opens the rest. Every value is rendered as
 * text, never as markup. `linked`: the one the address names (a notification opened it), marked out
 * from the rest and opened. One in the Spam folder says so instead of its status, and offers "Not
 * spam" beside Call: nobody is waiting.
 */
export function QuoteCard({ quote, now, linked = false }: { quote: InboxQuote; now: Date; linked?: boolean }) {
  const [open, setOpen] = useState(linked);
  // A notification tapped while the inbox is already open names its request: that card opens too.
  const [wasLinked, setWasLinked] = useState(linked);
  if (linked !== wasLinked) {
    setWasLinked(linked);
    if (linked) setOpen(true);
  }
  const held = inSpamFolder(quote) ? quote.spam : null;
  const gas = gasReportOf(quote.description);
  const classes = [
    'card',
    'quote-card',
    open && 'quote-card-open',
    held && 'quote-card-spam',
    !held && quote.urgent && 'quote-card-urgent',
    !held && quote.status === 'new' && isOverdueUrgent(quote, now) && 'quote-card-overdue',
    linked && 'quote-card-linked',
  ];
  const bodyId = `${quoteHeadingId(quote.id)}-body`;
  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={quoteHeadingId(quote.id)}>
      <div className="quote-card-head">
        <h2 id={quoteHeadingId(quote.id)} tabIndex={-1}>
          {quote.name}
        </h2>
        <div className="badges">
          {quote.urgent && <span className="badge badge-urgent">{copy.quotes.urgentBadge}</span>}
          {held ? (
            <span className="badge badge-spam">{inboxCopy.views.spam}</span>
          ) : (
            <span className={`badge badge-status badge-status-${quote.status}`}>{inboxCopy.status.badge[quote.status]}</span>
          )}
        </div>
      </div>
      <div className="quote-card-meta">
        {/* First in the line under the name, which a phone's narrow card keeps whole. */}
        {gas && <span className="badge badge-gas">{gasCopy.staffMark[gas]}</span>}
        <span className="badge">{serviceTypeLabels[quote.serviceType]}</span>
        <QuoteReceived quote={quote} />
        {remarkedFields(quote).map((field) => (
          <span key={field} className="badge badge-remark">
            {remarkOn(field, quote)?.staff}
          </span>
        ))}
        {held ? <span className="badge badge-spam">{inboxCopy.spam.score(held.score)}</span> : <QuoteClock quote={quote} now={now} />}
        {quote.review && <span className="badge badge-review">{describeReview(quote.review)}</span>}
        <ArrivalBadge quote={quote} />
        <ServiceReminderBadges quote={quote} />
      </div>
      <QuoteStandingLine quote={quote} now={now} />
      <QuoteSummary quote={quote} />
      <div className="quote-card-primary">
        <a className="button button-call" href={telHref(quote.phone)} aria-label={inboxCopy.card.callLabel(quote.name, spokenNumber(quote.phone))}>
          <PhoneIcon /> {inboxCopy.card.call}
        </a>
        <NextStepButton quote={quote} held={held !== null} />
        <button
          type="button"
          className="button button-ghost button-details"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={inboxCopy.card.detailsLabel(quote.name)}
          onClick={() => setOpen(!open)}
        >
          <ChevronDownIcon className="chevron" />
        </button>
      </div>
      <QuoteContact quote={quote} />
      {open && <CardBody quote={quote} now={now} held={held} />}
    </article>
  );
}
