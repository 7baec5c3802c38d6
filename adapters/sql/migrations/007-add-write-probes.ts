// Frozen once released, as every migration is. No `down` is needed: the table never keeps a row.
import type { Migration } from 'kysely/migration';

/**
 * Creates `write_probes`, where /readyz checks that the database still takes writes: each check writes
 * a row big enough to need fresh space and deletes it in the same transaction, so it stays empty.
 */
export const addWriteProbes: Migration = {
  async up(db) {
    await db.schema
      .createTable('write_probes')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('padding', 'text', (column) => column.notNull())
      .execute();
  },
};
