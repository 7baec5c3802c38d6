import { takesRequest, type Taking } from '../alerts/alert-plan';
import { outcomeProblem } from '../inbox/job-outcome';
import * as v from 'valibot';
import { canChangeStatus, type QuoteStatus, QuoteStatusSchema, waitingStatus } from '../inbox/quote-status';
import type { ActivityStep, GuardedStep, StaffStep } from './activity';
import { nextQuoteVersion, type PricedQuote, quoteInDate, sentQuoteOf } from '../priced-quote/priced-quote';
import { readQuoteDraft } from '../priced-quote/quote-draft';
import { callAttemptLimits, callAttemptOverLimit, type CallAttemptLimit, type RecentCalls } from '../inbox/call-attempt-limits';
import { londonClock, londonDay } from '../london-time';

const callAttemptLimitNames = Object.keys(callAttemptLimits) as [CallAttemptLimit, ...CallAttemptLimit[]];

/** What a store reads of a request, under its lock, before it records a staff member's step. */
export interface GuardedState {
  status: QuoteStatus;
  inSpam: boolean;
  taken: Taking | null;
  /** Whether a yearly reminder stands on it (set, and not stopped or booked through). */
  reminderStands: boolean;
  /** Its priced quote's versions, oldest first (pricedQuotesOf). */
  quotes: readonly PricedQuote[];
  /** London's day as the step is taken (yyyy-mm-dd): a quote stands until the end of its valid-until day. */
  today: string;
  /** When the step is taken. */
  at: Date;
  /**
   * For a call nobody answered: the calls nobody answered before it on this request, and by the staff
   * member recording it, within callAttemptLookbackMs (empty for any other step).
   */
  recentCalls: RecentCalls;
}

/** The statuses a quote is written and sent on: once the customer has been called, until it is won or lost. */
const quotableStatuses: readonly QuoteStatus[] = ['contacted', 'quoted'];

/**
 * Why a step was not recorded: the request is not where it could be taken (each is a 409). A move from a
 * status it has already left (someone else moved it first); someone took it on first; it has left the
 * Waiting view (or, for a call, is in the Spam folder); it is not in the Spam folder.
 */
export const RefusalSchema = v.variant('reason', [
  v.object({ reason: v.literal('moved'), current: QuoteStatusSchema }),
  v.object({ reason: v.literal('already-taken'), taken: v.object({ by: v.string(), at: v.date() }) }),
  v.object({ reason: v.literal('not-waiting'), current: QuoteStatusSchema }),
  v.object({ reason: v.literal('not-spam') }),
  /** An arrival is booked only on a job won and not yet done. */
  v.object({ reason: v.literal('not-won'), current: QuoteStatusSchema }),
  /** A yearly reminder is set only on a job done. */
  v.object({ reason: v.literal('not-done'), current: QuoteStatusSchema }),
  /** There is no reminder standing to stop. */
  v.object({ reason: v.literal('no-reminder') }),
  /** A quote is written and sent only on a request contacted or quoted. */
  v.object({ reason: v.literal('not-quotable'), current: QuoteStatusSchema }),
  /** Written as a version other than the draft, or the next after the one sent (someone else wrote first). */
  v.object({ reason: v.literal('quote-version'), expected: v.number() }),
  /** Sent, viewed or answered: a version that is not the draft to send, or was never sent. */
  v.object({ reason: v.literal('quote-not-sent'), version: v.number() }),
  /** Viewed already: only the first time is recorded. */
  v.object({ reason: v.literal('quote-viewed') }),
  v.object({ reason: v.literal('quote-answered'), answer: v.picklist(['accepted', 'declined']) }),
  v.object({ reason: v.literal('quote-replaced'), replacedBy: v.number() }),
  v.object({ reason: v.literal('quote-expired'), validUntil: v.string() }),
  /** A call nobody answered over one of callAttemptLimits: the next may be recorded from `until`. */
  v.object({ reason: v.literal('too-many-calls'), limit: v.picklist(callAttemptLimitNames), until: v.date() }),
]);
export type Refusal = v.InferOutput<typeof RefusalSchema>;


const refusalMessages: { [Reason in Refusal['reason']]: (refusal: Extract<Refusal, { reason: Reason }>) => string } = {
  moved: ({ current }) => `Someone has already moved this request to ${current}`,
  'already-taken': () => 'Someone has already taken this request',
  'not-waiting': ({ current }) => `This request is not waiting for a call back: it is ${current}`,
  'not-spam': () => 'This request is not in the Spam folder',
  'not-won': ({ current }) => `An arrival is booked only on a job won: this request is ${current}`,
  'not-done': ({ current }) => `A reminder is set only on a job done: this request is ${current}`,
  'no-reminder': () => 'This request has no reminder to stop',
  'not-quotable': ({ current }) => `A quote is sent on a request contacted or quoted: this request is ${current}`,
  'quote-version': ({ expected }) => `Someone has already changed this quote: write version ${expected}`,
  'quote-not-sent': ({ version }) => `Version ${version} of this quote is not one that can be sent or answered`,
  'quote-viewed': () => 'This quote has already been viewed',
  'quote-answered': ({ answer }) => `This quote has already been ${answer}`,
  'quote-replaced': ({ replacedBy }) => `This quote was replaced by version ${replacedBy}`,
  'quote-expired': ({ validUntil }) => `This quote was valid until ${validUntil}`,
  'too-many-calls': ({ limit, until }) => {
    const { most } = callAttemptLimits[limit];
    const per = { 'request-hour': 'on one request in an hour', 'request-day': 'on one request in a day', 'staff-minute': 'for one person in a minute' }[limit];
    return `At most ${String(most)} calls nobody answered are recorded ${per}: record the next from ${describeFrom(until, limit === 'request-day')}`;
  },
};

/** A time staff read in London, to the minute and rounded up so it is never too early: "10:01", with its day when asked: "10:01 on 21/11/2026". */
function describeFrom(until: Date, withDay: boolean): string {
  const minute = 60_000;
  const from = new Date(Math.ceil(until.getTime() / minute) * minute);
  const [year, month, day] = londonDay(from).split('-');
  return withDay ? `${londonClock(from)} on ${day ?? ''}/${month ?? ''}/${year ?? ''}` : londonClock(from);
}

/** A refusal as the API's error message says it. */
export function describeRefusal(refusal: Refusal): string {
  // Each reason's message takes that reason; TypeScript cannot follow the pairing through the index.
  const describe = refusalMessages[refusal.reason] as (refusal: Refusal) => string;
  return describe(refusal);
}

/** Whether `step` may be recorded on a request in `state`; null when it may. */
export function refusalOf(step: GuardedStep, state: GuardedState): Refusal | null {
  switch (step.kind) {
    case 'quote-written': {
      if (!quotableStatuses.includes(state.status)) return { reason: 'not-quotable', current: state.status };
      const expected = nextQuoteVersion(state.quotes);
      return step.version === expected ? null : { reason: 'quote-version', expected };
    }
    case 'quote-sent': {
      if (!quotableStatuses.includes(state.status)) return { reason: 'not-quotable', current: state.status };
      const draft = state.quotes.at(-1);
      if (draft?.version !== step.version || draft.sentAt !== null) return { reason: 'quote-not-sent', version: step.version };
      return quoteInDate(draft, state.today) ? null : { reason: 'quote-expired', validUntil: draft.validUntil };
    }
    case 'quote-viewed': {
      const sent = sentQuoteOf(state.quotes);
      if (sent?.version !== step.version) return { reason: 'quote-not-sent', version: step.version };
      return sent.viewedAt === null ? null : { reason: 'quote-viewed' };
    }
    case 'quote-accepted':
    case 'quote-declined':
      return answerRefusal(step, state);
    case 'status-moved':
      return state.status === step.from ? null : { reason: 'moved', current: state.status };
    case 'taken':
      if (state.taken !== null) return { reason: 'already-taken', taken: state.taken };
      return state.status === waitingStatus ? null : { reason: 'not-waiting', current: state.status };
    case 'call-attempted': {
      if (state.status !== waitingStatus || state.inSpam) return { reason: 'not-waiting', current: state.status };
      const over = callAttemptOverLimit(state.recentCalls, state.at);
      return over === null ? null : { reason: 'too-many-calls', ...over };
    }
    case 'spam-cleared':
      return state.inSpam ? null : { reason: 'not-spam' };
    case 'arrival-booked':
      return state.status === 'won' ? null : { reason: 'not-won', current: state.status };
    case 'reminder-set':
      return state.status === 'done' ? null : { reason: 'not-done', current: state.status };
    case 'reminder-stopped':
      return state.reminderStands ? null : { reason: 'no-reminder' };
    case 'note':
      return null;
  }
}

/** Why the customer's answer to a version cannot stand: never sent, answered, replaced, expired (for a yes), or the request moved on. */
function answerRefusal(step: Extract<GuardedStep, { kind: 'quote-accepted' | 'quote-declined' }>, state: GuardedState): Refusal | null {
  const quote = state.quotes.find((candidate) => candidate.version === step.version);
  if (quote?.sentAt == null) return { reason: 'quote-not-sent', version: step.version };
  if (quote.answer !== null) return { reason: 'quote-answered', answer: quote.answer.kind };
  if (quote.replacedBy !== null) return { reason: 'quote-replaced', replacedBy: quote.replacedBy };
  if (step.kind === 'quote-accepted') {
    if (!quoteInDate(quote, state.today)) return { reason: 'quote-expired', validUntil: quote.validUntil };
    // A yes is to the price the version carries, which never changes once sent; any other is not to this quote.
    if (step.totalPence !== quote.price.totalPence) return { reason: 'quote-not-sent', version: step.version };
  }
  return state.status === 'quoted' ? null : { reason: 'moved', current: state.status };
}

/**
 * The steps recording `step` writes: the step, and, for a move to any status but waiting of a request
 * nobody had taken (the first call back, or one reopened that nobody ever took), its taking by the same
 * person at the same time, which stops its alerts.
 */
export function stepsRecorded(step: GuardedStep, state: GuardedState): ActivityStep[] {
  switch (step.kind) {
    case 'status-moved': {
      const takes = takesRequest(step.to) && state.taken === null;
      return takes ? [{ kind: 'taken' }, step] : [step];
    }
    case 'quote-sent': {
      // Sending moves a request contacted to quoted, and replaces the version sent before, if it stands.
      const moves = state.status === 'quoted' ? [] : stepsRecorded({ kind: 'status-moved', from: state.status, to: 'quoted' }, state);
      const before = sentQuoteOf(state.quotes);
      const replaces = before?.answer === null && before.replacedBy === null ? [{ kind: 'quote-replaced', version: before.version, replacedBy: step.version } as const] : [];
      return [...moves, ...replaces, step];
    }
    case 'quote-accepted': {
      // A yes wins the job at the quote's total, by the customer.
      const wonPence = step.totalPence;
      return [...stepsRecorded({ kind: 'status-moved', from: state.status, to: 'won', wonPence }, state), step];
    }
    case 'quote-declined':
      return [{ kind: 'status-moved', from: state.status, to: 'lost', ...(step.reason !== undefined && { lostReason: step.reason }) }, step];
    default:
      return [step];
  }
}

/**
 * What is wrong with a step whatever the request's state (a move the statuses do not allow, an outcome
 * that does not fit, work done after `today`, London's day), naming its field; undefined when nothing is.
 */
export function stepProblem(step: StaffStep, today: string): { field: string; message: string } | undefined {
  if (step.kind === 'reminder-set') return step.doneOn <= today ? undefined : { field: 'doneOn', message: 'The date the work was done cannot be after today' };
  if (step.kind === 'arrival-booked') return step.from < step.to ? undefined : { field: 'to', message: 'The window must end after it starts' };
  if (step.kind === 'quote-written') {
    const read = readQuoteDraft({ lines: step.lines, validUntil: step.validUntil }, today, { vatRegistered: step.vatRegistered });
    return read.ok ? undefined : read.problem;
  }
  if (step.kind !== 'status-moved') return undefined;
  if (!canChangeStatus(step.from, step.to)) return { field: 'to', message: `A request cannot move from ${step.from} to ${step.to}` };
  return outcomeProblem(step, step);
}
