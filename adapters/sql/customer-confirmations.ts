import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { confirmationAddressKey, confirmationCutoff } from '../../domain/quote/customer-confirmation';
import type { Database } from './database';

// At most one confirmation to an address a day (domain/quote/customer-confirmation.ts), kept in
// `customer_confirmations` under a hash of the address: the table needs to know whether it has seen an
// address in the last day, never what the address is.

/** The SHA-256, in hexadecimal, of the address as confirmations to it are counted (trimmed, lower-cased); review opt-outs are kept the same way. */
export function addressHash(address: string): string {
  return createHash('sha256').update(confirmationAddressKey(address)).digest('hex');
}

/**
 * Whether a confirmation may go to `address` at `at`, recording that it does: true, and the time kept,
 * when none went there in the day before; false, and nothing changed, when one did. Called in the
 * transaction that writes the confirmation to the outbox, so the record and the email commit together.
 * One statement, an upsert whose update is conditional: on PostgreSQL a second request from the same
 * address waits on the first's row until that commits, then reads it, so two at once never both
 * confirm; on SQLite writers take turns anyway.
 */
export async function takeConfirmation(tx: Kysely<Database>, address: string, at: Date): Promise<boolean> {
  const confirmedAt = at.toISOString();
  const taken = await tx
    .insertInto('customer_confirmations')
    .values({ address_hash: addressHash(address), confirmed_at: confirmedAt })
    .onConflict((conflict) =>
      conflict
        .column('address_hash')
        .doUpdateSet({ confirmed_at: confirmedAt })
        // ISO text compares as time in SQLite (every row is written by toISOString); PostgreSQL reads it as a timestamptz.
        .where('customer_confirmations.confirmed_at', '<=', confirmationCutoff(at).toISOString()),
    )
    .returning('address_hash')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Forgets when confirmations went to these addresses (a customer's data being erased). */
export async function forgetConfirmations(tx: Kysely<Database>, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  const hashes = [...new Set(addresses.map(addressHash))];
  await tx.deleteFrom('customer_confirmations').where('address_hash', 'in', hashes).execute();
}

/** Deletes the records that no longer hold anything back: those of confirmations a day or more before `now`. */
export async function deleteExpiredConfirmations(db: Kysely<Database>, now: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('customer_confirmations')
    .where('confirmed_at', '<=', confirmationCutoff(now).toISOString())
    .executeTakeFirst();
  return Number(numDeletedRows);
}
