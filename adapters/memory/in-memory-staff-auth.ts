import * as v from 'valibot';
import { SignInSchema, type SignInResult, type StaffAuth, type StaffMember } from '../../domain/staff/staff';
import { demoStaffAccount } from './demo-staff-account';

/**
 * Staff sign-in held in the page's memory: the demo's, and the tests' fake. Signing in issues an access
 * token, as Supabase Auth does, which the demo's API in the page reads back (`staffFor`).
 */
export class InMemoryStaffAuth implements StaffAuth {
  readonly demoCredentials: { email: string; password: string };
  #signedIn: StaffMember | null = null;
  #token: string | null = null;

  constructor({ account = demoStaffAccount, signedIn = false }: { account?: { email: string; password: string }; signedIn?: boolean } = {}) {
    this.demoCredentials = account;
    if (signedIn) this.#start({ email: account.email });
  }

  #start(staff: StaffMember): void {
    this.#signedIn = staff;
    this.#token = crypto.randomUUID();
  }

  /** The signed-in staff member's access token, or null. */
  accessToken(): Promise<string | null> {
    return Promise.resolve(this.#token);
  }

  /** Whom `token` signs in: the staff member while it is the current token, else nobody. */
  staffFor(token: string): Promise<StaffMember | null> {
    return Promise.resolve(this.#token !== null && token === this.#token ? this.#signedIn : null);
  }

  currentStaff(): Promise<StaffMember | null> {
    return Promise.resolve(this.#signedIn);
  }

  signIn(credentials: { email: string; password: string }): Promise<SignInResult> {
    const parsed = v.safeParse(SignInSchema, credentials);
    if (parsed.success && parsed.output.email === this.demoCredentials.email && parsed.output.password === this.demoCredentials.password) {
      const staff = { email: parsed.output.email };
      this.#start(staff);
      return Promise.resolve({ ok: true, staff });
    }
    return Promise.resolve({ ok: false, error: { kind: 'invalid-credentials' } });
  }

  signOut(): Promise<void> {
    this.#signedIn = null;
    this.#token = null;
    return Promise.resolve();
  }
}
