// A migration is frozen once released: it may read today's domain constants, but change them only
// together with a new migration that alters the constraints. There is no `down`: undoing this one
// would delete every stored quote.
import { type ColumnDefinitionBuilder, type RawBuilder, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { quoteFields } from '../../../domain/quote/quote';
import { serviceTypes } from '../../../domain/quote/service-type';
import { type SqlDialectName, sqlDialectOf } from '../database';

interface DialectDifferences {
  timestampType: 'timestamptz' | 'text';
  insertionOrder: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  afterCreate: RawBuilder<unknown>[];
}

// The only places the two databases differ. SQLite has no timestamp type (ISO text with milliseconds
// sorts as time does) and can auto-number only its primary key, so a trigger copies the rowid, which
// grows by one per insert as rows are never deleted.
const differences: Record<SqlDialectName, DialectDifferences> = {
  postgres: {
    timestampType: 'timestamptz',
    insertionOrder: (column) => column.notNull().generatedAlwaysAsIdentity(),
    afterCreate: [],
  },
  sqlite: {
    timestampType: 'text',
    insertionOrder: (column) => column,
    afterCreate: [
      sql`create trigger quote_requests_insertion_order after insert on quote_requests
          for each row when new.seq is null
          begin update quote_requests set seq = new.rowid where rowid = new.rowid; end`,
    ],
  },
};

// CHECK constraints cannot take parameters, so the limits go in as literals. A required text is
// non-empty; an optional one is NULL rather than empty (and a CHECK on NULL passes).
const lengthWithin = (column: string, max: number) =>
  sql`length(${sql.ref(column)}) between 1 and ${sql.lit(max)}`;

/** Creates `quote_requests` with the domain's limits as CHECK constraints and the newest-first index. */
export const createQuoteRequests: Migration = {
  async up(db) {
    const dialect = differences[sqlDialectOf(db)];
    await db.schema
      .createTable('quote_requests')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('created_at', dialect.timestampType, (column) => column.notNull())
      .addColumn('seq', 'integer', dialect.insertionOrder)
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('service_type', 'text', (column) => column.notNull())
      .addColumn('description', 'text')
      .addColumn('urgent', 'boolean', (column) => column.notNull())
      .addCheckConstraint('quote_requests_name_length', lengthWithin('name', quoteFields.name.maxLength))
      .addCheckConstraint('quote_requests_email_length', lengthWithin('email', quoteFields.email.maxLength))
      .addCheckConstraint('quote_requests_phone_length', lengthWithin('phone', quoteFields.phone.maxLength))
      .addCheckConstraint('quote_requests_description_length', lengthWithin('description', quoteFields.description.maxLength))
      .addCheckConstraint(
        'quote_requests_service_type',
        sql`service_type in (${sql.join(serviceTypes.map((serviceType) => sql.lit(serviceType)))})`,
      )
      // A no-op for PostgreSQL's boolean; SQLite would otherwise store any number.
      .addCheckConstraint('quote_requests_urgent', sql`urgent in (false, true)`)
      .execute();
    for (const statement of dialect.afterCreate) await statement.execute(db);
    await db.schema
      .createIndex('quote_requests_newest_first')
      .on('quote_requests')
      .columns(['created_at desc', 'seq desc'])
      .execute();
  },
};
