import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { quoteSettings } from '../../../domain/quote-settings';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { parsePounds } from '../../../domain/inbox/job-outcome';
import { londonDay } from '../../../domain/london-time';
import { latestQuoteOf, nextQuoteVersion, type PricedQuote, pricedQuotesOf, quoteStandingOf, sentQuoteOf } from '../../../domain/priced-quote/priced-quote';
import { describeQuoteStanding, quoteCopy } from '../../../domain/priced-quote/quote-copy';
import { defaultValidUntil, readQuoteDraft } from '../../../domain/priced-quote/quote-draft';
import { formatPrice, priceQuote, type QuotePrice, type VatRate, vatRates } from '../../../domain/priced-quote/quote-pricing';
import { describeDay } from '../../../domain/reminders/service-words';
import type { QuoteActionsStore } from '../../app/stores/quote-actions-store';
import { focusAfterLeaving } from './focus-after-leaving';

const { staff: text } = quoteCopy;

// The business's setting, read as the setting it is rather than the value it has today.
const settings: { vatRegistered: boolean; terms: string } = quoteSettings;
const { vatRegistered, terms } = settings;

/** One line as staff type it: every value kept as typed, so a problem never loses what was written. */
interface LineDraft {
  description: string;
  quantity: string;
  /** In pounds, as a job's value is typed ("1,250.50"). */
  unit: string;
  vat: VatRate;
}

/** A problem with the form, on the field it names (`lines.1.unitPence`, `validUntil`, `lines`). */
interface Problem {
  field: string;
  message: string;
}

// A business not VAT registered charges none: its lines carry the zero rate, which counts for nothing.
const blankLine = (): LineDraft => ({ description: '', quantity: '1', unit: '', vat: vatRegistered ? 'standard' : 'zero' });

const typedPounds = (pence: number) => (pence / 100).toFixed(2);

/** A version's lines as the form holds them, to edit a draft or start the next version from it. */
const linesOf = (quote: PricedQuote): LineDraft[] =>
  quote.lines.map((line) => ({ description: line.description, quantity: String(line.quantity), unit: typedPounds(line.unitPence), vat: line.vat }));

/** A quantity as typed, a number when it is one; undefined when nothing was typed (the schema names it). */
const typedNumber = (typed: string): number | undefined => (typed.trim() === '' ? undefined : Number(typed.trim()));

/** The lines as the draft reads them, with the first unit price that is not an amount in pounds. */
function readLines(lines: readonly LineDraft[]): { input: unknown[]; problem: Problem | undefined } {
  let problem: Problem | undefined;
  const input = lines.map((line, index) => {
    const unit = parsePounds(line.unit);
    if (!unit.ok) problem ??= { field: `lines.${index}.unitPence`, message: `${text.lineLabel(index)}: ${text.unitPriceHint}` };
    return { description: line.description, quantity: typedNumber(line.quantity), unitPence: unit.ok ? (unit.pence ?? undefined) : undefined, vat: line.vat };
  });
  return { input, problem };
}

/** What the lines come to as typed so far, a line not yet readable counting for nothing. */
function liveTotals(lines: readonly LineDraft[]): QuotePrice {
  const readable = lines.map((line) => {
    const quantity = typedNumber(line.quantity);
    const unit = parsePounds(line.unit);
    return {
      description: line.description,
      quantity: quantity !== undefined && Number.isFinite(quantity) && quantity > 0 ? quantity : 0,
      unitPence: unit.ok ? (unit.pence ?? 0) : 0,
      vat: line.vat,
    };
  });
  return priceQuote(readable, { vatRegistered });
}

/** The total first, then what it is made of: before VAT, and the VAT at each rate. */
function Totals({ price }: { price: QuotePrice }) {
  return (
    <dl className="priced-totals">
      <div className="priced-total">
        <dt>{price.vatRegistered ? quoteCopy.totalIncludingVat : quoteCopy.total}</dt>
        <dd>{formatPrice(price.totalPence)}</dd>
      </div>
      {price.vatRegistered ? (
        <>
          <div>
            <dt>{quoteCopy.netTotal}</dt>
            <dd>{formatPrice(price.netPence)}</dd>
          </div>
          {price.byRate.map((rate) => (
            <div key={rate.vat}>
              <dt>{quoteCopy.vatAtRate(rate.vat)}</dt>
              <dd>{formatPrice(rate.vatPence)}</dd>
            </div>
          ))}
        </>
      ) : (
        <p>{quoteCopy.noVat}</p>
      )}
    </dl>
  );
}

function Terms({ terms }: { terms: string }) {
  return (
    <div className="priced-terms">
      <h3>{text.terms}</h3>
      {terms.split('\n').map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

/** How the customer gets it: emailed a link, or, with no address, only on their page, whose link staff give them. */
function HowSent({ quote }: { quote: InboxQuote }) {
  return <p className="priced-how">{quote.email === null ? text.byLinkOnly : text.sentByEmail(quote.email)}</p>;
}

/** A version sent, as the customer was sent it, with where it stands. */
function SentVersion({ version, today }: { version: PricedQuote; today: string }) {
  const { price } = version;
  const headings = quoteCopy.lineHeadings;
  return (
    <div className="priced-sent">
      <p className="quote-standing">{describeQuoteStanding(version, quoteStandingOf(version, today), version.sentAt && londonDay(version.sentAt))}</p>
      <Totals price={price} />
      <div className="priced-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{headings.description}</th>
              <th scope="col">{headings.quantity}</th>
              <th scope="col">{headings.unit}</th>
              {price.vatRegistered && <th scope="col">{headings.vat}</th>}
              <th scope="col">{headings.amount}</th>
            </tr>
          </thead>
          <tbody>
            {price.lines.map((line, index) => (
              // A quote's lines are its own, in order, and never reordered: their place is who they are.
              <tr key={index}>
                <td>{line.description}</td>
                <td>{line.quantity}</td>
                <td>{formatPrice(line.unitPence)}</td>
                {price.vatRegistered && <td>{quoteCopy.vatRate(line.vat)}</td>}
                <td>{formatPrice(line.netPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{quoteCopy.validUntil(version.validUntil)}</p>
      <Terms terms={version.terms} />
    </div>
  );
}

/**
 * Writes version `version`, starting from `from` (the draft itself, or the version it replaces): its
 * lines, the day it is valid until, the business's terms shown as they go; "Save draft" records it,
 * "Send to customer" records it and sends it. A problem is said on the field it names, what was typed
 * kept; a refusal (someone else changed the request first) is said as the API's message.
 */
function QuoteForm({
  actions,
  quote,
  version,
  from,
  today,
  onSent,
  onCancel,
}: {
  actions: QuoteActionsStore;
  quote: InboxQuote;
  version: number;
  from: PricedQuote | undefined;
  today: string;
  onSent: () => void;
  onCancel: (() => void) | undefined;
}) {
  const busy = useStore(actions, (state) => state.pending[quote.id] !== undefined);
  const [lines, setLines] = useState<LineDraft[]>(() => (from ? linesOf(from) : [blankLine()]));
  const [validUntil, setValidUntil] = useState(() => (from?.sentAt === null ? from.validUntil : defaultValidUntil(today)));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const price = liveTotals(lines);

  const id = (field: string) => `priced-${quote.id}-${field.replaceAll('.', '-')}`;
  const errorOn = (field: string) => (problem?.field === field ? problem.message : undefined);
  const invalid = (field: string) => ({
    id: id(field),
    'aria-invalid': problem?.field === field,
    ...(problem?.field === field && { 'aria-describedby': id(`${field}-error`) }),
  });
  const error = (field: string) =>
    problem?.field === field && (
      <p id={id(`${field}-error`)} className="field-error">
        {problem.message}
      </p>
    );
  const change = (index: number, part: Partial<LineDraft>) => setLines((current) => current.map((line, at) => (at === index ? { ...line, ...part } : line)));

  // A problem found moves the focus to its field, so what it says is read out.
  useEffect(() => {
    if (problem) document.getElementById(problem.field === 'lines' ? id('add-line') : id(problem.field))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem]);

  /** Records the draft as written; false when it has a problem or was refused, each then said. */
  const save = async (): Promise<boolean> => {
    const read = readLines(lines);
    const checked = read.problem ? { ok: false as const, problem: read.problem } : readQuoteDraft({ lines: read.input, validUntil }, today, { vatRegistered });
    if (!checked.ok) {
      setProblem(checked.problem);
      return false;
    }
    setProblem(null);
    const { draft } = checked;
    const result = await actions.getState().record(quote, { kind: 'quote-written', version, lines: draft.lines, validUntil: draft.validUntil, vatRegistered, terms });
    setRefused(result.ok ? null : (result.refused ?? null));
    return result.ok;
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const sending = event.nativeEvent.submitter?.getAttribute('value') === 'send';
    const sentFrom = event.currentTarget;
    if (!(await save()) || !sending) return;
    // Sent, a request contacted is quoted, and leaves a view of the contacted: the focus goes on to its neighbour.
    await focusAfterLeaving(sentFrom, async () => {
      const result = await actions.getState().record(quote, { kind: 'quote-sent', version });
      if (result.ok) onSent();
      else setRefused(result.refused ?? null);
    });
  };

  return (
    <form ref={form} className="priced-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={text.draftOf(version)}>
      <h3>{text.draftOf(version)}</h3>
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      <fieldset className="priced-lines" {...(problem?.field === 'lines' && { 'aria-describedby': id('lines-error') })}>
        <legend>{text.lines}</legend>
        {lines.map((line, index) => {
          const field = (name: string) => `lines.${index}.${name}`;
          return (
            // Lines are edited in place and removed by their place; none is keyed by what it says.
            <fieldset key={index} className="priced-line">
              <legend>{text.lineLabel(index)}</legend>
              <div className={errorOn(field('description')) ? 'field field-invalid priced-description' : 'field priced-description'}>
                <label htmlFor={id(field('description'))}>{text.description}</label>
                <input type="text" name={field('description')} value={line.description} {...invalid(field('description'))} onChange={(event) => change(index, { description: event.target.value })} />
                {error(field('description'))}
              </div>
              <div className={errorOn(field('quantity')) ? 'field field-invalid' : 'field'}>
                <label htmlFor={id(field('quantity'))}>{text.quantity}</label>
                <input type="text" inputMode="decimal" name={field('quantity')} value={line.quantity} {...invalid(field('quantity'))} onChange={(event) => change(index, { quantity: event.target.value })} />
                {error(field('quantity'))}
              </div>
              <div className={errorOn(field('unitPence')) ? 'field field-invalid' : 'field'}>
                <label htmlFor={id(field('unitPence'))}>{vatRegistered ? text.unitPrice : text.unitPriceNoVat}</label>
                <input type="text" inputMode="decimal" name={field('unitPence')} value={line.unit} {...invalid(field('unitPence'))} onChange={(event) => change(index, { unit: event.target.value })} />
                {error(field('unitPence'))}
              </div>
              {vatRegistered && (
                <div className={errorOn(field('vat')) ? 'field field-invalid' : 'field'}>
                  <label htmlFor={id(field('vat'))}>{text.vat}</label>
                  <select name={field('vat')} value={line.vat} {...invalid(field('vat'))} onChange={(event) => change(index, { vat: vatRates.find((rate) => rate === event.target.value) ?? 'standard' })}>
                    {vatRates.map((rate) => (
                      <option key={rate} value={rate}>
                        {quoteCopy.vatRate(rate)}
                      </option>
                    ))}
                  </select>
                  {error(field('vat'))}
                </div>
              )}
              <div className="priced-line-foot">
                <p>
                  {quoteCopy.lineHeadings.amount} {formatPrice(price.lines[index]?.netPence ?? 0)}
                </p>
                {lines.length > 1 && (
                  <button type="button" className="button button-ghost" onClick={() => setLines((current) => current.filter((_, at) => at !== index))}>
                    {text.removeLine(index)}
                  </button>
                )}
              </div>
            </fieldset>
          );
        })}
        {error('lines')}
        <button type="button" id={id('add-line')} className="button button-outline" onClick={() => setLines((current) => [...current, blankLine()])}>
          {text.addLine}
        </button>
      </fieldset>
      <div className={errorOn('validUntil') ? 'field field-invalid' : 'field'}>
        <label htmlFor={id('validUntil')}>{text.validUntil}</label>
        <input type="date" name="validUntil" min={today} value={validUntil} {...invalid('validUntil')} onChange={(event) => setValidUntil(event.target.value)} />
        {error('validUntil')}
      </div>
      <Totals price={price} />
      <Terms terms={terms} />
      <HowSent quote={quote} />
      <div className="priced-actions">
        <button type="submit" name="action" value="save" className="button button-outline" aria-disabled={busy}>
          {text.save}
        </button>
        <button type="submit" name="action" value="send" className="button button-primary" aria-disabled={busy}>
          {text.send}
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            {text.cancelReplace}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * A request's priced quote on its opened card: the draft to write and send, or the version sent with
 * where it stands and "Replace with a new version", which starts the next version from it; the versions
 * before, each with what became of it. `actions` records each step; `canWrite`: the request may be quoted (contacted or quoted);
 * otherwise what was sent is read only.
 */
export function PricedQuoteEditor({ actions, quote, now, canWrite }: { actions: QuoteActionsStore; quote: InboxQuote; now: Date; canWrite: boolean }) {
  const today = londonDay(now);
  const quotes = pricedQuotesOf(quote.activity);
  const latest = latestQuoteOf(quotes);
  // Open while there is a draft to write; once one is sent, until staff choose to replace it. A form
  // refused because someone else sent a version first stays open, what was typed kept, as the next version.
  const [formOpen, setFormOpen] = useState(latest?.sentAt == null);
  // Each time staff start a new version, a new form, filled in from the version sent.
  const [started, setStarted] = useState(0);
  const sentTitle = useRef<HTMLHeadingElement>(null);
  const focusSent = useRef(false);
  const writing = canWrite && (latest?.sentAt == null || formOpen);
  // The version the customer has; a draft of the next one is written under it until it is sent.
  const shown = sentQuoteOf(quotes);
  const earlier = quotes.filter((version) => version !== shown && version.sentAt !== null);

  // Once sent, the version's title takes the focus from the button that went with the form.
  useEffect(() => {
    if (!focusSent.current || writing) return;
    focusSent.current = false;
    sentTitle.current?.focus();
  }, [writing]);

  return (
    <div className="priced-body">
      {shown && (
        <section className="priced-version" aria-labelledby={`priced-${quote.id}-sent`}>
          <h3 id={`priced-${quote.id}-sent`} ref={sentTitle} tabIndex={-1}>
            {text.sentVersion(shown.version)}
          </h3>
          <SentVersion version={shown} today={today} />
          {canWrite && !writing && (
            <button
              type="button"
              className="button button-outline"
              onClick={() => {
                setStarted(started + 1);
                setFormOpen(true);
              }}
            >
              {text.replace}
            </button>
          )}
        </section>
      )}
      {writing && (
        <QuoteForm
          key={started}
          actions={actions}
          quote={quote}
          version={nextQuoteVersion(quotes)}
          from={latest}
          today={today}
          onSent={() => {
            focusSent.current = true;
            setFormOpen(false);
          }}
          onCancel={latest?.sentAt == null ? undefined : () => setFormOpen(false)}
        />
      )}
      {earlier.length > 0 && (
        <section className="priced-earlier">
          <h3>{text.earlier}</h3>
          <ul>
            {earlier.map((version) => (
              <li key={version.version}>
                {text.earlierVersion(version.version, version.price.totalPence)}
                {version.sentAt && ` · ${describeDay(londonDay(version.sentAt), 'no-year')}`}
                {' · '}
                {version.replacedBy === null ? quoteCopy.standing[quoteStandingOf(version, today)] : quoteCopy.replacedBy(version.replacedBy)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
