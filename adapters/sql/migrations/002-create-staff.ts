// Frozen once released, as every migration is. No `down`: it would sign every staff member out and
// delete their accounts.
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** Creates the staff accounts and their sign-in sessions. */
export const createStaff: Migration = {
  async up(db) {
    const timestamp = sqlDialectOf(db) === 'postgres' ? 'timestamptz' : 'text';
    await db.schema
      .createTable('staff_accounts')
      .addColumn('email', 'text', (column) => column.primaryKey())
      // An argon2id hash in the PHC string format, never the password.
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .addColumn('updated_at', timestamp, (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('staff_sessions')
      // The SHA-256 of the session token: the token itself is only ever in the staff member's cookie.
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('email', 'text', (column) =>
        column.notNull().references('staff_accounts.email').onDelete('cascade'),
      )
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .addColumn('expires_at', timestamp, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('staff_sessions_by_expiry').on('staff_sessions').column('expires_at').execute();
  },
};
