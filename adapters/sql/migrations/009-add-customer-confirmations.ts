// Frozen once released, as every migration is. No `down` is needed: the table only holds back
// confirmations for a day, and losing it would at worst let one more go to each address.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlDialectOf } from '../database';

/** A SHA-256 digest in hexadecimal, as adapters/sql/customer-confirmations.ts writes it. */
const hexSha256Length = 64;

/**
 * `customer_confirmations`: when the last confirmation email to each customer's address was written to
 * the outbox, so that at most one goes to an address a day. Keyed by the SHA-256 of the address
 * (trimmed, lower-cased), not the address: the table holds no address, and a row older than a day
 * means nothing and is deleted by the retention purge or overwritten.
 */
export const addCustomerConfirmations: Migration = {
  async up(db) {
    const timestamp = sqlDialectOf(db) === 'postgres' ? sql`timestamptz` : sql`text`;
    await sql`create table customer_confirmations (
        address_hash text primary key,
        confirmed_at ${timestamp} not null,
        constraint customer_confirmations_address_hash check (length(address_hash) = ${sql.lit(hexSha256Length)})
      )`.execute(db);
  },
};
