import { createHash, randomBytes } from 'node:crypto';
import type { StaffDirectory, StaffSessionStore } from '../../../domain/ports/staff-store';
import type { StaffMember } from '../../../domain/staff/staff';
import { verifyPassword } from './passwords';

export interface StaffSession {
  staff: StaffMember;
  /** A fresh token for the cookie: only ever returned when the session starts. */
  token: string;
  expiresAt: Date;
}

export interface StaffSessionsOptions {
  /** Where the accounts' password hashes are. */
  accounts: Pick<StaffDirectory, 'findPasswordHash'>;
  store: StaffSessionStore;
  now?: () => Date;
  /** How long a session lasts without use; each use within the second half of it renews it. */
  idleHours?: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Staff sign-in sessions kept in the database. The token is 256 random bits; the database holds only
 * its SHA-256, so a leaked copy of the database signs nobody in. Sessions expire when idle and end
 * for good on sign-out.
 */
export class StaffSessions {
  readonly #accounts: Pick<StaffDirectory, 'findPasswordHash'>;
  readonly #store: StaffSessionStore;
  readonly #now: () => Date;
  readonly #idleMs: number;

  constructor({ accounts, store, now = () => new Date(), idleHours = 12 }: StaffSessionsOptions) {
    this.#accounts = accounts;
    this.#store = store;
    this.#now = now;
    this.#idleMs = idleHours * 60 * 60 * 1000;
  }

  /** A new session when the password is the account's; undefined otherwise, whichever was wrong. */
  async signIn(email: string, password: string): Promise<StaffSession | undefined> {
    if (!(await verifyPassword(await this.#accounts.findPasswordHash(email), password))) return undefined;
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + this.#idleMs);
    await this.#store.createSession(hashOf(token), email, now, expiresAt);
    return { staff: { email }, token, expiresAt };
  }

  /** The staff member a token belongs to, while its session lasts; renews a session in use. */
  async validate(token: string): Promise<{ staff: StaffMember; expiresAt: Date } | undefined> {
    const tokenHash = hashOf(token);
    const session = await this.#store.findSession(tokenHash);
    if (!session) return undefined;
    const now = this.#now().getTime();
    if (session.expiresAt.getTime() <= now) {
      await this.#store.deleteSession(tokenHash);
      return undefined;
    }
    let { expiresAt } = session;
    if (expiresAt.getTime() - now < this.#idleMs / 2) {
      expiresAt = new Date(now + this.#idleMs);
      await this.#store.extendSession(tokenHash, expiresAt);
    }
    return { staff: { email: session.email }, expiresAt };
  }

  async signOut(token: string): Promise<void> {
    await this.#store.deleteSession(hashOf(token));
  }
}
