import * as v from 'valibot';
import type { Refusal } from '../activity/activity-guard';
import { customerAuthor } from '../activity/actor';
import { type CustomerLinkView, customerLinkViewOf, isCustomerTokenShaped } from '../customer-link/customer-link';
import type { CustomerLinkDeps, CustomerLinkResult } from '../customer-link/customer-link-actions';
import { lostReasons } from '../inbox/job-outcome';
import type { InboxQuote } from '../inbox/inbox-quote';
import type { QuoteInbox } from '../ports/quote-inbox';
import { pricedQuotesOf, sentQuoteOf } from './priced-quote';
import { quoteCopy } from './quote-copy';

// What the customer reads of their priced quote on their own page, and what they do with it: the
// version last sent, whose first opening is recorded, accepted or declined under the store's guard.

export interface CustomerQuoteDeps extends CustomerLinkDeps {
  /** Where the customer's view and answer are recorded, under the same guard as staff's steps. */
  inbox: Pick<QuoteInbox, 'record'>;
}

/** Tells staff a customer accepted their quote. Rejects when it could not. */
export interface QuoteAcceptedAlert {
  quoteAccepted(quote: InboxQuote, totalPence: number): Promise<void>;
}

interface StoreFailure { kind: 'storage-failure' }
const notFound = { ok: false, error: { kind: 'not-found' } } as const;

function failure(deps: CustomerLinkDeps, action: string, cause: unknown): { ok: false; error: StoreFailure } {
  deps.logger.error(`${action} failed`, cause);
  return { ok: false, error: { kind: 'storage-failure' } };
}

/**
 * The customer's page, with the first opening of the quote last sent recorded as "viewed" (once; a
 * failure to record it is only logged, and the page is shown either way).
 */
export async function openCustomerQuote(deps: CustomerQuoteDeps, token: string, now: Date): Promise<CustomerLinkResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  let quote: InboxQuote | undefined;
  try {
    quote = await deps.links.findByToken(token);
  } catch (cause) {
    return failure(deps, 'Showing a customer their request', cause);
  }
  const view = quote && customerLinkViewOf(quote, now);
  if (!quote || !view) return notFound;
  const sent = sentQuoteOf(pricedQuotesOf(quote.activity));
  if (sent?.viewedAt !== null) return { ok: true, view };
  try {
    const outcome = await deps.inbox.record({ id: quote.id, step: { kind: 'quote-viewed', version: sent.version }, by: customerAuthor, at: now });
    const viewed = outcome.outcome === 'recorded' ? customerLinkViewOf(outcome.quote, now) : undefined;
    return { ok: true, view: viewed ?? view };
  } catch (cause) {
    deps.logger.error('Recording that a customer viewed their quote failed', cause);
    return { ok: true, view };
  }
}

/** The customer's form: which version they answer, whether to start early (a yes), and why not (a no). */
export const quoteAnswerFields = { version: 'version', earlyStart: 'earlyStart', reason: 'reason' } as const;

const VersionSchema = v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1));
const ReasonSchema = v.optional(v.union([v.picklist(lostReasons), v.literal('')]));

/** Why an answer was not taken, as the customer reads it: answered before, replaced, expired, or the request moved on. */
function describeAnswerRefusal(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'quote-answered':
      return quoteCopy.answeredAlready[refusal.answer];
    case 'quote-replaced':
      return quoteCopy.replaced(refusal.replacedBy);
    case 'quote-expired':
      return quoteCopy.expired(refusal.validUntil);
    default:
      return quoteCopy.movedOn;
  }
}

export type QuoteAnswerResult =
  | CustomerLinkResult
  | { ok: false; error: { kind: 'invalid-answer'; field: string; message: string } | { kind: 'refused'; refusal: Refusal; message: string; view: CustomerLinkView } };

/** The answer's form read: its version, and either the early-start tick or the reason; a message naming the field when not. */
function readAnswer(input: Record<string, unknown>): { ok: true; version: number; earlyStart: boolean; reason: (typeof lostReasons)[number] | undefined } | { ok: false; field: string; message: string } {
  const version = v.safeParse(VersionSchema, input[quoteAnswerFields.version]);
  if (!version.success) return { ok: false, field: quoteAnswerFields.version, message: 'Say which version of the quote you are answering' };
  const reason = v.safeParse(ReasonSchema, input[quoteAnswerFields.reason]);
  if (!reason.success) return { ok: false, field: quoteAnswerFields.reason, message: 'Choose a reason from the list, or none' };
  const early = input[quoteAnswerFields.earlyStart];
  // A tick box posts "on" when ticked and nothing otherwise; the page's script sends true or false.
  const earlyStart = early === true || early === 'on' || early === 'true';
  return { ok: true, version: version.output, earlyStart, reason: reason.output === '' ? undefined : reason.output };
}

/**
 * "Accept and agree to pay …" or "No thanks": the customer's answer to a version they were sent,
 * recorded under the store's guard, so of two answers at once, or an answer and staff's replacing it,
 * one stands and the other is told why. A yes wins the job at the quote's total (and the store queues
 * its confirmation email); a no loses it, with the reason if they gave one. Staff are told of a yes at
 * once (a failed alert is only logged).
 */
export async function answerCustomerQuote(
  deps: CustomerQuoteDeps & { alert: QuoteAcceptedAlert },
  token: string,
  answer: 'accept' | 'decline',
  input: Record<string, unknown>,
  now: Date,
): Promise<QuoteAnswerResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.findByToken(token);
    const view = quote && customerLinkViewOf(quote, now);
    if (!quote || !view) return notFound;
    const read = readAnswer(input);
    if (!read.ok) return { ok: false, error: { kind: 'invalid-answer', field: read.field, message: read.message } };
    const answered = pricedQuotesOf(quote.activity).find((candidate) => candidate.version === read.version);
    const step =
      answer === 'accept'
        ? ({ kind: 'quote-accepted', version: read.version, totalPence: answered?.price.totalPence ?? 0, earlyStart: read.earlyStart } as const)
        : ({ kind: 'quote-declined', version: read.version, ...(read.reason !== undefined && { reason: read.reason }) } as const);
    const outcome = await deps.inbox.record({ id: quote.id, step, by: customerAuthor, at: now });
    if (outcome.outcome === 'not-found') return notFound;
    if (outcome.outcome === 'refused') {
      const current = await deps.links.findByToken(token);
      const currentView = current && customerLinkViewOf(current, now);
      if (!currentView) return notFound;
      return { ok: false, error: { kind: 'refused', refusal: outcome.refusal, message: describeAnswerRefusal(outcome.refusal), view: currentView } };
    }
    if (step.kind === 'quote-accepted') {
      await deps.alert.quoteAccepted(outcome.quote, step.totalPence).catch((cause: unknown) => deps.logger.error('Alerting staff to an accepted quote failed', cause));
    }
    const recorded = customerLinkViewOf(outcome.quote, now);
    return recorded ? { ok: true, view: recorded } : notFound;
  } catch (cause) {
    return failure(deps, answer === 'accept' ? 'Accepting a quote' : 'Declining a quote', cause);
  }
}
