import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { StaffDirectory } from '../../../domain/ports/staff-store';
import { NewStaffPasswordSchema, StaffEmailSchema } from '../../../domain/staff/staff';
import { hashPassword } from './passwords';

/** The account a first start creates when there is none, to be replaced by a real one. */
export const firstStaffEmail = 'staff@localhost';

/** Checks an email and a new password for a staff account, naming what is wrong. */
function parseStaffAccount(email: string, password: string): { email: string; password: string } {
  const parsedEmail = v.safeParse(StaffEmailSchema, email);
  if (!parsedEmail.success) throw new Error(`Staff email: ${parsedEmail.issues[0].message}`);
  const parsedPassword = v.safeParse(NewStaffPasswordSchema, password);
  if (!parsedPassword.success) throw new Error(`Staff password: ${parsedPassword.issues[0].message}`);
  return { email: parsedEmail.output, password: parsedPassword.output };
}

/** Creates the account, or sets its password (which signs it out everywhere). */
export async function saveStaffAccount(store: Pick<StaffDirectory, 'saveAccount'>, email: string, password: string, now = new Date()) {
  const account = parseStaffAccount(email, password);
  return store.saveAccount(account.email, await hashPassword(account.password), now);
}

/**
 * At start: STAFF_EMAIL and STAFF_PASSWORD, when both are set, create or update that account (for
 * automated set-ups). Otherwise, when there is no staff account at all, one is created with a
 * generated password, printed this once, so the business can sign in and make its own.
 */
export async function provisionStaffAccounts(
  store: Pick<StaffDirectory, 'saveAccount' | 'listAccounts'>,
  env: { STAFF_EMAIL?: string | undefined; STAFF_PASSWORD?: string | undefined },
  print: (message: string) => void,
): Promise<void> {
  if (env.STAFF_EMAIL && env.STAFF_PASSWORD) {
    const outcome = await saveStaffAccount(store, env.STAFF_EMAIL, env.STAFF_PASSWORD);
    print(`Staff account ${env.STAFF_EMAIL.trim().toLowerCase()} ${outcome} from STAFF_EMAIL and STAFF_PASSWORD.`);
    return;
  }
  if (env.STAFF_EMAIL || env.STAFF_PASSWORD) {
    throw new Error('Set both STAFF_EMAIL and STAFF_PASSWORD, or neither');
  }
  if ((await store.listAccounts()).length > 0) return;
  const password = randomBytes(18).toString('base64url');
  await saveStaffAccount(store, firstStaffEmail, password);
  print(
    [
      'No staff account existed, so one was made.',
      'Its password is shown only this once:',
      '',
      `  email:    ${firstStaffEmail}`,
      `  password: ${password}`,
      '',
      'Sign in at /quotes with it, then make your own account:',
      '  npm run staff -- add you@example.co.uk',
      'and remove this one:',
      `  npm run staff -- remove ${firstStaffEmail}`,
    ].join('\n'),
  );
}
