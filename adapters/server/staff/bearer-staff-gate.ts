import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { StaffMember } from '../../../domain/staff/staff';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { sessionOperations } from './session-operations';
import type { StaffEnv, StaffGate } from './staff-gate';

/**
 * Who an access token belongs to: a staff member, nobody (forged, expired, or not staff), or
 * 'unavailable' when that cannot be told just now.
 */
export type VerifyAccessToken = (token: string) => Promise<StaffMember | null | 'unavailable'>;

const fail = (body: WireError, status: 401 | 404 | 503) => Response.json(body, { status });

/** The token after `Bearer ` in the Authorization header, if any. */
function bearerTokenOf(c: Context): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/**
 * Staff known by an access token another part signed them in with (Supabase Auth, or the demo's
 * account in the page), sent as `Authorization: Bearer <token>`. No cookie is read or set, so a page
 * of another site cannot act for them. Signing in and out happen where the token is issued:
 * `/api/session` here only says who the token is.
 */
export function bearerStaffGate(verify: VerifyAccessToken): StaffGate {
  const staffOf = async (c: Context) => {
    const token = bearerTokenOf(c);
    if (token === undefined) return null;
    return verify(token).catch(() => 'unavailable' as const);
  };

  const requireStaff: MiddlewareHandler<StaffEnv> = async (c, next) => {
    const staff = await staffOf(c);
    if (staff === 'unavailable') return fail({ error: 'storage-unavailable', message: 'Staff sign-in cannot be checked right now' }, 503);
    if (staff === null) return fail({ error: 'not-signed-in', message: 'Sign in as staff to see quote requests' }, 401);
    c.set('staff', staff);
    await next();
  };

  const api = new Hono();
  api.get('/', sessionOperations.who, async (c) => {
    const staff = await staffOf(c);
    if (staff === 'unavailable') return fail({ error: 'storage-unavailable', message: 'Staff sign-in cannot be checked right now' }, 503);
    return c.json({ staff });
  });
  api.on(['POST', 'DELETE'], '/', sessionOperations.elsewhere, limitBody(bodyLimits.none), () =>
    fail({ error: 'not-found', message: 'Staff sign in and out with the sign-in service, not here' }, 404),
  );

  return {
    api,
    requireStaff,
    staffOf: async (c) => {
      const staff = await staffOf(c);
      return staff === null || staff === 'unavailable' ? undefined : staff;
    },
  };
}
