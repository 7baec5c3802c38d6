import type { Selectable } from 'kysely';
import * as v from 'valibot';
import type { AlertRecord } from '../../domain/alerts/alert-plan';
import type { BusinessEmail, InboxQuote, QuoteNote } from '../../domain/inbox/inbox-quote';
import { type LostReason, lostReasons } from '../../domain/inbox/job-outcome';
import { type QuoteStatus, type StatusChange, quoteStatuses } from '../../domain/inbox/quote-status';
import type { PhotoRef } from '../../domain/photos/photos';
import { type SpamMark, spamSignals } from '../../domain/spam/spam';
import type { NotificationsTable, QuotePhotosTable, QuoteNotesTable, QuoteRequestsTable, QuoteStatusChangesTable } from './database';
import { rowToTaking } from './alert-row';
import { quoteColumns, rowToQuote } from './quote-row';

/** The columns of `quote_requests` an {@link InboxQuote} is made of, besides its history, notes and alerts. */
export const inboxQuoteColumns = [
  ...quoteColumns,
  'status',
  'responded_at',
  'taken_by',
  'taken_at',
  'spam_score',
  'spam_reasons',
  'spam_sent_at',
  'spam_cleared_by',
  'spam_cleared_at',
  'review_asked_at',
  'review_reminded_at',
  'review_opened_at',
] as const;

type InboxQuoteRow = Pick<Selectable<QuoteRequestsTable>, (typeof inboxQuoteColumns)[number]>;

/** The columns of a history row the domain reads. */
export const statusChangeColumns = ['quote_id', 'from_status', 'to_status', 'changed_by', 'changed_at', 'won_pence', 'lost_reason'] as const;

type StatusChangeRow = Pick<Selectable<QuoteStatusChangesTable>, (typeof statusChangeColumns)[number]>;

/** The columns of a note the domain reads. */
export const noteColumns = ['id', 'quote_id', 'text', 'written_by', 'written_at'] as const;

type NoteRow = Pick<Selectable<QuoteNotesTable>, (typeof noteColumns)[number]>;

/** The columns of a business notification the inbox shows. */
export const businessEmailColumns = ['quote_id', 'sent_at', 'last_error'] as const;

type BusinessEmailRow = Pick<Selectable<NotificationsTable>, (typeof businessEmailColumns)[number]>;

/** The columns of a photo's row the inbox shows, never its bytes. */
export const photoRefColumns = ['id', 'quote_id', 'width', 'height', 'thumbnail_width', 'thumbnail_height'] as const;

type PhotoRefRow = Pick<Selectable<QuotePhotosTable>, (typeof photoRefColumns)[number]>;

export function rowToPhotoRef(row: PhotoRefRow): PhotoRef {
  return { id: row.id, width: row.width, height: row.height, thumbnailWidth: row.thumbnail_width, thumbnailHeight: row.thumbnail_height };
}

/** What belongs to one request besides its own row, gathered from the other tables. */
export interface InboxExtras {
  history: readonly StatusChange[];
  notes: readonly QuoteNote[];
  businessEmail: BusinessEmail | undefined;
  /** Its alert steps, oldest first. */
  alerts: readonly AlertRecord[];
  /** Its photos, in the order sent. */
  photos: readonly PhotoRef[];
}

/** Parses a stored request and what belongs to it; throws on a row no write of ours could have made. */
export function rowToInboxQuote(row: InboxQuoteRow, { history, notes, businessEmail, alerts, photos }: InboxExtras): InboxQuote {
  const respondedAt = row.responded_at === null ? null : toDate(row.id, row.responded_at);
  const taken = rowToTaking(row.id, row.taken_by, row.taken_at);
  const spam = rowToSpamMark(row);
  const quote: InboxQuote = { ...rowToQuote(row), status: parseStatus(row.id, row.status), respondedAt, history, notes, taken, alerts, photos, spam };
  const at = (value: Date | string | null) => (value === null ? null : toDate(row.id, value));
  const review = { askedAt: at(row.review_asked_at), remindedAt: at(row.review_reminded_at), openedAt: at(row.review_opened_at) };
  // Absent, not undefined: a request stored without an email to send (before the outbox, or notify off), or with nothing yet of a review.
  return {
    ...quote,
    ...(businessEmail !== undefined && { businessEmail }),
    ...((review.askedAt ?? review.openedAt) !== null && { review }),
  };
}

const SpamReasonsSchema = v.array(v.object({ signal: v.picklist(spamSignals), weight: v.number() }));

/** The spam mark a request was stored with, or null when it was not judged spam. */
function rowToSpamMark(row: InboxQuoteRow): SpamMark | null {
  if (row.spam_score === null || row.spam_reasons === null || row.spam_sent_at === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.spam_reasons);
  } catch {
    json = undefined;
  }
  const reasons = v.safeParse(SpamReasonsSchema, json);
  if (!reasons.success) throw new Error(`Stored quote request ${row.id} has malformed spam reasons`);
  const cleared = row.spam_cleared_by === null || row.spam_cleared_at === null ? null : { by: row.spam_cleared_by, at: toDate(row.id, row.spam_cleared_at) };
  return { score: row.spam_score, reasons: reasons.output, sentAt: toDate(row.id, row.spam_sent_at), cleared };
}

export function rowToStatusChange(row: StatusChangeRow): StatusChange {
  return {
    from: parseStatus(row.quote_id, row.from_status),
    to: parseStatus(row.quote_id, row.to_status),
    by: row.changed_by,
    at: toDate(row.quote_id, row.changed_at),
    ...(row.won_pence !== null && { wonPence: row.won_pence }),
    ...(row.lost_reason !== null && { lostReason: parseLostReason(row.quote_id, row.lost_reason) }),
  };
}

/** A lost reason read back as text, checked against the domain's list (the database checks it too). */
function parseLostReason(id: string, reason: string): LostReason {
  const parsed = lostReasons.find((known) => known === reason);
  if (parsed === undefined) throw new Error(`Stored quote request ${id} has an unknown reason it was lost`);
  return parsed;
}

export function rowToNote(row: NoteRow): QuoteNote {
  return { id: row.id, text: row.text, by: row.written_by, at: toDate(row.quote_id, row.written_at) };
}

export function rowToBusinessEmail(row: BusinessEmailRow): BusinessEmail {
  return { sentAt: row.sent_at === null ? null : toDate(row.quote_id, row.sent_at), lastError: row.last_error };
}

/** A status read back as text, checked against the domain's list (the database checks it too). */
export function parseStatus(id: string, status: string): QuoteStatus {
  const parsed = quoteStatuses.find((known) => known === status);
  if (parsed === undefined) throw new Error(`Stored quote request ${id} has an unknown status`);
  return parsed;
}

function toDate(id: string, value: Date | string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Stored quote request ${id} has a malformed time`);
  return date;
}
