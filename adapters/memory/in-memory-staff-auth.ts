import * as v from 'valibot';
import { SignInSchema, type SignInResult, type StaffAuth, type StaffMember } from '../../domain/staff/staff';
import { demoStaffAccount } from './demo-staff-account';

/** Staff sign-in held in the page's memory: the demo's, and the tests' fake. */
export class InMemoryStaffAuth implements StaffAuth {
  readonly demoCredentials: { email: string; password: string };
  #signedIn: StaffMember | null = null;

  constructor({ account = demoStaffAccount, signedIn = false }: { account?: { email: string; password: string }; signedIn?: boolean } = {}) {
    this.demoCredentials = account;
    if (signedIn) this.#signedIn = { email: account.email };
  }

  currentStaff(): Promise<StaffMember | null> {
    return Promise.resolve(this.#signedIn);
  }

  signIn(credentials: { email: string; password: string }): Promise<SignInResult> {
    const parsed = v.safeParse(SignInSchema, credentials);
    if (parsed.success && parsed.output.email === this.demoCredentials.email && parsed.output.password === this.demoCredentials.password) {
      this.#signedIn = { email: parsed.output.email };
      return Promise.resolve({ ok: true, staff: this.#signedIn });
    }
    return Promise.resolve({ ok: false, error: { kind: 'invalid-credentials' } });
  }

  signOut(): Promise<void> {
    this.#signedIn = null;
    return Promise.resolve();
  }
}
