// Frozen once released, as every migration is. No `down`: it would drop every postcode given.
// Requests stored before it have no postcode (NULL), which the search text they already hold agrees with.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { quoteFields } from '../../../domain/quote/quote';

/** The optional postcode (normalised, `SE1 7PB` or an outward code alone), within the domain's limit. */
export const addPostcode: Migration = {
  async up(db) {
    // SQLite cannot add a CHECK with ALTER TABLE ... ADD CONSTRAINT, only with the column itself; named
    // as the other fields' limits are. An optional value is NULL rather than empty (a CHECK on NULL passes).
    await sql`alter table quote_requests add column postcode text
      constraint quote_requests_postcode_length check (length(postcode) between 1 and ${sql.lit(quoteFields.postcode.maxLength)})`.execute(db);
  },
};
