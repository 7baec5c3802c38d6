import { isHTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import type { SignInResult, StaffAuth, StaffMember } from '../../domain/staff/staff';
import { apiPaths } from '../http-api/wire';
import { createApiClient, type RestClientOptions } from './rest-client';

const StaffMemberSchema = v.object({ email: v.string() });
const SessionSchema = v.object({ staff: v.nullable(StaffMemberSchema) });

/**
 * Staff sign-in through our server's sessions: the browser holds only an HttpOnly cookie. Where staff
 * sign in elsewhere (Supabase Auth), its `currentStaff` asks the API who the access token is.
 */
export class RestStaffAuth implements StaffAuth {
  readonly #api: KyInstance;

  constructor(options: RestClientOptions = {}) {
    this.#api = createApiClient(options).api.extend({ retry: 0, credentials: 'same-origin' });
  }

  async currentStaff(): Promise<StaffMember | null> {
    const { staff } = await this.#api.get(apiPaths.session).json(SessionSchema);
    return staff;
  }

  async signIn(credentials: { email: string; password: string }): Promise<SignInResult> {
    try {
      const staff = await this.#api.post(apiPaths.session, { json: credentials }).json(StaffMemberSchema);
      return { ok: true, staff };
    } catch (error) {
      if (isHTTPError(error) && (error.response.status === 401 || error.response.status === 400)) {
        return { ok: false, error: { kind: 'invalid-credentials' } };
      }
      if (isHTTPError(error) && error.response.status === 429) {
        const retryAfterSeconds = Number(error.response.headers.get('retry-after') ?? '60');
        return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60 } };
      }
      return { ok: false, error: { kind: 'unavailable' } };
    }
  }

  async signOut(): Promise<void> {
    await this.#api.delete(apiPaths.session);
  }
}
