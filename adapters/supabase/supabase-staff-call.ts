import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { NotSignedIn } from '../../domain/staff/staff';
import type { SupabaseDatabaseClient } from './supabase-database';
import { describeAuthFailure, describeDatabaseFailure, type DatabaseAnswer } from './supabase-failure';

/**
 * Makes sure there is a session to call with, refreshed if its access token has expired; none, or a
 * refused refresh, is NotSignedIn. Row-level security answers a caller without staff rights with
 * no rows rather than an error, so staff calls check first that anyone is signed in at all.
 */
export async function requireSession(client: SupabaseDatabaseClient, action: string): Promise<void> {
  const { data, error } = await client.auth.getSession();
  if (error && isAuthRetryableFetchError(error)) throw describeAuthFailure(action, error);
  if (error || data.session === null) throw new NotSignedIn();
}

/** A token PostgREST refuses (expired, revoked, signed with an old key) means signing in again. */
export function staffCallFailure(action: string, answer: DatabaseAnswer): Error {
  return answer.status === 401 ? new NotSignedIn() : describeDatabaseFailure(action, answer);
}
