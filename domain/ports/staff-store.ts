/** A staff account's stored session: whose it is, and when it ends unless renewed. */
export interface StoredSession {
  email: string;
  expiresAt: Date;
}

/**
 * The staff accounts our server signs in against: each email with the hash of its password, never the
 * password itself. Every method rejects when the store cannot be reached.
 */
export interface StaffDirectory {
  /** The account's password hash; undefined when there is no such account. */
  findPasswordHash(email: string): Promise<string | undefined>;
  /** Creates the account, or gives an existing one a new password (which ends its sessions). */
  saveAccount(email: string, passwordHash: string, now: Date): Promise<'created' | 'updated'>;
  /** Removes the account and, with it, every session it had: true if there was one. */
  removeAccount(email: string): Promise<boolean>;
  /** Every account's email, in order. */
  listAccounts(): Promise<string[]>;
}

/**
 * Where our server keeps staff sessions, by the hash of each session's token (never the token, so a
 * leaked copy of the store signs nobody in). Every method rejects when the store cannot be reached.
 */
export interface StaffSessionStore {
  createSession(tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void>;
  findSession(tokenHash: string): Promise<StoredSession | undefined>;
  extendSession(tokenHash: string, expiresAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Sessions past their expiry open nothing; this clears them away, and says how many. */
  deleteExpiredSessions(now: Date): Promise<number>;
}
