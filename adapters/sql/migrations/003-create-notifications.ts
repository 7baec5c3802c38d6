// Frozen once released, as every migration is. No `down`: it would drop every email not yet sent.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { deliveryErrorMaxLength } from '../../../domain/inbox/inbox-quote';
import { sqlDialectOf } from '../database';

/** The kinds of email when this migration was released; 015 added the review emails. */
const notificationKindsAt003 = ['business', 'customer'] as const;

/**
 * Creates `notifications`, the outbox: the emails about each stored request, written in the request's
 * own transaction and sent later, with retries, by whichever server claims them.
 */
export const createNotifications: Migration = {
  async up(db) {
    const timestamp = sqlDialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('quote_id', 'text', (column) =>
        column.notNull().references('quote_requests.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .addColumn('sent_at', timestamp)
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', timestamp, (column) => column.notNull())
      .addColumn('last_error', 'text')
      .addCheckConstraint('notifications_kind', sql`kind in (${sql.join(notificationKindsAt003.map((kind) => sql.lit(kind)))})`)
      .addCheckConstraint('notifications_attempts', sql`attempts >= 0`)
      .addCheckConstraint('notifications_last_error_length', sql`length(last_error) <= ${sql.lit(deliveryErrorMaxLength)}`)
      // At most one email of each kind per request, so the staff list's join finds at most one business
      // notification. Its index, led by quote_id, also serves that join and the cascade on delete.
      .addUniqueConstraint('notifications_one_of_each_kind', ['quote_id', 'kind'])
      .execute();
    // The claim query: the pending ones, due longest first. Sent ones (nearly all, in time) stay out of it.
    await db.schema
      .createIndex('notifications_pending_by_due_time')
      .on('notifications')
      .column('next_attempt_at')
      .where(sql.ref('sent_at'), 'is', null)
      .execute();
  },
};
