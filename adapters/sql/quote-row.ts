import type { Selectable } from 'kysely';
import * as v from 'valibot';
import { flagFields, fromNamedFields, namedFieldList, namedFieldsEntries, quoteFields, type QuoteRequest } from '../../domain/quote/quote';
import type { QuoteRequestsTable } from './database';

/** The columns a {@link QuoteRequest} is made of: its id, its time, and a column for each field. */
export const quoteColumns = ['id', 'created_at', ...namedFieldList] as const;

type QuoteRow = Pick<Selectable<QuoteRequestsTable>, (typeof quoteColumns)[number]>;

const StoredFieldsSchema = v.object(namedFieldsEntries);

/** SQLite has no boolean: it stores a tick box as 0 or 1. */
function withBooleans(row: QuoteRow): Record<string, unknown> {
  const record: Record<string, unknown> = { ...row };
  for (const field of flagFields) {
    const { name } = quoteFields[field];
    record[name] = record[name] === true || record[name] === 1;
  }
  return record;
}

/** Parses a stored row into the domain's shape; throws on a row no insert of ours could have written. */
export function rowToQuote(row: QuoteRow): QuoteRequest {
  const fields = v.safeParse(StoredFieldsSchema, withBooleans(row));
  const createdAt = new Date(row.created_at);
  if (!fields.success || Number.isNaN(createdAt.getTime())) {
    throw new Error(`Stored quote request ${row.id} is malformed`);
  }
  return { id: row.id, createdAt, ...fromNamedFields(fields.output) };
}
