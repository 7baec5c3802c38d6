import type { StaffFailure } from '../../../domain/staff/staff-failure';
import type { WireError } from '../../http-api/wire';

/** A refusal of a staff route, never kept by a cache: what it says is about one session at one moment. */
export const noStoreFailure = (body: WireError, status: 400 | 401 | 503) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/** A staff route's answer when the session is missing (401) or the store cannot be reached (503), in its own words. */
export function staffFailureResponse(error: StaffFailure, words: { signIn: string; unavailable: string }): Response {
  return error.kind === 'not-signed-in'
    ? noStoreFailure({ error: 'not-signed-in', message: words.signIn }, 401)
    : noStoreFailure({ error: 'storage-unavailable', message: words.unavailable }, 503);
}
