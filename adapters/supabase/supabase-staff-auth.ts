import { type GoTrueClient, isAuthApiError, isAuthRetryableFetchError, isAuthSessionMissingError } from '@supabase/auth-js';
import * as v from 'valibot';
import { SignInSchema, type SignInError, type SignInResult, type StaffAuth, type StaffMember } from '../../domain/staff/staff';
import { retryAfterSecondsOf } from './supabase-client';

export interface SupabaseStaffAuthOptions {
  client: GoTrueClient;
  /**
   * Who the API says the signed-in user is (its `/api/session`, sent the access token): a staff
   * member, or null for someone who is not on its staff list. Rejects when it cannot be asked.
   */
  staffOf: () => Promise<StaffMember | null>;
}

/**
 * Staff sign-in through Supabase Auth, with email and password. Any Auth user can sign in to a
 * project; staff are the ones the API knows by email (its staff list). Someone who signs in but is
 * not staff is signed out again, and told only that the credentials did not work.
 */
export class SupabaseStaffAuth implements StaffAuth {
  readonly #client: GoTrueClient;
  readonly #staffOf: () => Promise<StaffMember | null>;

  constructor({ client, staffOf }: SupabaseStaffAuthOptions) {
    this.#client = client;
    this.#staffOf = staffOf;
  }

  /** The access token of the session on this device, refreshed if it ran out; null when nobody is signed in. */
  async accessToken(): Promise<string | null> {
    const { data, error } = await this.#client.getSession();
    if (error) throw describeAuthFailure('Reading the session', error);
    return data.session?.access_token ?? null;
  }

  /** Asks the auth server (getUser), not only local storage, so a session ended elsewhere counts as none. */
  async currentStaff(): Promise<StaffMember | null> {
    const { data, error } = await this.#client.getUser();
    if (error) {
      if (isAuthSessionMissingError(error)) return null;
      // A token or refresh token the server refuses: the session is over.
      if (isAuthApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return null;
      throw describeAuthFailure('Finding who is signed in', error);
    }
    if (!data.user.email) return null;
    return this.#staffOf();
  }

  async signIn(credentials: { email: string; password: string }): Promise<SignInResult> {
    const parsed = v.safeParse(SignInSchema, credentials);
    if (!parsed.success) return refused({ kind: 'invalid-credentials' });

    const { data, error } = await this.#client.signInWithPassword(parsed.output);
    if (error) return refused(this.#signInErrorOf(error));

    let staff: StaffMember | null;
    try {
      staff = data.user.email ? await this.#staffOf() : null;
    } catch {
      await this.#client.signOut({ scope: 'local' });
      return refused({ kind: 'unavailable' });
    }
    if (staff === null) {
      await this.#client.signOut({ scope: 'local' });
      return refused({ kind: 'invalid-credentials' });
    }
    return { ok: true, staff };
  }

  /**
   * Forgets the session on this device first, then asks Auth to revoke its refresh token, so
   * signing out never waits on the network to take effect here. An access token already handed
   * out stays valid at the API until it expires (an hour by default): tokens are checked, not looked up.
   * Rejects if the server could not be told; the device is signed out all the same.
   */
  async signOut(): Promise<void> {
    const { error } = await this.#client.signOut({ scope: 'local' });
    if (error) throw describeAuthFailure('Signing out', error);
  }

  #signInErrorOf(error: unknown): SignInError {
    if (isAuthApiError(error) && error.status === 429) {
      return { kind: 'rate-limited', retryAfterSeconds: retryAfterSecondsOf(this.#client) ?? 60 };
    }
    if (isAuthRetryableFetchError(error) || !isAuthApiError(error) || error.status >= 500) return { kind: 'unavailable' };
    // invalid_credentials, and every other refusal (email_not_confirmed, user_banned...): told alike.
    return { kind: 'invalid-credentials' };
  }
}

const refused = (error: SignInError): SignInResult => ({ ok: false, error });

/** A failed call of Supabase Auth as an error that says what happened, for the log. */
function describeAuthFailure(action: string, error: unknown): Error {
  const what = isAuthRetryableFetchError(error)
    ? `Supabase Auth could not be reached or failed${error.status ? ` (${error.status})` : ''}: ${error.message}`
    : error instanceof Error
      ? `Supabase Auth answered: ${error.message}`
      : String(error);
  return new Error(`${action} failed: ${what}`, { cause: error });
}
