import * as v from 'valibot';
import { type AlertRecord, alertSteps, type Taking } from '../../domain/alerts/alert-plan';
import { type Activity, ActorSchema, activityVariant } from '../../domain/activity/activity';
import { type InboxQuoteBase, inboxQuoteOf } from '../../domain/activity/activity-folds';
import { describeRefusal, type Refusal, RefusalSchema } from '../../domain/activity/activity-guard';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { encodeCursor, type InboxPage, type InboxView, inboxViews, parseCursor } from '../../domain/inbox/inbox-query';
import { type InboxSummary, summaryPeriods } from '../../domain/inbox/inbox-summary';
import type { ClockRecord } from '../../domain/ports/quote-inbox';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { spamSignals } from '../../domain/spam/spam';
import { fromWireQuote, toWireQuote, type WireError, WireQuoteSchema } from './wire';
import { IsoTimeSchema } from './iso-time';

/**
 * The staff inbox on the wire, beside the quote request's own format in wire.ts: snake_case, times as
 * ISO 8601 strings. Who and when are the server's word: it stamps them from the session and its clock.
 */

/** A step of a request's life on the wire: the domain's own kinds, its time as ISO text. */
const WireActivitySchema = activityVariant({ id: v.pipe(v.string(), v.nonEmpty()), by: ActorSchema, at: IsoTimeSchema });
export type WireActivity = v.InferOutput<typeof WireActivitySchema>;

export const toWireActivity = (entry: Activity): WireActivity => ({ ...entry, at: entry.at.toISOString() });
export const fromWireActivity = (wire: WireActivity): Activity => ({ ...wire, at: new Date(wire.at) });

/** Who took a request on ("I'm on it", or the first move out of waiting), and when. */
interface WireTaking {
  by: string;
  at: string;
}

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
});

export const WireInboxQuoteSchema = v.object({
  ...WireQuoteSchema.entries,
  status: QuoteStatusSchema,
  /** When staff first marked it contacted; null while it waits. */
  responded_at: v.nullable(IsoTimeSchema),
  /** Every step of its life, oldest first: what the card shows of its history, notes, calls, taking and review is folded from it. */
  activity: v.array(WireActivitySchema),
  /** How the email telling the business is getting on; absent where the store sends none. */
  business_email: v.exactOptional(v.object({ sent_at: v.nullable(IsoTimeSchema), last_error: v.nullable(v.string()) })),
  /** The alerts it has sent, oldest first. */
  alerts: v.array(WireAlertRecordSchema),
  /** The photos sent with it, in the order sent; empty when none. */
  photos: v.array(WirePhotoRefSchema),
  /** How it was judged spam (who said it was not is in its activity); null when it was not judged spam. */
  spam: v.nullable(WireSpamMarkSchema),
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

/** What taking a request on may carry: an alert's single-use token (with a staff session, nothing). */
export const TakeBodySchema = v.object({ token: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(512))) });

/** What `POST .../{id}/activity` answers with 201: the request as it is now, and the step as written. */
export const WireRecordedSchema = v.object({ quote: WireInboxQuoteSchema, entry: WireActivitySchema });

const toWireTaking = ({ by, at }: Taking): WireTaking => ({ by, at: at.toISOString() });
const fromWireTaking = ({ by, at }: WireTaking): Taking => ({ by, at: new Date(at) });
const toWireAlertRecord = ({ step, at, recipients, everyone }: AlertRecord) => ({ step, at: at.toISOString(), recipients: [...recipients], everyone });

export function toWireInboxQuote(quote: InboxQuote): WireInboxQuote {
  const wire: WireInboxQuote = {
    ...toWireQuote(quote),
    status: quote.status,
    responded_at: quote.respondedAt?.toISOString() ?? null,
    activity: quote.activity.map(toWireActivity),
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
    },
  };
  if (quote.businessEmail) {
    wire.business_email = { sent_at: quote.businessEmail.sentAt?.toISOString() ?? null, last_error: quote.businessEmail.lastError };
  }
  return wire;
}

export function fromWireInboxQuote(wire: WireInboxQuote): InboxQuote {
  const base: InboxQuoteBase = {
    ...fromWireQuote(wire),
    status: wire.status,
    respondedAt: wire.responded_at === null ? null : new Date(wire.responded_at),
    alerts: wire.alerts.map(({ step, at, recipients, everyone }) => ({ step, at: new Date(at), recipients, everyone })),
    photos: wire.photos.map(({ id, width, height, thumbnail_width, thumbnail_height }) => ({
      id,
      width,
      height,
      thumbnailWidth: thumbnail_width,
      thumbnailHeight: thumbnail_height,
    })),
    spam: wire.spam && { score: wire.spam.score, reasons: wire.spam.reasons, sentAt: new Date(wire.spam.sent_at) },
  };
  if (wire.business_email) {
    const { sent_at, last_error } = wire.business_email;
    base.businessEmail = { sentAt: sent_at === null ? null : new Date(sent_at), lastError: last_error };
  }
  return inboxQuoteOf(base, wire.activity.map(fromWireActivity));
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

/** Why a step was refused, as the API answers it with 409: the reason, in words, and where the request is now or who took it. */
export function refusalBody(refusal: Refusal): WireError {
  return {
    error: refusal.reason === 'already-taken' ? 'already-taken' : 'conflict',
    message: describeRefusal(refusal),
    reason: refusal.reason,
    ...('current' in refusal && { current: refusal.current }),
    ...('taken' in refusal && { taken: toWireTaking(refusal.taken) }),
    ...('limit' in refusal && { limit: refusal.limit, until: refusal.until.toISOString() }),
  };
}

/** The refusal a 409's body tells; undefined for a body that tells none. */
export function refusalFromBody({ reason, current, taken, limit, until }: WireError): Refusal | undefined {
  const refusal = v.safeParse(RefusalSchema, { reason, current, taken: taken && fromWireTaking(taken), limit, until: until && new Date(until) });
  return refusal.success ? refusal.output : undefined;
}
