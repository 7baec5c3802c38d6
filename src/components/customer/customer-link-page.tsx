import { type SubmitEvent, useLayoutEffect, useRef, useState } from 'react';
import { business } from '../../../domain/business';
import {
  closedStatuses,
  customerLinkPath,
  customerMessageField,
  customerStatusLabels,
  customerSteps,
  type CustomerLinkView,
  describeCallBy,
  describeTriedAt,
  noLongerNeededReason,
} from '../../../domain/customer-link/customer-link';
import type { CustomerMessageResult, CustomerLinkResult, ReviewLinkResult, StopReviewsResult } from '../../../domain/customer-link/customer-link-actions';
import type { RemindResult, StopRemindersResult } from '../../../domain/reminders/customer-reminders';
import { reminderCopy } from '../../../domain/reminders/reminder-copy';
import { reminderPaths } from '../../../domain/reminders/reminder-paths';
import { reviewCopy } from '../../../domain/reviews/review-copy';
import { greetingName } from '../../../domain/quote/first-name';
import { londonParts } from '../../../domain/london-time';
import { describeField, displayValue, quoteFieldList } from '../../../domain/quote/quote';
import { FormField } from '../shared/form-field';
import { GasAdvice } from '../shared/gas-advice';
import { gasCopy } from '../../../domain/safety/gas-copy';
import { gasReportOf } from '../../../domain/safety/gas-report';
import type { GasReport } from '../../../domain/safety/gas-report-kind';
import { NextService } from './next-service';
import { CustomerQuoteCard } from './customer-quote';
import type { QuoteAnswerInput, QuoteAnswerKind, QuoteAnswerShown, QuoteAnswerState } from '../../../domain/priced-quote/quote-answer';
import { quoteCopy } from '../../../domain/priced-quote/quote-copy';

// The customer's own page of their request, read on a phone as often as not: where it stands, when we
// will call (or when we rang and nobody answered), what they asked for and what they wrote since, a box for one more message, and "No longer
// needed". Every form works as a plain HTML post (our server answers it); with scripts, in place.

/** What the page does, and whether its forms post to our server when scripts are off. */
interface CustomerLinkActions {
  postsForms: boolean;
  sendMessage: (token: string, text: string) => Promise<CustomerMessageResult>;
  close: (token: string) => Promise<CustomerLinkResult>;
  /** Where "Leave us a review" links, for the API to answer with or without scripts; none in the demo. */
  reviewHref: (token: string) => string | undefined;
  openReview: (token: string) => Promise<ReviewLinkResult>;
  /** Where "Stop review emails" posts without scripts; none in the demo. */
  stopHref: (token: string) => string | undefined;
  stopReviews: (token: string) => Promise<StopReviewsResult>;
  /** Where a reminder email's "Stop reminders" posts without scripts; none in the demo. */
  stopRemindersHref: (token: string) => string | undefined;
  remind: (token: string, service: string) => Promise<RemindResult>;
  stopReminders: (token: string) => Promise<StopRemindersResult>;
  view: (token: string) => Promise<CustomerLinkResult>;
  answerQuote: (token: string, answer: QuoteAnswerKind, input: QuoteAnswerInput) => Promise<QuoteAnswerShown>;
}

/** What the address says was just done, or that the customer came to close the request or stop emails. */
interface CustomerLinkSearch {
  done?: 'message' | 'closed' | 'reminder' | 'reminders-stopped' | 'quote-accepted' | 'quote-declined' | undefined;
  close?: 'confirm' | undefined;
  reviews?: 'stop' | undefined;
  reminders?: 'stop' | undefined;
}

interface CustomerLinkPageProps {
  token: string;
  search: CustomerLinkSearch;
  data: { view: CustomerLinkView; message?: { draft: string; error: string }; reminderError?: string; quoteAnswer?: QuoteAnswerState };
  actions: CustomerLinkActions;
  now: () => Date;
}

const notices = {
  message: 'Thank you. We have your message, and it is with your request now.',
  closed: 'Your request is closed, and we will not call you about it. Thank you for letting us know.',
  reminder: reminderCopy.customer.setDone,
  'reminders-stopped': reminderCopy.customer.stopped,
  'quote-accepted': quoteCopy.toasts.accepted,
  'quote-declined': quoteCopy.toasts.declined,
  'quote-asked-again': quoteCopy.toasts.askedAgain,
} as const;

const tryAgain = `We could not send that just now. Please try again in a minute, or call us on ${business.phone.display}.`;
const gone = `This link no longer works. If you still need us, call us on ${business.phone.display}.`;

/** 25/11/2026 at 14:05, in UK time. */
function when(date: Date): string {
  const { day, month, year, hour, minute } = londonParts(date);
  return `${day}/${month}/${year} at ${hour}:${minute}`;
}

const phoneLink = <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>;

function Progress({ view, now }: { view: CustomerLinkView; now: () => Date }) {
  const closedByCustomerOrUs = view.status === 'lost';
  const current = customerSteps.indexOf(view.status);
  return (
    <section className="card customer-card" aria-labelledby="customer-progress-title">
      <h2 id="customer-progress-title">Where it stands</h2>
      {closedByCustomerOrUs ? (
        <p className="customer-closed">
          <strong>{customerStatusLabels.lost}</strong>. We are no longer working on this request.
        </p>
      ) : (
        <ol className="customer-steps">
          {customerSteps.map((step, index) => (
            <li key={step} className={index < current ? 'step-done' : index === current ? 'step-current' : 'step-next'} {...(index === current && { 'aria-current': 'step' as const })}>
              <span className="step-mark" aria-hidden="true">
                {index < current ? '✓' : index + 1}
              </span>
              <span>{customerStatusLabels[step]}</span>
              {index < current && <span className="visually-hidden"> (done)</span>}
            </li>
          ))}
        </ol>
      )}
      {view.callBy && <p className="customer-promise">{describeCallBy(view.callBy, now())}</p>}
      {view.triedAt && <p className="customer-promise">{describeTriedAt(view.triedAt, now())}</p>}
      {view.notices.map((notice) => (
        <p key={notice} className="customer-promise">
          {notice}
        </p>
      ))}
      <p className="customer-emergency">
        If it gets worse or you need us now, call {phoneLink}. We answer {business.emergencyHours}.
      </p>
    </section>
  );
}

/** The gas advice again, while the request is open, for a customer whose description reported gas or carbon monoxide. */
function GasCard({ report }: { report: GasReport }) {
  return (
    <section className="card customer-card gas-card" aria-labelledby="customer-gas-title">
      <h2 id="customer-gas-title">{gasCopy.customerHeading[report]}</h2>
      <GasAdvice report={report} />
    </section>
  );
}

function AskedFor({ view }: { view: CustomerLinkView }) {
  // What they told us: where their request came from is ours to read, not theirs to be shown.
  const shown = quoteFieldList.filter((field) => describeField(field).control !== undefined && displayValue(field, view.quote) !== '');
  return (
    <section className="card customer-card" aria-labelledby="customer-asked-title">
      <h2 id="customer-asked-title">What you asked for</h2>
      <dl className="customer-details">
        <div>
          <dt>Sent</dt>
          <dd>{when(view.quote.createdAt)}</dd>
        </div>
        {shown.map((field) => (
          <div key={field}>
            <dt>{describeField(field).label}</dt>
            <dd className={field === 'description' ? 'customer-text' : undefined}>{displayValue(field, view.quote)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Once the job is done: one link to review us, the same for everyone. Without scripts it goes through
 * our server, which records it was followed and sends the customer on; with them, the same is asked
 * in place, then the customer goes.
 */
function LeaveReview({ token, actions }: { token: string; actions: CustomerLinkActions }) {
  const [failed, setFailed] = useState(false);
  const href = actions.reviewHref(token);
  return (
    <section className="card customer-card customer-review" aria-labelledby="customer-review-title">
      <h2 id="customer-review-title">{reviewCopy.customerPage.heading}</h2>
      <p>{reviewCopy.customerPage.lead}</p>
      <a
        className="button button-primary"
        href={href ?? '#leave-review'}
        onClick={(event) => {
          event.preventDefault();
          void actions.openReview(token).then((result) => {
            if (result.ok) window.location.assign(result.url);
            else setFailed(true);
          });
        }}
      >
        {reviewCopy.leaveReview}
      </a>
      {failed && <p role="alert">{tryAgain}</p>}
    </section>
  );
}

/** The words of a page that stops one kind of email: review asks, or service reminders. */
interface StopCopy {
  title: string;
  lead: string;
  confirm: string;
  doneTitle: string;
  done: string;
}

/**
 * "Stop review emails" or "Stop reminders", for an email's link to it where the API cannot show a page
 * of its own (Supabase): one button, so a mail program that opens links to scan them stops nothing.
 */
export function StopEmails({ id, copy, href, stop }: { id: string; copy: StopCopy; href: string | undefined; stop: () => Promise<{ ok: boolean }> }) {
  const [state, setState] = useState<'asking' | 'busy' | 'stopped' | 'failed'>('asking');
  return (
    <section className="card customer-card" aria-labelledby={id}>
      <h2 id={id}>{state === 'stopped' ? copy.doneTitle : copy.title}</h2>
      {state === 'stopped' ? (
        <p role="status">{copy.done}</p>
      ) : (
        <>
          <p>{copy.lead}</p>
          <form
            method="post"
            action={href}
            onSubmit={(event) => {
              event.preventDefault();
              if (state === 'busy') return;
              setState('busy');
              void stop().then((result) => setState(result.ok ? 'stopped' : 'failed'));
            }}
          >
            <button type="submit" className="button button-outline" aria-disabled={state === 'busy'}>
              {copy.confirm}
            </button>
          </form>
          {state === 'failed' && <p role="alert">{tryAgain}</p>}
        </>
      )}
    </section>
  );
}

/** The customer link. */
export function CustomerLinkPage({ token, search, data, actions, now }: CustomerLinkPageProps) {
  const path = customerLinkPath(token);
  const [view, setView] = useState(data.view);
  const [draft, setDraft] = useState(data.message?.draft ?? '');
  const [error, setError] = useState(data.message?.error);
  const [notice, setNotice] = useState<keyof typeof notices | undefined>(search.done);
  const [confirming, setConfirming] = useState(search.close === 'confirm');
  const [busy, setBusy] = useState(false);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const closed = closedStatuses.includes(view.status);
  const name = greetingName(view.quote.name);
  const gas = gasReportOf(view.quote.description);

  // On our server the page's scripts load on the customer's first interaction, which may well be
  // starting on their message: what is in the box when they take over is theirs, and what a send carries.
  useLayoutEffect(() => {
    const typed = messageBox.current?.value;
    if (typed) setDraft(typed);
  }, []);

  const answered = (result: CustomerLinkResult | CustomerMessageResult, done: keyof typeof notices) => {
    if (result.ok) {
      setView(result.view);
      setNotice(done);
      return true;
    }
    setError(result.error.kind === 'invalid-message' ? result.error.message : result.error.kind === 'not-found' ? gone : tryAgain);
    return false;
  };

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await actions.sendMessage(token, draft);
    setBusy(false);
    if (answered(result, 'message')) {
      setDraft('');
      setError(undefined);
    } else {
      messageBox.current?.focus();
    }
  };

  const askToClose = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConfirming(true);
    setNotice(undefined);
    // The question replaces the button: take the reader to it.
    requestAnimationFrame(() => confirmHeading.current?.focus());
  };

  const close = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await actions.close(token);
    setBusy(false);
    setConfirming(false);
    if (!answered(result, 'closed')) setNotice(undefined);
  };

  const post = (to: string) => (actions.postsForms ? ({ method: 'post', action: `${path}${to}` } as const) : ({ method: 'post' } as const));

  return (
    <article className="container customer-page" aria-labelledby="customer-title">
      <title>{`Your request | ${business.name}`}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <h1 id="customer-title">Your request</h1>
      <p className="customer-lead">
        {name === null ? 'Hello.' : `Hello ${name}.`} Thank you for asking {business.name} for help. This page is just for you: keep the link to
        see where things stand.
      </p>
      <div role="status" className="customer-notice-area">
        {notice && <p className="customer-notice">{notices[notice]}</p>}
      </div>

      {search.reviews === 'stop' && <StopEmails id="customer-stop-reviews-title" copy={reviewCopy.stopPage} href={actions.stopHref(token)} stop={() => actions.stopReviews(token)} />}
      {search.reminders === 'stop' && (
        <StopEmails id="customer-stop-reminders-title" copy={reminderCopy.stopPage} href={actions.stopRemindersHref(token)} stop={() => actions.stopReminders(token)} />
      )}

      {gas && !closed && <GasCard report={gas} />}

      <Progress view={view} now={now} />

      {view.quotes.length > 0 && (
        <CustomerQuoteCard
          view={view}
          initial={data.quoteAnswer}
          failed={{ tryAgain, gone }}
          actions={{ post, answer: (answer, input) => actions.answerQuote(token, answer, input), askAgain: (text) => actions.sendMessage(token, text) }}
          onView={(fresh, done) => {
            setView(fresh);
            setNotice(done);
          }}
        />
      )}

      {view.status === 'done' && <LeaveReview token={token} actions={actions} />}

      <NextService
        reminder={view.reminder}
        initialError={data.reminderError}
        actions={{
          post: (to) => post(to === 'remind' ? reminderPaths.remind : reminderPaths.stop),
          remind: (service) => actions.remind(token, service),
          stop: () => actions.stopReminders(token),
        }}
        onReminded={(result) => {
          if (result.ok) {
            setView(result.view);
            setNotice('reminder');
            return undefined;
          }
          const { error: failure } = result;
          return failure.kind === 'invalid-service' ? failure.message : failure.kind === 'not-done' ? reminderCopy.customer.notDone : failure.kind === 'not-found' ? gone : tryAgain;
        }}
        onStopped={async (result) => {
          if (!result.ok) return result.error.kind === 'not-found' ? gone : tryAgain;
          const fresh = await actions.view(token);
          if (fresh.ok) setView(fresh.view);
          setNotice('reminders-stopped');
          return undefined;
        }}
      />

      <section className="card customer-card" aria-labelledby="customer-messages-title">
        <h2 id="customer-messages-title">Your messages</h2>
        {view.messages.length === 0 ? (
          <p className="customer-quiet">Anything to add? Write it here and we will see it with your request.</p>
        ) : (
          <ul className="customer-messages">
            {view.messages.map((message) => (
              <li key={`${message.at.toISOString()}-${message.text}`}>
                <p className="customer-text">{message.text}</p>
                <p className="customer-quiet">Sent {when(message.at)}</p>
              </li>
            ))}
          </ul>
        )}
        <form className="customer-form" {...post('/messages')} onSubmit={(event) => void send(event)} noValidate>
          <FormField id="customer-message" label={customerMessageField.label} error={error} hint="For example: the leak is worse now, or a better time to call.">
            {(control) => (
              <textarea
                {...control}
                ref={messageBox}
                // A message sent back with what was wrong: the box it belongs in is where the customer
                // goes next, with or without scripts.
                autoFocus={data.message !== undefined}
                name={customerMessageField.name}
                rows={4}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            Send message
          </button>
        </form>
      </section>

      <AskedFor view={view} />

      {!closed && (
        <section className="card customer-card customer-close" aria-labelledby="customer-close-title">
          {confirming ? (
            <>
              <h2 id="customer-close-title" ref={confirmHeading} tabIndex={-1}>
                Close your request?
              </h2>
              <p>We will stop working on it and will not call you about it. If you need us again later, just call {phoneLink}.</p>
              <div className="customer-actions">
                <form {...post('/close')} onSubmit={(event) => void close(event)}>
                  <button type="submit" className="button button-emergency" aria-disabled={busy}>
                    Yes, close my request
                  </button>
                </form>
                <a
                  className="button button-outline"
                  href={path}
                  onClick={(event) => {
                    event.preventDefault();
                    setConfirming(false);
                  }}
                >
                  Keep my request open
                </a>
              </div>
            </>
          ) : (
            <>
              <h2 id="customer-close-title">Sorted it already?</h2>
              <p>If you do not need us any more, tell us here and we will not call.</p>
              <form method="get" action={path} onSubmit={askToClose}>
                <input type="hidden" name="close" value="confirm" />
                <button type="submit" className="button button-outline">
                  {noLongerNeededReason}
                </button>
              </form>
            </>
          )}
        </section>
      )}
    </article>
  );
}
