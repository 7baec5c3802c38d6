import * as v from 'valibot';
import { type AlertRecord, alertSteps, type Taking } from '../../domain/alerts/alert-plan';
import type { InboxQuote, QuoteNote } from '../../domain/inbox/inbox-quote';
import type { PhotoRef } from '../../domain/photos/photos';
import type { ClearSpamOutcome, ClockRecord, ResendOutcome, StatusChangeOutcome, TakeOutcome } from '../../domain/ports/quote-inbox';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { fromNamedFields, namedFieldsEntries } from '../../domain/quote/quote';
import { type SpamMark, spamSignals } from '../../domain/spam/spam';
import { TimestampSchema } from './supabase-quote-row';

// The answers of the inbox's functions (inbox-functions-sql.ts, in the newest rules migration),
// parsed into the domain's shapes: rows never leave this folder.

const NoteSchema = v.pipe(
  v.object({ id: v.string(), text: v.string(), by: v.string(), at: TimestampSchema }),
  v.transform(({ id, text, by, at }): QuoteNote => ({ id, text, by, at })),
);

/** Who took a request on, as inbox_quote_json and take_quote write it. */
const TakingSchema = v.pipe(
  v.object({ by: v.string(), at: TimestampSchema }),
  v.transform(({ by, at }): Taking => ({ by, at })),
);

const AlertRecordSchema = v.pipe(
  v.object({ step: v.picklist(alertSteps), at: TimestampSchema, recipients: v.array(v.string()), everyone: v.boolean() }),
  v.transform(({ step, at, recipients, everyone }): AlertRecord => ({ step, at, recipients, everyone })),
);

const PixelsSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** One of a request's photos, as inbox_quote_json writes it; its files are in the quote-photos bucket. */
const PhotoRefSchema = v.pipe(
  v.object({ id: v.pipe(v.string(), v.uuid()), width: PixelsSchema, height: PixelsSchema, thumbnail_width: PixelsSchema, thumbnail_height: PixelsSchema }),
  v.transform((row): PhotoRef => ({ id: row.id, width: row.width, height: row.height, thumbnailWidth: row.thumbnail_width, thumbnailHeight: row.thumbnail_height })),
);

/** A request's spam mark, as inbox_quote_json writes it (spam-functions-sql.ts judges and clears it). */
const SpamMarkSchema = v.pipe(
  v.object({
    score: v.pipe(v.number(), v.integer()),
    reasons: v.array(v.object({ signal: v.picklist(spamSignals), weight: v.pipe(v.number(), v.integer()) })),
    sent_at: TimestampSchema,
    cleared: v.nullable(TakingSchema),
  }),
  v.transform(({ score, reasons, sent_at, cleared }): SpamMark => ({ score, reasons: reasons.map(({ signal, weight }) => ({ signal, weight })), sentAt: sent_at, cleared })),
);

/** One request as public.inbox_quote_json writes it. */
const InboxQuoteSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.nonEmpty()),
    created_at: TimestampSchema,
    ...namedFieldsEntries,
    status: QuoteStatusSchema,
    responded_at: v.nullable(TimestampSchema),
    business_email_sent_at: v.nullable(TimestampSchema),
    business_email_error: v.nullable(v.string()),
    history: v.array(v.object({ from: QuoteStatusSchema, to: QuoteStatusSchema, by: v.string(), at: TimestampSchema })),
    notes: v.array(NoteSchema),
    taken: v.nullable(TakingSchema),
    alerts: v.array(AlertRecordSchema),
    photos: v.array(PhotoRefSchema),
    spam: v.nullable(SpamMarkSchema),
  }),
  v.transform(
    (row): InboxQuote => ({
      id: row.id,
      createdAt: row.created_at,
      ...fromNamedFields(row),
      status: row.status,
      respondedAt: row.responded_at,
      history: row.history,
      notes: row.notes,
      businessEmail: { sentAt: row.business_email_sent_at, lastError: row.business_email_error },
      taken: row.taken,
      alerts: row.alerts,
      photos: row.photos,
      spam: row.spam,
    }),
  ),
);

/** public.customer_data: the customer's requests, newest first, each as inbox_quote_json writes it. */
export const CustomerRequestsAnswerSchema = v.array(InboxQuoteSchema);

const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** public.erase_customer_data: how many of each went. */
export const ErasedAnswerSchema = v.pipe(
  v.object({ requests: CountSchema, notes: CountSchema, status_changes: CountSchema, emails: CountSchema, alerts: CountSchema }),
  v.transform(({ requests, notes, status_changes, emails, alerts }) => ({ requests, notes, statusChanges: status_changes, emails, alerts })),
);

/** public.inbox_page: the page's rows (one more than asked, if there are) and the total of the query. */
export const InboxPageAnswerSchema = v.object({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  quotes: v.array(InboxQuoteSchema),
});

/** public.change_quote_status; 'not-allowed' is a move the domain should never have asked for. */
export const StatusChangeAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('changed'), quote: InboxQuoteSchema }),
  v.object({ outcome: v.literal('conflict'), current: QuoteStatusSchema }),
  v.object({ outcome: v.literal('not-found') }),
  v.object({ outcome: v.literal('not-allowed') }),
]) satisfies v.GenericSchema<unknown, StatusChangeOutcome | { outcome: 'not-allowed' }>;

/** public.take_quote. */
export const TakeAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('taken'), quote: InboxQuoteSchema }),
  v.object({ outcome: v.literal('already-taken'), taken: TakingSchema }),
  v.object({ outcome: v.literal('not-waiting'), current: QuoteStatusSchema }),
  v.object({ outcome: v.literal('not-found') }),
]) satisfies v.GenericSchema<unknown, TakeOutcome>;

/** public.clear_spam. */
export const ClearSpamAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('cleared'), quote: InboxQuoteSchema }),
  v.object({ outcome: v.literal('not-spam') }),
  v.object({ outcome: v.literal('not-found') }),
]) satisfies v.GenericSchema<unknown, ClearSpamOutcome>;

/** The customer-link function's calls (customer-link-functions-sql.ts): the request as staff see it, or null for none. */
export const CustomerLinkAnswerSchema = v.nullable(InboxQuoteSchema);

/** public.add_quote_note: the note as stored, or null for no such request. */
export const AddedNoteAnswerSchema = v.nullable(NoteSchema);

/** public.clock_records. */
export const ClockRecordsAnswerSchema = v.array(
  v.pipe(
    v.object({ created_at: TimestampSchema, urgent: v.boolean(), responded_at: v.nullable(TimestampSchema) }),
    v.transform((row): ClockRecord => ({ createdAt: row.created_at, urgent: row.urgent, respondedAt: row.responded_at })),
  ),
);

/** The send-quote-notification function's answer to `{ resend: id }`. */
export const ResendAnswerSchema = v.object({
  outcome: v.picklist(['queued', 'already-sent', 'not-found'] satisfies ResendOutcome[]),
});
