import type { Selectable } from 'kysely';
import type { QuoteRequest } from '../../domain/quote';
import { serviceTypes } from '../../domain/service-type';
import type { QuoteRequestsTable } from './database';

/** The columns a {@link QuoteRequest} is made of. */
export const quoteColumns = ['id', 'created_at', 'name', 'email', 'phone', 'service_type', 'description', 'urgent'] as const;

type QuoteRow = Pick<Selectable<QuoteRequestsTable>, (typeof quoteColumns)[number]>;

/** Parses a stored row into the domain's shape; throws on a row no insert of ours could have written. */
export function rowToQuote(row: QuoteRow): QuoteRequest {
  const serviceType = serviceTypes.find((type) => type === row.service_type);
  const createdAt = new Date(row.created_at);
  if (serviceType === undefined || Number.isNaN(createdAt.getTime())) {
    throw new Error(`Stored quote request ${row.id} is malformed`);
  }
  return {
    id: row.id,
    createdAt,
    name: row.name,
    email: row.email,
    phone: row.phone,
    serviceType,
    description: row.description,
    urgent: row.urgent === true || row.urgent === 1,
  };
}
