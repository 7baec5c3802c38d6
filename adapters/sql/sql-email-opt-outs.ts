import type { Kysely } from 'kysely';
import type { EmailOptOuts } from '../../domain/ports/email-opt-outs';
import type { ReviewOptOutReason } from '../../domain/reviews/review-ask';
import { addressHash } from './customer-confirmations';
import type { Database } from './database';

/** The tables of addresses never to send a kind of email again: review asks, and service reminders. */
export type OptOutTable = 'review_opt_outs' | 'reminder_opt_outs';

/**
 * Records each of `addresses` in `table` as never to be sent its emails again, under a hash of the
 * address (the table needs to know whether it has seen one, never what it is); one already there keeps
 * its first reason. Takes the caller's transaction, so an erasure and its opt-outs commit together.
 */
export async function optOutOf(tx: Kysely<Database>, table: OptOutTable, addresses: readonly string[], reason: ReviewOptOutReason, at: Date): Promise<void> {
  const hashes = [...new Set(addresses.map(addressHash))];
  if (hashes.length === 0) return;
  await tx
    .insertInto(table)
    .values(hashes.map((address_hash) => ({ address_hash, opted_out_at: at.toISOString(), reason })))
    .onConflict((conflict) => conflict.column('address_hash').doNothing())
    .execute();
}

/** The addresses never to send review asks (`review_opt_outs`) or service reminders (`reminder_opt_outs`). */
export class SqlEmailOptOuts implements EmailOptOuts {
  readonly #db: Kysely<Database>;
  readonly #table: OptOutTable;

  constructor(db: Kysely<Database>, table: OptOutTable) {
    this.#db = db;
    this.#table = table;
  }

  optOut(address: string, reason: ReviewOptOutReason, at: Date): Promise<void> {
    return optOutOf(this.#db, this.#table, [address], reason, at);
  }

  async isOptedOut(address: string): Promise<boolean> {
    const row = await this.#db.selectFrom(this.#table).select('address_hash').where('address_hash', '=', addressHash(address)).executeTakeFirst();
    return row !== undefined;
  }
}
