import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  type ColumnType,
  CompiledQuery,
  type Generated,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  SqliteIntrospector,
} from 'kysely';
import { Pool, escapeIdentifier } from 'pg';
import type { NotificationKind as OutboxNotificationKind } from '../../domain/ports/notification-outbox';
import type { NamedFields } from '../../domain/quote/quote';
import { NodeSqliteDialect } from './node-sqlite-dialect';

/** The databases this adapter speaks to through one query layer. */
export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * A column for each field of the domain's description, under its name there: text (a choice is text
 * the database checks), and a tick box a boolean in PostgreSQL, 0 or 1 in SQLite.
 */
type FieldColumns = {
  [Name in keyof NamedFields]: NamedFields[Name] extends boolean
    ? ColumnType<boolean | number, boolean, boolean>
    : null extends NamedFields[Name]
      ? string | null
      : string;
};

/** A row of `quote_requests` as the two databases hold it; it never leaves adapters/sql. */
export interface QuoteRequestsTable extends Omit<FieldColumns, 'has_gclid'> {
  /** Whether an ad click's id was present; false unless written (migration 012 gave the column that default). */
  has_gclid: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** A UUID chosen by the application, so both databases behave alike. */
  id: string;
  /** timestamptz in PostgreSQL (read as a Date), ISO text with milliseconds in SQLite; written as ISO text. */
  created_at: ColumnType<Date | string, string, string>;
  /** Insertion order, the tie-breaker among equal times; the database fills it in. */
  seq: Generated<number>;
  /** One of the domain's quoteStatuses, checked by the database; read back as text and parsed. */
  status: string;
  /** When staff first marked it contacted; null exactly while the status is 'new'. */
  responded_at: ColumnType<Date | string | null, string | null, string | null>;
  /**
   * When the next call is due (the domain's dueAt): created_at plus the response promise, then 30
   * minutes after each call nobody picked up. Stored so the waiting view can use an index.
   */
  due_at: ColumnType<Date | string, string, string>;
  /** The domain's searchTextOf the request: lower-cased by JavaScript, so the database never folds case. */
  search_text: string;
  /** The staff member who took the request on (its log's taken step), kept for the alerts' index; null until then. */
  taken_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was taken on; null exactly while taken_by is. */
  taken_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The spam score of a request judged spam (domain/spam/spam.ts); null for one that was not. */
  spam_score: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its reasons, as a JSON array of the domain's SpamReason; null exactly while spam_score is. */
  spam_reasons: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the visitor sent it (created_at becomes the moment it was cleared); null exactly while spam_score is. */
  spam_sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /**
   * The staff member who said "Not spam" (its log's spam-cleared step), kept because in_spam's CHECK
   * reads it; null while it is in the Spam folder, or was never in it.
   */
  spam_cleared_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When they said it; null exactly while spam_cleared_by is. */
  spam_cleared_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /**
   * Whether it is in the Spam folder: judged spam and not cleared, checked by the database against the
   * mark. Kept as a column of its own so the views' partial indexes can leave the folder out.
   */
  in_spam: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The domain's spamTextKey of its description, for counting the same text lately; null when too short to compare. */
  spam_text_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SHA-256, in hexadecimal, of the customer link token; null for requests stored before links existed. */
  customer_token_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The value given with its last move to won, in pence, while it is won; null otherwise. Kept for the report. */
  won_pence: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its first call nobody picked up; null while there was none. Kept for the report. */
  first_called_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When its customer was asked for a review, and reminded: set as each email is recorded sent. */
  review_asked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  review_reminded_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When its review link was first followed (from an email or the customer's page). */
  review_opened_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The London day (yyyy-mm-dd) its standing yearly reminder falls due, for the "Due for service" list; null while none stands. */
  service_due_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The total including VAT of its priced quote's version last sent, in pence; null while none was sent. Kept for the report. */
  quoted_pence: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a version of its priced quote was accepted; null while none was. Kept for the report. */
  quote_accepted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/**
 * A row of `quote_activity`: one step of a request's life, of any kind the domain knows
 * (domain/activity/activity.ts). Its kind is parsed as it is read, never CHECKed, so a new kind needs
 * no migration.
 */
export interface QuoteActivityTable {
  /** Numbered by the database in insertion order: the tie-breaker among steps at the same time. */
  seq: Generated<number>;
  /** A UUID chosen by the application (a note's own id). */
  id: string;
  /** The request; deleting it (or purging or erasing it) deletes its log. */
  quote_id: string;
  kind: string;
  /** A staff member's email, or the domain's customerAuthor or systemAuthor. */
  by: string;
  at: ColumnType<Date | string, string, string>;
  /** What the step carries besides its kind and stamp, as a JSON object. */
  data: string;
}

interface StaffAccountsTable {
  email: string;
  password_hash: string;
  created_at: ColumnType<Date | string, string, string>;
  updated_at: ColumnType<Date | string, string, string>;
}

interface StaffSessionsTable {
  token_hash: string;
  email: string;
  created_at: ColumnType<Date | string, string, string>;
  expires_at: ColumnType<Date | string, string, string>;
}

/**
 * Which email it is: to the business about every request, the customer's confirmation when they gave an
 * email, a done job's review ask and reminder, the yearly reminders, and a priced quote's three emails.
 */
export const notificationKinds = [
  'business',
  'customer',
  'review',
  'review-reminder',
  'service-reminder',
  'service-reminder-again',
  'quote-sent',
  'quote-follow-up',
  'quote-accepted',
] as const satisfies readonly OutboxNotificationKind[];

export type NotificationKind = (typeof notificationKinds)[number];

/** A row of `notifications`, the outbox: one email to send about a stored quote request. */
export interface NotificationsTable {
  /** A UUID chosen by the application. */
  id: string;
  /** The request it is about; deleting the request (or purging it) deletes its notifications. */
  quote_id: string;
  /** One of {@link notificationKinds}, checked by the database; read back as text and parsed. */
  kind: string;
  created_at: ColumnType<Date | string, string, string>;
  /** When the email was handed over for delivery; null while it waits in the outbox. */
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** How often it has been claimed for sending. */
  attempts: Generated<number>;
  /** When it may next be claimed: at once for a new one, then the end of a lease or a retry time. */
  next_attempt_at: ColumnType<Date | string, string, string>;
  /** Why the last attempt failed, cut to domain/inbox/inbox-quote.ts deliveryErrorMaxLength characters. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A row of `alert_records`: one alert step a request has had. Its key (quote_id, step) makes each step happen once. */
export interface AlertRecordsTable {
  quote_id: string;
  /** One of the domain's alertSteps, checked by the database; read back as text and parsed. */
  step: string;
  at: ColumnType<Date | string, string, string>;
  /** The recipients' emails, as a JSON array of strings. */
  recipients: string;
  /** Whether the step went to every staff member: a boolean in PostgreSQL, 0 or 1 in SQLite. */
  everyone: ColumnType<boolean | number, boolean, boolean>;
}

/** A row of `push_devices`: one browser's push subscription, belonging to one staff account. */
export interface PushDevicesTable {
  /** A UUID chosen by the application. */
  id: string;
  /** The staff account's email; removing the account removes its devices. */
  staff_email: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: ColumnType<Date | string, string, string>;
  last_alert_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** The channels an alert goes out on: a staff member's device, or the business's chat webhook. */
export const alertChannels = ['push', 'webhook'] as const;

export type AlertChannel = (typeof alertChannels)[number];

/** A row of `alert_deliveries`, the alert outbox: one alert to one device, or to the webhook. */
interface AlertDeliveriesTable {
  /** A UUID chosen by the application; also what a single-use "I'm on it" token names. */
  id: string;
  quote_id: string;
  step: string;
  /** One of {@link alertChannels}, checked by the database. */
  channel: string;
  /** The device a push goes to; null exactly for the webhook. Removing the device removes its deliveries. */
  device_id: string | null;
  created_at: ColumnType<Date | string, string, string>;
  next_attempt_at: ColumnType<Date | string, string, string>;
  attempts: Generated<number>;
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its "I'm on it" token was spent; null while it may still be. */
  take_redeemed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A row of `on_call_shifts`: one shift of the weekly rota. */
interface OnCallShiftsTable {
  /** The shift's place in the rota, from 0, as staff saved it. */
  position: number;
  staff_email: string;
  /** One of the domain's weekdays, checked by the database. */
  day: string;
  /** HH:MM, London wall-clock time, checked by the database. */
  start_time: string;
  end_time: string;
}

/** A row of `server_secrets`: a value made once and shared by every server on the database. */
interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A row of `write_probes`: written and deleted in one transaction by the readiness check, never kept. */
interface WriteProbesTable {
  id: string;
  padding: string;
}

/**
 * A row of `quote_photos`: one photo sent with a request. PostgreSQL holds the images in the row;
 * SQLite holds none (its `body` and `thumbnail` columns do not exist): the images are files under the
 * photo directory, named by the row's quote_id and id (see photo-files.ts).
 */
export interface QuotePhotosTable {
  /** A UUID chosen by the application. */
  id: string;
  quote_id: string;
  /** Its place among the request's photos, from 0, in the order sent. */
  position: number;
  width: number;
  height: number;
  thumbnail_width: number;
  thumbnail_height: number;
  /** Always image/jpeg, checked by the database. */
  content_type: string;
  created_at: ColumnType<Date | string, string, string>;
  /** PostgreSQL only: the photo as kept. */
  body: ColumnType<Uint8Array, Uint8Array | undefined, never>;
  /** PostgreSQL only: its thumbnail. */
  thumbnail: ColumnType<Uint8Array, Uint8Array | undefined, never>;
}

/**
 * A row of `customer_confirmations`: when the last confirmation to one customer's address was written
 * to the outbox, so that at most one goes there a day (domain/quote/customer-confirmation.ts).
 */
interface CustomerConfirmationsTable {
  /** The SHA-256, in hexadecimal, of the address trimmed and lower-cased: never the address itself. */
  address_hash: string;
  confirmed_at: ColumnType<Date | string, string, string>;
}

/** The tables Kysely may query. */
export interface Database {
  quote_requests: QuoteRequestsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  notifications: NotificationsTable;
  quote_activity: QuoteActivityTable;
  alert_records: AlertRecordsTable;
  push_devices: PushDevicesTable;
  alert_deliveries: AlertDeliveriesTable;
  on_call_shifts: OnCallShiftsTable;
  server_secrets: ServerSecretsTable;
  write_probes: WriteProbesTable;
  quote_photos: QuotePhotosTable;
  customer_confirmations: CustomerConfirmationsTable;
  review_opt_outs: ReviewOptOutsTable;
  /** The addresses never to send a service reminder again: the same shape, for reminders. */
  reminder_opt_outs: ReviewOptOutsTable;
}

/** A row of `review_opt_outs`: an address never to ask for a review again, kept only as a hash. */
interface ReviewOptOutsTable {
  /** The SHA-256, in hexadecimal, of the address trimmed and lower-cased. */
  address_hash: string;
  opted_out_at: ColumnType<Date | string, string, string>;
  /** A domain ReviewOptOutReason: 'unsubscribed' or 'erased'. */
  reason: string;
}

/**
 * Opens (creating if needed, with its directory) a SQLite file tuned for a server: readers never block
 * the writer (WAL), and every acknowledged insert is on disk before we answer (synchronous=FULL).
 */
export function openSqliteDatabase(file: string): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  try {
    // busy_timeout first: switching to WAL needs a lock another process may hold for a moment.
    database.exec(`
      pragma busy_timeout = 5000;
      pragma journal_mode = wal;
      pragma synchronous = full;
      pragma foreign_keys = on;
    `);
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(database) });
  sqliteFiles.set(db, database);
  return db;
}

/** The SQLite file behind each database opened here, for {@link allowingSchemaRewrites}. */
const sqliteFiles = new WeakMap<Kysely<Database>, DatabaseSync>();

/**
 * Runs `work` (migrations) with SQLite's defensive flag off, so that a migration may loosen a CHECK by
 * rewriting its table's schema text (decision 032); on at every other time. A Node without the switch
 * (before 24.12) opens files without the flag, and has nothing to turn off. Nothing changes for PostgreSQL.
 */
export async function allowingSchemaRewrites<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const file = sqliteFiles.get(db);
  // Typed as always there; absent from a Node before 24.12.
  if (file === undefined || typeof (file as Partial<DatabaseSync>).enableDefensive !== 'function') return work();
  file.enableDefensive(false);
  try {
    return await work();
  } finally {
    file.enableDefensive(true);
  }
}

/** Options for {@link openPostgresDatabase}. */
export interface PostgresOptions {
  /** Use this (existing) schema instead of the default search_path, e.g. one schema per test. */
  schema?: string;
}

/** Opens a connection pool to PostgreSQL; nothing connects until the first query. */
export function openPostgresDatabase(connectionString: string, { schema }: PostgresOptions = {}): Kysely<Database> {
  // Without a timeout a blackholed host would hang /readyz and every request forever.
  const pool = new Pool({ connectionString, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle connection that breaks (PostgreSQL restarting) is already dropped by the pool, and the next
    // query opens a new one or rejects. Without this listener Node would crash the whole server for it.
  });
  const setSearchPath = schema === undefined ? undefined : CompiledQuery.raw(`set search_path to ${escapeIdentifier(schema)}`);
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      // Set on every new connection, not once: the pool opens connections as load requires.
      ...(setSearchPath && {
        onCreateConnection: async (connection) => {
          await connection.executeQuery(setSearchPath);
        },
      }),
    }),
  });
}

/** Which database a Kysely instance (or transaction) talks to, for the few places where they differ. */
export function sqlDialectOf<DB>(db: Kysely<DB>): SqlDialectName {
  const introspector = db.introspection;
  if (introspector instanceof PostgresIntrospector) return 'postgres';
  if (introspector instanceof SqliteIntrospector) return 'sqlite';
  throw new Error('adapters/sql supports only SQLite and PostgreSQL');
}
