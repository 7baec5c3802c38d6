import { isAuthApiError, isAuthRetryableFetchError, isAuthSessionMissingError, type User } from '@supabase/supabase-js';
import * as v from 'valibot';
import { SignInSchema, type SignInError, type SignInResult, type StaffAuth, type StaffMember } from '../../domain/staff/staff';
import { retryAfterSecondsOf } from './supabase-client';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeAuthFailure, describeDatabaseFailure } from './supabase-failure';

/**
 * Staff sign-in through Supabase Auth, with email and password. Any Auth user can sign in to a
 * project; staff are the ones with a row in the `staff` table, which row-level security lets each
 * user read for themselves only. Someone who signs in but is not staff is signed out again, and told
 * only that the credentials did not work.
 */
export class SupabaseStaffAuth implements StaffAuth {
  readonly #client: SupabaseDatabaseClient;

  constructor({ client }: { client: SupabaseDatabaseClient }) {
    this.#client = client;
  }

  /** Asks the auth server (getUser), not only local storage, so a session ended elsewhere counts as none. */
  async currentStaff(): Promise<StaffMember | null> {
    const { data, error } = await this.#client.auth.getUser();
    if (error) {
      if (isAuthSessionMissingError(error)) return null;
      // A token or refresh token the server refuses: the session is over.
      if (isAuthApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return null;
      throw describeAuthFailure('Finding who is signed in', error);
    }
    return (await this.#isStaff(data.user, 'Finding who is signed in')) ? staffMember(data.user) : null;
  }

  async signIn(credentials: { email: string; password: string }): Promise<SignInResult> {
    const parsed = v.safeParse(SignInSchema, credentials);
    if (!parsed.success) return refused({ kind: 'invalid-credentials' });

    const { data, error } = await this.#client.auth.signInWithPassword(parsed.output);
    if (error) return refused(this.#signInErrorOf(error));

    let staff: boolean;
    try {
      staff = await this.#isStaff(data.user, 'Checking the staff list');
    } catch {
      await this.#client.auth.signOut({ scope: 'local' });
      return refused({ kind: 'unavailable' });
    }
    if (!staff) {
      await this.#client.auth.signOut({ scope: 'local' });
      return refused({ kind: 'invalid-credentials' });
    }
    return { ok: true, staff: staffMember(data.user) };
  }

  /**
   * Forgets the session on this device first, then asks Auth to revoke its refresh token, so
   * signing out never waits on the network to take effect here. An access token already handed
   * out stays valid at PostgREST until it expires (an hour by default): JWTs are not looked up.
   * Rejects if the server could not be told; the device is signed out all the same.
   */
  async signOut(): Promise<void> {
    const { error } = await this.#client.auth.signOut({ scope: 'local' });
    if (error) throw describeAuthFailure('Signing out', error);
  }

  async #isStaff(user: User, action: string): Promise<boolean> {
    if (user.email === undefined || user.email === '') return false;
    const answer = await this.#client.from('staff').select('user_id').eq('user_id', user.id).maybeSingle();
    if (answer.error) throw describeDatabaseFailure(action, answer);
    return answer.data !== null;
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

const staffMember = (user: User): StaffMember => ({ email: user.email ?? '' });
