import * as v from 'valibot';
import { alertSteps, describeAlertRecord } from '../alerts/alert-plan';
import { toCsv } from '../inbox/csv';
import { type CustomerData, type CustomerSubject, type SentEmail, sentEmailsNotice } from './customer-data';
import { exportColumns, exportRow } from '../inbox/export-quotes';
import type { InboxQuote } from '../inbox/inbox-quote';
import { formatLondonIso } from '../london-time';
import { fromNamedFields, namedFieldsEntries, toNamedFields } from '../quote/quote';
import { QuoteStatusSchema } from '../inbox/quote-status';
import { type Activity, ActorSchema, activityVariant } from '../activity/activity';
import { describeActivity, describeActor } from '../activity/activity-copy';
import { inboxQuoteOf } from '../activity/activity-folds';
import { spamSignals } from '../spam/spam';

// The two files a customer's data is handed over in: one JSON document (which is also what our API
// answers with, so the REST client reads back exactly what it would save) and one CSV.

const IsoTimeSchema = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.transform((text) => new Date(text)),
);
/** Every step of a request's life, of whatever kind, with its time as ISO text. */
const ActivityDocumentSchema = activityVariant({ id: v.pipe(v.string(), v.nonEmpty()), by: ActorSchema, at: IsoTimeSchema });

const activityDocument = (entry: Activity) => ({ ...entry, at: entry.at.toISOString() });

const RequestDocumentSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  created_at: IsoTimeSchema,
  ...namedFieldsEntries,
  status: QuoteStatusSchema,
  responded_at: v.nullable(IsoTimeSchema),
  activity: v.array(ActivityDocumentSchema),
  alerts: v.array(v.object({ step: v.picklist(alertSteps), at: IsoTimeSchema, recipients: v.array(v.string()), everyone: v.boolean() })),
  photos: v.array(
    v.object({
      id: v.pipe(v.string(), v.nonEmpty()),
      width: v.pipe(v.number(), v.integer(), v.minValue(1)),
      height: v.pipe(v.number(), v.integer(), v.minValue(1)),
      thumbnail_width: v.pipe(v.number(), v.integer(), v.minValue(1)),
      thumbnail_height: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
  ),
  spam: v.optional(
    v.nullable(
      v.object({
        score: v.pipe(v.number(), v.integer()),
        reasons: v.array(v.object({ signal: v.picklist(spamSignals), weight: v.pipe(v.number(), v.integer()) })),
        sent_at: IsoTimeSchema,
      }),
    ),
    null,
  ),
});

const EmailDocumentSchema = v.object({
  request_id: v.string(),
  kind: v.picklist(['business', 'customer']),
  to: v.string(),
  sent_at: v.nullable(IsoTimeSchema),
  attempts: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  last_error: v.nullable(v.string()),
});

const CustomerDataDocumentSchema = v.object({
  requests: v.array(RequestDocumentSchema),
  emails: v.array(EmailDocumentSchema),
});

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function requestDocument(quote: InboxQuote) {
  return {
    id: quote.id,
    created_at: quote.createdAt.toISOString(),
    ...toNamedFields(quote),
    status: quote.status,
    responded_at: iso(quote.respondedAt),
    activity: quote.activity.map(activityDocument),
    alerts: quote.alerts.map((alert) => ({ step: alert.step, at: alert.at.toISOString(), recipients: [...alert.recipients], everyone: alert.everyone })),
    photos: quote.photos.map((photo) => ({
      id: photo.id,
      width: photo.width,
      height: photo.height,
      thumbnail_width: photo.thumbnailWidth,
      thumbnail_height: photo.thumbnailHeight,
    })),
    spam: quote.spam && {
      score: quote.spam.score,
      reasons: quote.spam.reasons.map(({ signal, weight }) => ({ signal, weight })),
      sent_at: quote.spam.sentAt.toISOString(),
    },
  };
}

const emailDocument = (email: SentEmail) => ({
  request_id: email.quoteId,
  kind: email.kind,
  to: email.to,
  sent_at: iso(email.sentAt),
  attempts: email.attempts,
  last_error: email.lastError,
});

/**
 * Everything held about the subject as one JSON value: who was asked for and when, each request with
 * every field, every step of its life (of every kind), alerts, photos (their sizes; the images are sent apart) and how it was judged spam if it was, the emails about them, and the line about emails
 * already sent. Times are ISO 8601 in UTC.
 */
export function customerDataDocument(data: CustomerData, subject: CustomerSubject, exportedAt: Date) {
  return {
    subject,
    exported_at: exportedAt.toISOString(),
    requests: data.requests.map(requestDocument),
    emails: data.emails.map(emailDocument),
    emails_already_sent: sentEmailsNotice,
  };
}

/** The data back from a {@link customerDataDocument}; undefined for anything else. */
export function parseCustomerDataDocument(json: unknown): CustomerData | undefined {
  const parsed = v.safeParse(CustomerDataDocumentSchema, json);
  if (!parsed.success) return undefined;
  return {
    requests: parsed.output.requests.map(({ id, created_at, status, responded_at, activity, alerts, photos, spam, ...named }) => {
      const base = {
        ...fromNamedFields(named),
        id,
        createdAt: created_at,
        status,
        respondedAt: responded_at,
        alerts,
        photos: photos.map((photo) => ({
          id: photo.id,
          width: photo.width,
          height: photo.height,
          thumbnailWidth: photo.thumbnail_width,
          thumbnailHeight: photo.thumbnail_height,
        })),
        spam: spam && { score: spam.score, reasons: spam.reasons, sentAt: spam.sent_at },
      };
      return inboxQuoteOf(base, activity);
    }),
    emails: parsed.output.emails.map((email) => ({
      quoteId: email.request_id,
      kind: email.kind,
      to: email.to,
      sentAt: email.sent_at,
      attempts: email.attempts,
      lastError: email.last_error,
    })),
  };
}

/** The columns of the CSV: those of the inbox's export, then the rest of what is held on each request. */
export const customerDataColumns = [...exportColumns, 'Activity', 'Alerts', 'Emails'] as const;

/** Every step of its life, a line each, whatever its kind: when, who, and what the timeline says of it. */
const activityCell = (quote: InboxQuote): string =>
  quote.activity.map((entry) => `${formatLondonIso(entry.at)} ${describeActor(entry.by)}: ${describeActivity(entry)}`).join('\n');

function emailCell(emails: readonly SentEmail[]): string {
  return emails
    .map((email) => {
      const state = email.sentAt === null ? 'not sent yet' : `sent ${formatLondonIso(email.sentAt)}`;
      return `To ${email.to} (${email.kind}): ${state}${email.lastError === null ? '' : `; last error: ${email.lastError}`}`;
    })
    .join('\n');
}

/**
 * The data as a CSV document, one row per request (see toCsv: RFC 4180, a byte order mark, every cell
 * defused), its history, alerts and emails flattened into cells a line each; then the line about
 * emails already sent.
 */
export function customerDataCsv(data: CustomerData): string {
  const rows = data.requests.map((quote) => [
    ...exportRow(quote),
    activityCell(quote),
    quote.alerts.map((alert) => `${formatLondonIso(alert.at)} ${describeAlertRecord(alert)}`).join('\n'),
    emailCell(data.emails.filter((email) => email.quoteId === quote.id)),
  ]);
  return toCsv([[...customerDataColumns], ...rows, [], [sentEmailsNotice]]);
}
