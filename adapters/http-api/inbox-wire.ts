import * as v from 'valibot';
import { type AlertRecord, alertSteps, type Taking } from '../../domain/alerts/alert-plan';
import type { CallAttempt, InboxQuote, QuoteNote } from '../../domain/inbox/inbox-quote';
import { encodeCursor, type InboxPage, type InboxView, inboxViews, parseCursor } from '../../domain/inbox/inbox-query';
import { type InboxSummary, summaryPeriods } from '../../domain/inbox/inbox-summary';
import type { ClockRecord } from '../../domain/ports/quote-inbox';
import { type JobOutcome, lostReasons } from '../../domain/inbox/job-outcome';
import { type QuoteStatus, QuoteStatusSchema, type StatusChange } from '../../domain/inbox/quote-status';
import { spamSignals } from '../../domain/spam/spam';
import { fromWireQuote, toWireQuote, type WireError, WireQuoteSchema } from './wire';
import { IsoTimeSchema } from './iso-time';

/**
 * The staff inbox on the wire, beside the quote request's own format in wire.ts: snake_case, times as
 * ISO 8601 strings. Who and when are the server's word: it stamps them from the session and its clock.
 */

const WireStatusChangeSchema = v.object({
  from: QuoteStatusSchema,
  to: QuoteStatusSchema,
  by: v.string(),
  at: IsoTimeSchema,
  /** The job's value in pence, on a move to won whose value staff gave. */
  won_pence: v.exactOptional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Why it was lost, on a move to lost whose reason staff gave. */
  lost_reason: v.exactOptional(v.picklist(lostReasons)),
});

export const WireNoteSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  text: v.string(),
  by: v.string(),
  at: IsoTimeSchema,
});
export type WireNote = v.InferOutput<typeof WireNoteSchema>;

/** Who took a request on ("I'm on it", or the first move out of waiting), and when. */
const WireTakingSchema = v.object({ by: v.string(), at: IsoTimeSchema });
type WireTaking = v.InferOutput<typeof WireTakingSchema>;

const WireAlertRecordSchema = v.object({
  step: v.picklist(alertSteps),
  at: IsoTimeSchema,
  recipients: v.array(v.string()),
  everyone: v.boolean(),
});

const pixels = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A photo sent with a request: its id (for its address) and sizes, so the card lays it out before it loads. */
const WirePhotoRefSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  width: pixels,
  height: pixels,
  thumbnail_width: pixels,
  thumbnail_height: pixels,
});

/** A request judged spam: its score, the signals behind it, when it was sent, and who moved it to Waiting. */
const WireSpamMarkSchema = v.object({
  score: v.pipe(v.number(), v.integer()),
  reasons: v.array(v.object({ signal: v.picklist(spamSignals), weight: v.pipe(v.number(), v.integer()) })),
  sent_at: IsoTimeSchema,
  cleared: v.nullable(v.object({ by: v.string(), at: IsoTimeSchema })),
});

export const WireInboxQuoteSchema = v.object({
  ...WireQuoteSchema.entries,
  status: QuoteStatusSchema,
  /** When staff first marked it contacted; null while it waits. */
  responded_at: v.nullable(IsoTimeSchema),
  /** Oldest first. */
  history: v.array(WireStatusChangeSchema),
  /** Newest first. */
  notes: v.array(WireNoteSchema),
  /** How the email telling the business is getting on; absent where the store sends none. */
  business_email: v.exactOptional(v.object({ sent_at: v.nullable(IsoTimeSchema), last_error: v.nullable(v.string()) })),
  /** Null while nobody has taken it on. */
  taken: v.nullable(WireTakingSchema),
  /** The alerts it has sent, oldest first. */
  alerts: v.array(WireAlertRecordSchema),
  /** The photos sent with it, in the order sent; empty when none. */
  photos: v.array(WirePhotoRefSchema),
  /** How it was judged spam, and who said it was not; null when it was not judged spam. */
  spam: v.nullable(WireSpamMarkSchema),
  /** The calls nobody picked up while it waited, oldest first; absent where the store keeps none. */
  call_attempts: v.exactOptional(v.array(v.object({ by: v.string(), at: IsoTimeSchema }))),
  /** Once its customer was asked for a review, or followed the link: when each happened. */
  review: v.exactOptional(v.object({ asked_at: v.nullable(IsoTimeSchema), reminded_at: v.nullable(IsoTimeSchema), opened_at: v.nullable(IsoTimeSchema) })),
});
export type WireInboxQuote = v.InferOutput<typeof WireInboxQuoteSchema>;

/** One page of the inbox; `next` is the opaque cursor of the page after it, null on the last. */
export const WireInboxPageSchema = v.object({
  quotes: v.array(WireInboxQuoteSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  next: v.nullable(v.pipe(v.string(), v.nonEmpty())),
  /** The server keeps the emails to the business but has no mail server set up to send them. */
  email_not_set_up: v.optional(v.literal(true)),
});

const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

export type WireInboxPage = v.InferOutput<typeof WireInboxPageSchema>;

export const WireInboxSummarySchema = v.object({
  waiting: CountSchema,
  overdue: CountSchema,
  periods: v.array(
    v.object({
      days: v.picklist(summaryPeriods),
      answered: CountSchema,
      median_minutes: v.nullable(v.pipe(v.number(), v.minValue(0))),
      within_promise_share: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
    }),
  ),
});
export type WireInboxSummary = v.InferOutput<typeof WireInboxSummarySchema>;

/**
 * What `GET .../counts` answers: how many requests each view lists as a whole, by the view's name as
 * `?view=` takes it (`new` is Waiting). The same shape as the domain's ViewCounts.
 */
export const WireViewCountsSchema = v.object(
  // Object.fromEntries types its keys as any string; they are every view, one each.
  Object.fromEntries(inboxViews.map((view) => [view, CountSchema])) as Record<InboxView, typeof CountSchema>,
);
export type WireViewCounts = v.InferOutput<typeof WireViewCountsSchema>;

/**
 * What `GET .../clock-records?since=` answers: what the response clock needs of each request received
 * since then, and of every one still waiting. The browser's summary is worked out from these by the
 * domain's own summariseInbox.
 */
export const WireClockRecordsSchema = v.object({
  records: v.array(
    v.object({
      created_at: IsoTimeSchema,
      urgent: v.boolean(),
      responded_at: v.nullable(IsoTimeSchema),
      /** When calls nobody picked up were made, oldest first (the first and the last at least); absent where none are kept. */
      call_attempts: v.exactOptional(v.array(IsoTimeSchema)),
    }),
  ),
});
export type WireClockRecords = v.InferOutput<typeof WireClockRecordsSchema>;

export const toWireClockRecords = (records: readonly ClockRecord[]): WireClockRecords => ({
  records: records.map(({ createdAt, urgent, respondedAt, callAttempts }) => ({
    created_at: createdAt.toISOString(),
    urgent,
    responded_at: respondedAt?.toISOString() ?? null,
    ...(callAttempts && { call_attempts: callAttempts.map(({ at }) => at.toISOString()) }),
  })),
});

export const fromWireClockRecords = (wire: WireClockRecords): ClockRecord[] =>
  wire.records.map(({ created_at, urgent, responded_at, call_attempts }) => ({
    createdAt: new Date(created_at),
    urgent,
    respondedAt: responded_at === null ? null : new Date(responded_at),
    ...(call_attempts && { callAttempts: call_attempts.map((at) => ({ at: new Date(at) })) }),
  }));

/** What `POST .../resend-email` answers with 202. */
export const WireResendSchema = v.object({ outcome: v.picklist(['queued', 'already-sent']) });

/**
 * The bodies staff send: the move as they saw it, with the job's value (pence) or why it was lost if
 * they said, and a note's text (the server stamps who and when).
 */
export interface WireStatusChangeBody {
  from: string;
  to: string;
  won_pence?: number;
  lost_reason?: string;
}
export interface WireNoteBody {
  text: string;
}

const toWireTaking = ({ by, at }: Taking): WireTaking => ({ by, at: at.toISOString() });
export const fromWireTaking = ({ by, at }: WireTaking): Taking => ({ by, at: new Date(at) });
const toWireAlertRecord = ({ step, at, recipients, everyone }: AlertRecord) => ({ step, at: at.toISOString(), recipients: [...recipients], everyone });

/** A move's outcome on the wire: only what staff gave. */
export const toWireOutcome = ({ wonPence, lostReason }: JobOutcome) => ({
  ...(wonPence !== undefined && { won_pence: wonPence }),
  ...(lostReason !== undefined && { lost_reason: lostReason }),
});

const fromWireOutcome = ({ won_pence, lost_reason }: { won_pence?: number; lost_reason?: JobOutcome['lostReason'] }): JobOutcome => ({
  ...(won_pence !== undefined && { wonPence: won_pence }),
  ...(lost_reason !== undefined && { lostReason: lost_reason }),
});

const toWireChange = ({ from, to, by, at, ...outcome }: StatusChange) => ({ from, to, by, at: at.toISOString(), ...toWireOutcome(outcome) });

const toWireCallAttempt = ({ by, at }: CallAttempt) => ({ by, at: at.toISOString() });

export const toWireNote = ({ id, text, by, at }: QuoteNote): WireNote => ({ id, text, by, at: at.toISOString() });

export const fromWireNote = ({ id, text, by, at }: WireNote): QuoteNote => ({ id, text, by, at: new Date(at) });

export function toWireInboxQuote(quote: InboxQuote): WireInboxQuote {
  const wire: WireInboxQuote = {
    ...toWireQuote(quote),
    status: quote.status,
    responded_at: quote.respondedAt?.toISOString() ?? null,
    history: quote.history.map(toWireChange),
    notes: quote.notes.map(toWireNote),
    taken: quote.taken && toWireTaking(quote.taken),
    alerts: quote.alerts.map(toWireAlertRecord),
    photos: quote.photos.map(({ id, width, height, thumbnailWidth, thumbnailHeight }) => ({
      id,
      width,
      height,
      thumbnail_width: thumbnailWidth,
      thumbnail_height: thumbnailHeight,
    })),
    spam: quote.spam && {
      score: quote.spam.score,
      reasons: quote.spam.reasons.map(({ signal, weight }) => ({ signal, weight })),
      sent_at: quote.spam.sentAt.toISOString(),
      cleared: quote.spam.cleared && { by: quote.spam.cleared.by, at: quote.spam.cleared.at.toISOString() },
    },
  };
  if (quote.businessEmail) {
    wire.business_email = { sent_at: quote.businessEmail.sentAt?.toISOString() ?? null, last_error: quote.businessEmail.lastError };
  }
  if (quote.callAttempts) wire.call_attempts = quote.callAttempts.map(toWireCallAttempt);
  if (quote.review) {
    const { askedAt, remindedAt, openedAt } = quote.review;
    wire.review = { asked_at: askedAt?.toISOString() ?? null, reminded_at: remindedAt?.toISOString() ?? null, opened_at: openedAt?.toISOString() ?? null };
  }
  return wire;
}

export function fromWireInboxQuote(wire: WireInboxQuote): InboxQuote {
  const quote: InboxQuote = {
    ...fromWireQuote(wire),
    status: wire.status,
    respondedAt: wire.responded_at === null ? null : new Date(wire.responded_at),
    history: wire.history.map(({ from, to, by, at, ...outcome }) => ({ from, to, by, at: new Date(at), ...fromWireOutcome(outcome) })),
    notes: wire.notes.map(fromWireNote),
    taken: wire.taken && fromWireTaking(wire.taken),
    alerts: wire.alerts.map(({ step, at, recipients, everyone }) => ({ step, at: new Date(at), recipients, everyone })),
    photos: wire.photos.map(({ id, width, height, thumbnail_width, thumbnail_height }) => ({
      id,
      width,
      height,
      thumbnailWidth: thumbnail_width,
      thumbnailHeight: thumbnail_height,
    })),
    spam: wire.spam && {
      score: wire.spam.score,
      reasons: wire.spam.reasons,
      sentAt: new Date(wire.spam.sent_at),
      cleared: wire.spam.cleared && { by: wire.spam.cleared.by, at: new Date(wire.spam.cleared.at) },
    },
  };
  if (wire.business_email) {
    const { sent_at, last_error } = wire.business_email;
    quote.businessEmail = { sentAt: sent_at === null ? null : new Date(sent_at), lastError: last_error };
  }
  if (wire.call_attempts) quote.callAttempts = wire.call_attempts.map(({ by, at }) => ({ by, at: new Date(at) }));
  if (wire.review) {
    const time = (at: string | null) => (at === null ? null : new Date(at));
    quote.review = { askedAt: time(wire.review.asked_at), remindedAt: time(wire.review.reminded_at), openedAt: time(wire.review.opened_at) };
  }
  return quote;
}

export function toWireInboxSummary(summary: InboxSummary): WireInboxSummary {
  return {
    waiting: summary.waiting,
    overdue: summary.overdue,
    periods: summary.periods.map(({ days, answered, medianMinutes, withinPromiseShare }) => ({
      days,
      answered,
      median_minutes: medianMinutes,
      within_promise_share: withinPromiseShare,
    })),
  };
}

export const fromWireInboxSummary = (wire: WireInboxSummary): InboxSummary => ({
  waiting: wire.waiting,
  overdue: wire.overdue,
  periods: wire.periods.map(({ days, answered, median_minutes: medianMinutes, within_promise_share: withinPromiseShare }) => ({
    days,
    answered,
    medianMinutes,
    withinPromiseShare,
  })),
});

/** One page of the inbox as the API answers it: the cursor of the next page written so only the server need read it. */
export const toWireInboxPage = ({ quotes, total, next, emailNotSetUp }: InboxPage): WireInboxPage => ({
  quotes: quotes.map(toWireInboxQuote),
  total,
  next: next === null ? null : encodeCursor(next),
  ...(emailNotSetUp && { email_not_set_up: true }),
});

/** The page the API answered; undefined when its cursor is not one the server could have written. */
export function fromWireInboxPage(wire: WireInboxPage): InboxPage | undefined {
  const next = wire.next === null ? null : parseCursor(wire.next);
  if (next === undefined) return undefined;
  return { quotes: wire.quotes.map(fromWireInboxQuote), total: wire.total, next, ...(wire.email_not_set_up && { emailNotSetUp: true }) };
}

/** Why a request could not be taken, as the API answers it: 404, or 409 saying who took it or where it went. */
export function takeRefusal(
  error: { kind: 'already-taken'; taken: Taking } | { kind: 'not-waiting'; current: QuoteStatus } | { kind: 'not-found' },
): { status: 404 | 409; body: WireError } {
  switch (error.kind) {
    case 'not-found':
      return { status: 404, body: { error: 'not-found', message: 'There is no such quote request' } };
    case 'already-taken':
      return { status: 409, body: { error: 'already-taken', message: 'Someone has already taken this request', taken: toWireTaking(error.taken) } };
    case 'not-waiting':
      return { status: 409, body: { error: 'conflict', message: `This request has already moved to ${error.current}`, current: error.current } };
  }
}
