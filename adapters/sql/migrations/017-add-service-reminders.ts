// Frozen once released, as every migration is. The kinds are written out here, not read from domain/,
// so that a later change to the domain cannot change what it did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';
import { rewriteSqliteTable } from './sqlite-table-rewrite';

/** The outbox's kinds of email when this migration was written. */
const notificationKindsAt017 = ['business', 'customer', 'review', 'review-reminder', 'service-reminder', 'service-reminder-again'] as const;
const kindCheck = `kind in (${notificationKindsAt017.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * The yearly service reminders. The outbox's kind CHECK allows their two emails (PostgreSQL replaces
 * it; SQLite's schema text is rewritten, as 015 does, decision 032). `service_due_on`: the London day
 * a request's standing reminder falls due, kept beside its log for the "Due for service" list and its
 * partial index, null while none stands. `reminder_opt_outs`: the addresses never to remind again,
 * each kept only as a hash, with why.
 */
export const addServiceReminders: Migration = {
  async up(db) {
    const dialect = sqlDialectOf(db);
    await sql`alter table quote_requests add column service_due_on text`.execute(db);
    await sql`create index quote_requests_service_due on quote_requests (service_due_on) where service_due_on is not null`.execute(db);
    await sql`create table reminder_opt_outs (
        address_hash text primary key,
        opted_out_at ${dialect === 'postgres' ? sql`timestamptz` : sql`text`} not null,
        reason text not null,
        constraint reminder_opt_outs_address_hash check (length(address_hash) = 64),
        constraint reminder_opt_outs_reason check (reason in ('unsubscribed', 'erased'))
      )`.execute(db);
    if (dialect === 'postgres') {
      await sql`alter table notifications drop constraint notifications_kind, add constraint notifications_kind check (${sql.raw(kindCheck)})`.execute(db);
      return;
    }
    await rewriteSqliteTable(db, 'notifications', (text) => {
      const constraint = /(constraint "?notifications_kind"? check \()kind in \([^)]*\)\)/;
      if (!constraint.test(text)) throw new Error('notifications has no CHECK notifications_kind as expected');
      return text.replace(constraint, `$1${kindCheck})`);
    });
  },
};
