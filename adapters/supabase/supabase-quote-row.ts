import * as v from 'valibot';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { serviceTypes } from '../../domain/service-type';
import type { NewQuoteRequestRow } from './supabase-database';

// PostgreSQL's timestamptz as PostgREST writes it: 2024-05-01T09:30:00.123456+00:00.
const timestamptz = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

const TimestampSchema = v.pipe(
  v.string(),
  v.regex(timestamptz, 'created_at must be a timestamp with a time zone'),
  // Microseconds cut to milliseconds: the format every browser's Date reads alike.
  v.transform((text) => new Date(text.replace(/(\.\d{3})\d+/, '$1'))),
  v.check((date) => !Number.isNaN(date.getTime()), 'created_at must be a real time'),
);

/** One row of select=* on quote_requests; columns this client does not know are left out. */
const QuoteRequestRowSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  created_at: TimestampSchema,
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.string(),
  service_type: v.picklist(serviceTypes),
  description: v.nullable(v.string()),
  urgent: v.boolean(),
});

/** The answer to the list request, parsed into the domain's shape: rows never leave this folder. */
export const QuoteRequestRowsSchema = v.pipe(
  v.array(QuoteRequestRowSchema),
  v.transform((rows) =>
    rows.map(
      (row): QuoteRequest => ({
        id: row.id,
        createdAt: row.created_at,
        name: row.name,
        email: row.email,
        phone: row.phone,
        serviceType: row.service_type,
        description: row.description,
        urgent: row.urgent,
      }),
    ),
  ),
);

/** The six fields the original sent, to the table and to the notification function alike, as it named them. */
export function toQuoteFields(quote: NewQuote): Omit<NewQuoteRequestRow, 'id'> {
  return {
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    service_type: quote.serviceType,
    description: quote.description,
    urgent: quote.urgent,
  };
}

/** Why a list answer is not rows of quote_requests, shortly, for the log. */
export function summaryOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = v.getDotPath(issue);
    return path === null ? issue.message : `${path}: ${issue.message}`;
  });
  return [...shown, ...(issues.length > 3 ? [`and ${issues.length - 3} more`] : [])].join('; ');
}
