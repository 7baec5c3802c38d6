import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { StaffMember } from '../../../domain/staff/staff';

/**
 * What the guard leaves on the context of a request it lets through: the session's staff member. The
 * server records who did something from this, never from anything the client sends.
 */
export interface StaffEnv {
  Variables: { staff: StaffMember };
}

/**
 * How a host of the API knows staff: `/api/session` (who is signed in, and signing in and out where the
 * API does that itself), and the guard for everything only staff may see.
 */
export interface StaffGate {
  api: Hono;
  requireStaff: MiddlewareHandler<StaffEnv>;
  /** Whether the request is a signed-in staff member's; false, too, when that cannot be told. */
  isStaff: (c: Context) => Promise<boolean>;
}
