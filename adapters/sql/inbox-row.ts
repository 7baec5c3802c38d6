import type { Selectable } from 'kysely';
import * as v from 'valibot';
import type { Activity } from '../../domain/activity/activity';
import { type InboxQuoteBase, inboxQuoteOf } from '../../domain/activity/activity-folds';
import type { AlertRecord } from '../../domain/alerts/alert-plan';
import type { BusinessEmail, InboxQuote } from '../../domain/inbox/inbox-quote';
import { type QuoteStatus, quoteStatuses } from '../../domain/inbox/quote-status';
import type { PhotoRef } from '../../domain/photos/photos';
import { spamSignals } from '../../domain/spam/spam';
import type { NotificationsTable, QuotePhotosTable, QuoteRequestsTable } from './database';
import { quoteColumns, rowToQuote } from './quote-row';

/** The columns of `quote_requests` an {@link InboxQuote} is made of, besides its log, alerts, photos and email. */
export const inboxQuoteColumns = [...quoteColumns, 'status', 'responded_at', 'spam_score', 'spam_reasons', 'spam_sent_at'] as const;

type InboxQuoteRow = Pick<Selectable<QuoteRequestsTable>, (typeof inboxQuoteColumns)[number]>;

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
  /** Its log, oldest first. */
  activity: readonly Activity[];
  businessEmail: BusinessEmail | undefined;
  /** Its alert steps, oldest first. */
  alerts: readonly AlertRecord[];
  /** Its photos, in the order sent. */
  photos: readonly PhotoRef[];
}

/** Parses a stored request and what belongs to it; throws on a row no write of ours could have made. */
export function rowToInboxQuote(row: InboxQuoteRow, { activity, businessEmail, alerts, photos }: InboxExtras): InboxQuote {
  const respondedAt = row.responded_at === null ? null : toDate(row.id, row.responded_at);
  const base: InboxQuoteBase = { ...rowToQuote(row), status: parseStatus(row.id, row.status), respondedAt, alerts, photos, spam: rowToSpamMark(row) };
  // Absent, not undefined: a request stored without an email to send (before the outbox, or notify off).
  return inboxQuoteOf({ ...base, ...(businessEmail !== undefined && { businessEmail }) }, activity);
}

const SpamReasonsSchema = v.array(v.object({ signal: v.picklist(spamSignals), weight: v.number() }));

/** The spam mark a request was stored with, or null when it was not judged spam. */
function rowToSpamMark(row: InboxQuoteRow): InboxQuoteBase['spam'] {
  if (row.spam_score === null || row.spam_reasons === null || row.spam_sent_at === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.spam_reasons);
  } catch {
    json = undefined;
  }
  const reasons = v.safeParse(SpamReasonsSchema, json);
  if (!reasons.success) throw new Error(`Stored quote request ${row.id} has malformed spam reasons`);
  return { score: row.spam_score, reasons: reasons.output, sentAt: toDate(row.id, row.spam_sent_at) };
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
