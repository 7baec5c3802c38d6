import { type SubmitEvent, useState } from 'react';
import { customerMessageField, type CustomerLinkView } from '../../../domain/customer-link/customer-link';
import type { CustomerMessageResult } from '../../../domain/customer-link/customer-link-actions';
import type { CustomerQuote } from '../../../domain/priced-quote/customer-quote-view';
import { quoteAnswerFields } from '../../../domain/priced-quote/customer-quote';
import { type QuoteAnswerInput, type QuoteAnswerKind, type QuoteAnswerShown, quotePaths, type QuoteAnswerState } from '../../../domain/priced-quote/quote-answer';
import { quoteCopy } from '../../../domain/priced-quote/quote-copy';
import { formatPrice } from '../../../domain/priced-quote/quote-pricing';
import { londonDay } from '../../../domain/london-time';
import { FormField } from '../shared/form-field';
import { useHydrated } from '../shared/use-hydrated';

// The customer's priced quote on their own page: the total first, then what it is made of, until when
// it stands, our terms and their right to cancel; and, while it stands, their answer. Its two forms
// post to our server without scripts, and are answered in place with them. Prints on its own.

/** How the card's forms are sent: as plain posts to our server without scripts (`post`), and with them. */
interface CustomerQuoteActions {
  post: (to: string) => { method: 'post'; action?: string };
  answer: (answer: QuoteAnswerKind, input: QuoteAnswerInput) => Promise<QuoteAnswerShown>;
  /** "Ask for a new quote": a message to us through the page. */
  askAgain: (text: string) => Promise<CustomerMessageResult>;
}

interface CustomerQuoteProps {
  view: CustomerLinkView;
  actions: CustomerQuoteActions;
  /** A plain form's answer sent back: what was chosen, and why it was not taken. */
  initial: QuoteAnswerState | undefined;
  /** The page as it now stands, and what to say of it (nothing, for a refusal the card tells itself). */
  onView: (view: CustomerLinkView, done?: 'quote-accepted' | 'quote-declined' | 'quote-asked-again') => void;
  /** What to tell the customer when their answer could not reach us, or the link has gone. */
  failed: { tryAgain: string; gone: string };
}

/** The reasons a customer may give for "No thanks", in their words. */
const reasons = Object.entries(quoteCopy.declineReasons);

/** The lines' table, the VAT by rate and the totals of one version. */
function QuoteLines({ quote }: { quote: CustomerQuote }) {
  const { price } = quote;
  const headings = quoteCopy.lineHeadings;
  const columns = price.vatRegistered ? 5 : 4;
  return (
    <div className="quote-lines-wrap">
      <table className="quote-lines">
        <caption className="visually-hidden">{quoteCopy.heading(quote.version)}</caption>
        <thead>
          <tr>
            <th scope="col">{headings.description}</th>
            <th scope="col" className="quote-number">
              {headings.quantity}
            </th>
            <th scope="col" className="quote-number">
              {headings.unit}
            </th>
            {price.vatRegistered && (
              <th scope="col" className="quote-number">
                {headings.vat}
              </th>
            )}
            <th scope="col" className="quote-number">
              {headings.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {price.lines.map((line, index) => (
            // A version sent never changes: a line's place is its identity.
            <tr key={index}>
              <td className="customer-text">{line.description}</td>
              {/* On a phone each line is a block, and each figure says what it is (styles.css). */}
              <td className="quote-number" data-label={headings.quantity}>
                {line.quantity}
              </td>
              <td className="quote-number" data-label={headings.unit}>
                {formatPrice(line.unitPence)}
              </td>
              {price.vatRegistered && (
                <td className="quote-number" data-label={headings.vat}>
                  {quoteCopy.vatRate(line.vat)}
                </td>
              )}
              <td className="quote-number">{formatPrice(line.netPence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {price.vatRegistered && (
            <>
              <tr>
                <th scope="row" colSpan={columns - 1}>
                  {quoteCopy.netTotal}
                </th>
                <td className="quote-number">{formatPrice(price.netPence)}</td>
              </tr>
              {price.byRate.map((rate) => (
                <tr key={rate.vat}>
                  <th scope="row" colSpan={columns - 1}>
                    {quoteCopy.vatAtRate(rate.vat)}
                  </th>
                  <td className="quote-number">{formatPrice(rate.vatPence)}</td>
                </tr>
              ))}
            </>
          )}
          <tr className="quote-lines-total">
            <th scope="row" colSpan={columns - 1}>
              {price.vatRegistered ? quoteCopy.totalIncludingVat : quoteCopy.total}
            </th>
            <td className="quote-number">{formatPrice(price.totalPence)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The right to cancel, with the model cancellation form; for an urgent repair, what it does not cover. */
function Cancellation({ urgent }: { urgent: boolean }) {
  const { cancellation } = quoteCopy;
  return (
    <section className="quote-cancellation" aria-labelledby="customer-quote-cancel-title">
      <h3 id="customer-quote-cancel-title">{cancellation.heading}</h3>
      {urgent && <p className="quote-urgent">{cancellation.urgent}</p>}
      {cancellation.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="quote-cancel-form">
        <h4>{cancellation.formHeading}</h4>
        <p className="customer-quiet">{cancellation.formIntro}</p>
        {cancellation.form.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </section>
  );
}

/** What became of the version on show: accepted (when, for how much, early start), declined, expired, replaced, or moved on. */
function Standing({ quote, status }: { quote: CustomerQuote; status: CustomerLinkView['status'] }) {
  const { answer } = quote;
  if (answer?.kind === 'accepted') {
    return (
      <div className="quote-answered" role="note">
        <p>{quoteCopy.accepted(answer.totalPence, londonDay(answer.at))}</p>
        {answer.earlyStart && <p>{quoteCopy.acceptedEarly}</p>}
      </div>
    );
  }
  if (answer?.kind === 'declined') return <p className="quote-answered">{quoteCopy.declined}</p>;
  if (quote.standing === 'expired') return <p className="quote-closed">{quoteCopy.expired(quote.validUntil)}</p>;
  if (quote.replacedBy !== null) return <p className="quote-closed">{quoteCopy.replaced(quote.replacedBy)}</p>;
  if (status !== 'quoted') return <p className="quote-closed">{quoteCopy.movedOn}</p>;
  return null;
}

/** The customer's priced quote: the version last sent, what became of it or their answer, and the versions it replaced. */
export function CustomerQuoteCard({ view, actions, initial, onView, failed }: CustomerQuoteProps) {
  const [current, ...older] = view.quotes;
  const [chosen, setChosen] = useState({ earlyStart: initial?.earlyStart ?? false, reason: initial?.reason ?? '' });
  const [error, setError] = useState<{ message: string; field?: string | undefined } | undefined>(initial && initial.error !== '' ? { message: initial.error, field: initial.field } : undefined);
  const [busy, setBusy] = useState(false);
  // The print button needs scripts: it is shown once they run.
  const scripted = useHydrated();
  if (!current) return null;

  const open = (current.standing === 'sent' || current.standing === 'viewed') && view.status === 'quoted';
  const closed = current.standing === 'expired' || current.replacedBy !== null;
  const { version } = current;

  const answer = async (event: SubmitEvent<HTMLFormElement>, kind: QuoteAnswerKind) => {
    event.preventDefault();
    if (busy) return;
    // Read from the form itself: what was ticked or chosen before the scripts took over counts.
    const form = new FormData(event.currentTarget);
    const reason = form.get(quoteAnswerFields.reason);
    const input = { version, earlyStart: form.get(quoteAnswerFields.earlyStart) === 'on', reason: typeof reason === 'string' ? reason : '' };
    setChosen({ earlyStart: kind === 'accept' ? input.earlyStart : chosen.earlyStart, reason: kind === 'decline' ? input.reason : chosen.reason });
    setBusy(true);
    const result = await actions.answer(kind, input);
    setBusy(false);
    if (result.ok) {
      setError(undefined);
      onView(result.view, kind === 'accept' ? 'quote-accepted' : 'quote-declined');
      return;
    }
    const { error: failure } = result;
    if (failure.kind === 'refused') onView(failure.view);
    setError(
      failure.kind === 'invalid-answer'
        ? { message: failure.message, field: failure.field }
        : { message: failure.kind === 'refused' ? failure.message : failure.kind === 'not-found' ? failed.gone : failed.tryAgain },
    );
  };

  const askAgain = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await actions.askAgain(quoteCopy.askAgainMessage(version));
    setBusy(false);
    if (result.ok) {
      setError(undefined);
      onView(result.view, 'quote-asked-again');
    } else setError({ message: result.error.kind === 'not-found' ? failed.gone : failed.tryAgain });
  };

  const reasonError = error?.field === quoteAnswerFields.reason ? error.message : undefined;
  const earlyError = error?.field === quoteAnswerFields.earlyStart ? error.message : undefined;
  const generalError = error && reasonError === undefined && earlyError === undefined ? error.message : undefined;

  return (
    <section className="card customer-card customer-quote" aria-labelledby="customer-quote-title">
      <h2 id="customer-quote-title">{quoteCopy.heading(version)}</h2>
      <p className="quote-total">
        <span className="quote-total-label">{current.price.vatRegistered ? quoteCopy.totalIncludingVat : quoteCopy.total}</span>
        <strong className="quote-total-amount">{formatPrice(current.price.totalPence)}</strong>
      </p>
      <p className="quote-valid">{quoteCopy.validUntil(current.validUntil)}</p>
      {generalError && (
        <p className="quote-error" role="alert">
          {generalError}
        </p>
      )}
      <Standing quote={current} status={view.status} />

      <QuoteLines quote={current} />
      <p className="customer-quiet">{current.price.vatRegistered ? quoteCopy.vatNumber : quoteCopy.noVat}</p>

      {current.terms.trim() !== '' && (
        <section className="quote-terms" aria-labelledby="customer-quote-terms-title">
          <h3 id="customer-quote-terms-title">{quoteCopy.terms}</h3>
          <p className="customer-text">{current.terms}</p>
        </section>
      )}

      <Cancellation urgent={view.urgent} />

      {open && (
        <div className="quote-answer">
          <form key={`accept-${String(version)}`} className="quote-accept" {...actions.post(quotePaths.accept)} onSubmit={(event) => void answer(event, 'accept')} noValidate>
            <input type="hidden" name={quoteAnswerFields.version} value={version} />
            <div className={earlyError ? 'quote-early field-invalid' : 'quote-early'}>
              <input
                type="checkbox"
                id="customer-quote-early-start"
                name={quoteAnswerFields.earlyStart}
                defaultChecked={chosen.earlyStart}
                aria-describedby={earlyError ? 'customer-quote-early-start-means customer-quote-early-start-error' : 'customer-quote-early-start-means'}
              />
              <label htmlFor="customer-quote-early-start">{quoteCopy.earlyStart}</label>
              <p id="customer-quote-early-start-means" className="field-hint">
                {quoteCopy.earlyStartMeans}
              </p>
              {earlyError && (
                <p id="customer-quote-early-start-error" className="field-error">
                  {earlyError}
                </p>
              )}
            </div>
            <button type="submit" className="button button-primary quote-accept-button" aria-disabled={busy}>
              {quoteCopy.accept(current.price.totalPence)}
            </button>
          </form>
          <form key={`decline-${String(version)}`} className="quote-decline" {...actions.post(quotePaths.decline)} onSubmit={(event) => void answer(event, 'decline')} noValidate>
            <input type="hidden" name={quoteAnswerFields.version} value={version} />
            <FormField id="customer-quote-reason" label={quoteCopy.declineReason} error={reasonError}>
              {(control) => (
                <select {...control} name={quoteAnswerFields.reason} defaultValue={chosen.reason}>
                  <option value="">{quoteCopy.declineReasonNone}</option>
                  {reasons.map(([reason, label]) => (
                    <option key={reason} value={reason}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button type="submit" className="button button-outline" aria-disabled={busy}>
              {quoteCopy.decline}
            </button>
          </form>
        </div>
      )}

      {closed && (
        <form className="quote-ask-again" {...actions.post('/messages')} onSubmit={(event) => void askAgain(event)}>
          <input type="hidden" name={customerMessageField.name} value={quoteCopy.askAgainMessage(version)} />
          <button type="submit" className="button button-primary" aria-disabled={busy}>
            {quoteCopy.askAgain}
          </button>
        </form>
      )}

      {scripted && (
        <button type="button" className="button button-outline quote-print" onClick={() => window.print()}>
          {quoteCopy.print}
        </button>
      )}

      {older.length > 0 && (
        <section className="quote-older" aria-labelledby="customer-quote-older-title">
          <h3 id="customer-quote-older-title">{quoteCopy.olderVersions}</h3>
          <ul>
            {older.map((quote) => (
              <li key={quote.version}>
                {[quoteCopy.olderVersion(quote.version), formatPrice(quote.price.totalPence), quote.replacedBy === null ? quoteCopy.standing[quote.standing] : quoteCopy.replacedBy(quote.replacedBy)].join(' · ')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
