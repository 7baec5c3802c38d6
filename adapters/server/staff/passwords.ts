import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked against when the email is unknown, so a wrong email takes as long as a wrong password and
// the answer's timing does not tell which staff emails exist.
const decoy = hash('a password no account has');

/** Whether `password` is the one `storedHash` was made from; an unknown account is never matched. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await verify(await decoy, password);
    return false;
  }
  return verify(storedHash, password);
}
