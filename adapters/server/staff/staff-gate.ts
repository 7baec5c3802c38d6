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
  /** The signed-in staff member the request is from; undefined for anyone else, and when that cannot be told. */
  staffOf: (c: Context) => Promise<StaffMember | undefined>;
}
