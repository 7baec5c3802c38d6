// Frozen once released, as every migration is. The kinds are written out here, not read from domain/,
// so that a later change to the domain cannot change what it did.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';
import { rewriteSqliteTable } from './sqlite-table-rewrite';

/** The outbox's kinds of email when this migration was written. */
const notificationKindsAt018 = [
  'business',
  'customer',
  'review',
  'review-reminder',
  'service-reminder',
  'service-reminder-again',
  'quote-sent',
  'quote-follow-up',
  'quote-accepted',
] as const;
const kindCheck = `kind in (${notificationKindsAt018.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * A priced quote's three emails to the customer: the quote sent, its one follow-up, and the
 * confirmation of a yes. The outbox's kind CHECK allows them (PostgreSQL replaces it; SQLite's schema
 * text is rewritten, as 017 does, decision 032). The quotes themselves live in the log (016), which
 * takes any kind of step, so nothing else changes.
 */
export const addQuoteEmails: Migration = {
  async up(db) {
    if (sqlDialectOf(db) === 'postgres') {
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
