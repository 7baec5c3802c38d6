import * as v from 'valibot';

/** Someone who works for the business and may read the quote requests. */
export interface StaffMember {
  email: string;
}

/** A password staff choose: long enough to resist guessing, short enough to hash quickly. */
const staffPasswordLimits = { min: 12, max: 128 } as const;

/** The longest staff email (RFC 5321's limit): what the history and notes record as who. */
export const staffEmailMaxLength = 254;

export const StaffEmailSchema = v.pipe(
  v.string('Email must be text'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Enter your email address'),
  v.maxLength(staffEmailMaxLength, `Email must be ${staffEmailMaxLength} characters or fewer`),
  v.rfcEmail('Enter an email address like name@example.co.uk'),
);

/** What the sign-in form sends. The password is checked, not judged, so any non-empty one may be tried. */
export const SignInSchema = v.object({
  email: StaffEmailSchema,
  password: v.pipe(
    v.string('Password must be text'),
    v.nonEmpty('Enter your password'),
    v.maxLength(staffPasswordLimits.max, `Password must be ${staffPasswordLimits.max} characters or fewer`),
  ),
});

/** A new password for a staff account. */
export const NewStaffPasswordSchema = v.pipe(
  v.string('Password must be text'),
  v.minLength(staffPasswordLimits.min, `Password must be at least ${staffPasswordLimits.min} characters`),
  v.maxLength(staffPasswordLimits.max, `Password must be ${staffPasswordLimits.max} characters or fewer`),
);

export type SignInError =
  | { kind: 'invalid-credentials' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'unavailable' }
  /** A form sent without scripts with its email or password missing or too long: the message says which. */
  | { kind: 'invalid-fields'; message: string };

export type SignInResult = { ok: true; staff: StaffMember } | { ok: false; error: SignInError };

/**
 * Who may read quote requests, and how they prove it. Each mode has its own: sessions on our
 * server, a demo account in memory, Supabase Auth.
 */
export interface StaffAuth {
  /** The staff member signed in on this device, or null. Rejects when it cannot be told. */
  currentStaff(): Promise<StaffMember | null>;
  signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  /** Ends the session everywhere it counts: after this, the old session opens nothing. */
  signOut(): Promise<void>;
}

/** Thrown by a repository asked for staff-only data without a valid staff session. */
export class NotSignedIn extends Error {
  constructor() {
    super('A staff session is needed');
    this.name = 'NotSignedIn';
  }
}
