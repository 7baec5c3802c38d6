import type { Kysely } from 'kysely';
import type { ReviewOptOuts } from '../../domain/ports/review-opt-outs';
import type { ReviewOptOutReason } from '../../domain/reviews/review-ask';
import { addressHash } from './customer-confirmations';
import type { Database } from './database';

/**
 * Records each of `addresses` as never to be asked for a review again, under a hash of the address
 * (the table needs to know whether it has seen one, never what it is); one already there keeps its
 * first reason. Takes the caller's transaction, so an erasure and its opt-out commit together.
 */
export async function optOutOfReviews(tx: Kysely<Database>, addresses: readonly string[], reason: ReviewOptOutReason, at: Date): Promise<void> {
  const hashes = [...new Set(addresses.map(addressHash))];
  if (hashes.length === 0) return;
  await tx
    .insertInto('review_opt_outs')
    .values(hashes.map((address_hash) => ({ address_hash, opted_out_at: at.toISOString(), reason })))
    .onConflict((conflict) => conflict.column('address_hash').doNothing())
    .execute();
}

/** The addresses never to ask for a review, in `review_opt_outs`. */
export class SqlReviewOptOuts implements ReviewOptOuts {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  optOut(address: string, reason: ReviewOptOutReason, at: Date): Promise<void> {
    return optOutOfReviews(this.#db, [address], reason, at);
  }

  async isOptedOut(address: string): Promise<boolean> {
    const row = await this.#db.selectFrom('review_opt_outs').select('address_hash').where('address_hash', '=', addressHash(address)).executeTakeFirst();
    return row !== undefined;
  }
}
