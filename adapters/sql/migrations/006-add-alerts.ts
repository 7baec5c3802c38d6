// Frozen once released, as every migration is. No `down`: it would forget every device, every alert
// sent and who took each request. The lists in its CHECKs are written out here, not read from domain/,
// so that a later change to the domain cannot change what this migration did; 006-add-alerts.test.ts
// fails when the domain's lists and these part, and then a new migration alters the constraints.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { deliveryErrorMaxLength } from '../../../domain/inbox/inbox-quote';
import { staffEmailMaxLength } from '../../../domain/staff/staff';
import { type SqlDialectName, sqlDialectOf } from '../database';

/** The domain's alertSteps when this migration was written. */
export const alertStepsAt006 = ['new', 'escalated', 'due-soon', 'reminder'] as const;

/** The domain's weekdays when this migration was written. */
export const weekdaysAt006 = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The channels an alert went out on when this migration was written. */
export const alertChannelsAt006 = ['push', 'webhook'] as const;

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

interface DialectDifferences {
  timestamp: RawBuilder<unknown>;
  /** A CHECK that `column` holds a JSON array. */
  jsonArray: (column: string) => RawBuilder<unknown>;
  /** A CHECK that `column` holds a time of day as HH:MM, 00:00 to 23:59. */
  timeOfDay: (column: string) => RawBuilder<unknown>;
}

const differences: Record<SqlDialectName, DialectDifferences> = {
  postgres: {
    timestamp: sql`timestamptz`,
    jsonArray: (column) => sql`json_typeof(cast(${sql.ref(column)} as json)) = 'array'`,
    timeOfDay: (column) => sql`${sql.ref(column)} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
  },
  sqlite: {
    timestamp: sql`text`,
    jsonArray: (column) => sql`json_valid(${sql.ref(column)}) and json_type(${sql.ref(column)}) = 'array'`,
    timeOfDay: (column) => sql`(${sql.ref(column)} glob '[01][0-9]:[0-5][0-9]' or ${sql.ref(column)} glob '2[0-3]:[0-5][0-9]')`,
  },
};

/**
 * Who took each request on and when; the alert steps each request has had; the staff's push devices;
 * the alert outbox; the on-call rota; and the values servers make once and share.
 */
export const addAlerts: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    await addTaking[dialect](db);
    const { timestamp, jsonArray, timeOfDay } = differences[dialect];
    for (const statement of [
      // The requests still waiting for someone, by when they arrived: what the alert planner reads.
      sql`create index quote_requests_awaiting on quote_requests (created_at) where status = 'new' and taken_at is null`,
      // The key is what makes each step happen once, however many servers plan it at the same moment.
      sql`create table alert_records (
          quote_id text not null references quote_requests (id) on delete cascade,
          step text not null,
          at ${timestamp} not null,
          recipients text not null,
          everyone boolean not null,
          primary key (quote_id, step),
          constraint alert_records_step check (step in (${list(alertStepsAt006)})),
          constraint alert_records_recipients check (${jsonArray('recipients')}),
          constraint alert_records_everyone check (everyone in (false, true))
        )`,
      // A device goes with the account it belongs to, as its sessions do.
      sql`create table push_devices (
          id text primary key,
          staff_email text not null references staff_accounts (email) on delete cascade,
          endpoint text not null unique,
          p256dh text not null,
          auth text not null,
          label text not null,
          created_at ${timestamp} not null,
          last_alert_at ${timestamp},
          constraint push_devices_endpoint_length check (length(endpoint) between 1 and 2048),
          constraint push_devices_p256dh_length check (length(p256dh) between 1 and 256),
          constraint push_devices_auth_length check (length(auth) between 1 and 256),
          constraint push_devices_label_length check (length(label) <= 200)
        )`,
      sql`create index push_devices_by_staff on push_devices (staff_email, created_at)`,
      sql`create table alert_deliveries (
          id text primary key,
          quote_id text not null references quote_requests (id) on delete cascade,
          step text not null,
          channel text not null,
          device_id text references push_devices (id) on delete cascade,
          created_at ${timestamp} not null,
          next_attempt_at ${timestamp} not null,
          attempts integer not null default 0,
          sent_at ${timestamp},
          last_error text,
          take_redeemed_at ${timestamp},
          constraint alert_deliveries_step check (step in (${list(alertStepsAt006)})),
          constraint alert_deliveries_channel check (channel in (${list(alertChannelsAt006)})),
          constraint alert_deliveries_device_for_push check ((channel = 'push') = (device_id is not null)),
          constraint alert_deliveries_attempts check (attempts >= 0),
          constraint alert_deliveries_last_error_length check (length(last_error) <= ${sql.lit(deliveryErrorMaxLength)}),
          constraint alert_deliveries_once_per_device unique (quote_id, step, device_id)
        )`,
      // The unique constraint above passes any number of NULL device ids: the webhook needs its own.
      sql`create unique index alert_deliveries_once_to_webhook on alert_deliveries (quote_id, step) where channel = 'webhook'`,
      // The claim: the pending ones, due longest first.
      sql`create index alert_deliveries_pending_by_due_time on alert_deliveries (next_attempt_at) where sent_at is null`,
      // The cascade when a device is removed.
      sql`create index alert_deliveries_by_device on alert_deliveries (device_id)`,
      sql`create table on_call_shifts (
          position integer primary key,
          staff_email text not null,
          day text not null,
          start_time text not null,
          end_time text not null,
          constraint on_call_shifts_position check (position >= 0),
          constraint on_call_shifts_staff_email_length check (length(staff_email) between 1 and ${sql.lit(staffEmailMaxLength)}),
          constraint on_call_shifts_day check (day in (${list(weekdaysAt006)})),
          constraint on_call_shifts_start_time check (${timeOfDay('start_time')}),
          constraint on_call_shifts_end_time check (${timeOfDay('end_time')})
        )`,
      sql`create table server_secrets (
          name text primary key,
          value text not null,
          constraint server_secrets_name_length check (length(name) between 1 and 100)
        )`,
    ]) {
      await statement.execute(db);
    }
  },
};

// SQLite cannot add a constraint to a table, only a column with its own; its CHECKs may name other columns.
const addTaking: Record<SqlDialectName, (db: Kysely<unknown>) => Promise<void>> = {
  sqlite: async (db) => {
    await sql`alter table quote_requests add column taken_by text
        constraint quote_requests_taken_by_length check (length(taken_by) between 1 and ${sql.lit(staffEmailMaxLength)})`.execute(db);
    await sql`alter table quote_requests add column taken_at text
        constraint quote_requests_taken_together check ((taken_by is null) = (taken_at is null))`.execute(db);
  },
  postgres: async (db) => {
    await sql`alter table quote_requests
        add column taken_by text,
        add column taken_at timestamptz,
        add constraint quote_requests_taken_by_length check (length(taken_by) between 1 and ${sql.lit(staffEmailMaxLength)}),
        add constraint quote_requests_taken_together check ((taken_by is null) = (taken_at is null))`.execute(db);
  },
};
