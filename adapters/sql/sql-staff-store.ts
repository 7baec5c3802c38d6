import type { Kysely } from 'kysely';
import type { StaffDirectory, StaffSessionStore, StoredSession } from '../../domain/ports/staff-store';
import type { Database } from './database';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Staff accounts and their sessions, as the server's sign-in needs them. Hashes only: no secrets. */
export class SqlStaffStore implements StaffDirectory, StaffSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async findPasswordHash(email: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('staff_accounts')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.password_hash;
  }

  /** Creates the account, or gives an existing one a new password (which ends its sessions). */
  async saveAccount(email: string, passwordHash: string, now: Date): Promise<'created' | 'updated'> {
    return this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('staff_accounts')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('email', '=', email)
        .executeTakeFirst();
      if (updated.numUpdatedRows > 0n) {
        await tx.deleteFrom('staff_sessions').where('email', '=', email).execute();
        return 'updated';
      }
      await tx
        .insertInto('staff_accounts')
        .values({ email, password_hash: passwordHash, created_at: now.toISOString(), updated_at: now.toISOString() })
        .execute();
      return 'created';
    });
  }

  /** Removes the account and, with it, every session it had. */
  async removeAccount(email: string): Promise<boolean> {
    const result = await this.db.deleteFrom('staff_accounts').where('email', '=', email).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async listAccounts(): Promise<string[]> {
    const rows = await this.db.selectFrom('staff_accounts').select('email').orderBy('email').execute();
    return rows.map((row) => row.email);
  }

  async createSession(tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('staff_sessions')
      .values({ token_hash: tokenHash, email, created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
      .execute();
  }

  async findSession(tokenHash: string): Promise<StoredSession | undefined> {
    const row = await this.db
      .selectFrom('staff_sessions')
      .select(['email', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { email: row.email, expiresAt: asDate(row.expires_at) };
  }

  async extendSession(tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('staff_sessions')
      .set({ expires_at: expiresAt.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Sessions past their expiry open nothing; this clears them away. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const result = await this.db.deleteFrom('staff_sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
