import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import * as v from 'valibot';

/** PostgREST's error body, `{ code, message, details, hint }`; anything else it may be is read as far as it goes. */
const PostgrestErrorBodySchema = v.object({
  code: v.optional(v.nullable(v.string())),
  message: v.optional(v.nullable(v.string())),
  details: v.optional(v.nullable(v.string())),
});

/** What supabase-js answers a PostgREST call with, as far as a failure goes. */
export interface DatabaseAnswer {
  error: unknown;
  status: number;
}

/**
 * A failed PostgREST call as an error that says what happened, for the log. supabase-js reports a
 * request that never got an answer (offline, aborted at the time limit) as status 0.
 */
export function describeDatabaseFailure(action: string, { error, status }: DatabaseAnswer): Error {
  const body = v.safeParse(PostgrestErrorBodySchema, error);
  const { code, message, details } = body.success ? body.output : { code: null, message: null, details: null };
  const what =
    status === 0
      ? `the Supabase project could not be reached or did not answer in time${message ? ` (${message})` : ''}`
      : `the database answered ${status}${code || message ? ` (${[code, message].filter(Boolean).join(': ')})` : ''}`;
  return new Error(`${action} failed: ${what}${status !== 0 && details ? `; ${details}` : ''}`, { cause: error });
}

/** A failed call of an edge function as an error that says what happened, for the log. */
export async function describeFunctionFailure(action: string, error: unknown): Promise<Error> {
  let what: string;
  if (error instanceof FunctionsHttpError && error.context instanceof Response) {
    const text = await error.context.text().catch(() => '');
    what = `the function answered ${error.context.status}${text === '' ? '' : ` (${text.slice(0, 200)})`}`;
  } else if (error instanceof FunctionsRelayError) {
    what = 'the Supabase relay could not run the function';
  } else if (error instanceof FunctionsFetchError) {
    what = 'the Supabase project could not be reached or did not answer in time';
  } else {
    what = error instanceof Error ? error.message : String(error);
  }
  return new Error(`${action} failed: ${what}`, { cause: error });
}

/** A failed call of Supabase Auth as an error that says what happened, for the log. */
export function describeAuthFailure(action: string, error: unknown): Error {
  const what = isAuthRetryableFetchError(error)
    ? `Supabase Auth could not be reached or failed${error.status ? ` (${error.status})` : ''}: ${error.message}`
    : error instanceof Error
      ? `Supabase Auth answered: ${error.message}`
      : String(error);
  return new Error(`${action} failed: ${what}`, { cause: error });
}
