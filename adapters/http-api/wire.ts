import * as v from 'valibot';
import { type NewQuote, type QuoteDraft, type QuoteField, quoteFieldNames, type QuoteRequest } from '../../domain/quote';
import type { QuoteError } from '../../domain/quote-errors';
import { QuoteStatusSchema } from '../../domain/quote-status';
import { serviceTypes } from '../../domain/service-type';

/**
 * The REST API's wire format, shared by the server and the browser client: snake_case as the
 * quote_requests table has it, times as ISO 8601 strings.
 */
export const apiPaths = {
  quoteRequests: '/api/quote-requests',
  openapi: '/api/openapi.json',
  session: '/api/session',
} as const;

export const WireQuoteSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.string(),
  service_type: v.picklist(serviceTypes),
  description: v.nullable(v.string()),
  urgent: v.boolean(),
});
export type WireQuote = v.InferOutput<typeof WireQuoteSchema>;

export type WireNewQuote = Omit<WireQuote, 'id' | 'created_at'>;

export const errorCodes = [
  'missing-fields',
  'invalid-fields',
  'invalid-json',
  'payload-too-large',
  'unsupported-media-type',
  'not-found',
  'storage-unavailable',
  'rate-limited',
  'not-signed-in',
  'invalid-credentials',
  'cross-site-request',
  'conflict',
  'not-allowed',
] as const;

export const WireErrorSchema = v.object({
  error: v.picklist(errorCodes),
  message: v.string(),
  fields: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  /** With 'conflict': the status the request has now, which someone else gave it. */
  current: v.optional(QuoteStatusSchema),
});
export type WireError = v.InferOutput<typeof WireErrorSchema>;

export function toWireQuote(quote: QuoteRequest): WireQuote {
  return { ...toWireNewQuote(quote), id: quote.id, created_at: quote.createdAt.toISOString() };
}

export function toWireNewQuote(quote: NewQuote): WireNewQuote {
  return {
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    service_type: quote.serviceType,
    description: quote.description,
    urgent: quote.urgent,
  };
}

export function fromWireQuote(wire: WireQuote): QuoteRequest {
  return {
    id: wire.id,
    createdAt: new Date(wire.created_at),
    name: wire.name,
    email: wire.email,
    phone: wire.phone,
    serviceType: wire.service_type,
    description: wire.description,
    urgent: wire.urgent,
  };
}

/**
 * A request body in the domain's draft shape, for the domain's own rules to judge. Anything that is
 * not an object stays as it is, so the rules report it; unknown keys are dropped.
 */
export function wireBodyToDraftInput(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const entries = Object.entries(quoteFieldNames).map(([field, wireName]) => [
    field,
    (body as Record<string, unknown>)[wireName],
  ]);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** A plain HTML form post (every value a string; a ticked box sends "on") as a draft. */
export function formFieldsToDraft(fields: Readonly<Record<string, string | undefined>>): QuoteDraft {
  const text = (field: Exclude<QuoteField, 'urgent'>) => fields[quoteFieldNames[field]] ?? '';
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    serviceType: text('serviceType'),
    description: text('description'),
    urgent: fields[quoteFieldNames.urgent] !== undefined,
  };
}

const errorMessages: Record<QuoteError['kind'], string> = {
  'missing-fields': 'Please fill in all required fields',
  'invalid-fields': 'Some fields are not valid',
  'storage-failure': 'The request could not be stored. Please try again or call us directly.',
  'rate-limited': 'Too many requests from this connection. Please wait and try again, or call us directly.',
};

/** A domain error as the API's error body, each field named as on the wire. */
export function toWireError(error: QuoteError): WireError {
  const message = errorMessages[error.kind];
  switch (error.kind) {
    case 'missing-fields':
      return {
        error: 'missing-fields',
        message,
        fields: error.fields.map((field) => ({ field: quoteFieldNames[field], message: 'This field is required' })),
      };
    case 'invalid-fields':
      return {
        error: 'invalid-fields',
        message,
        fields: error.issues.map(({ field, message: issue }) => ({ field: quoteFieldNames[field], message: issue })),
      };
    case 'storage-failure':
      return { error: 'storage-unavailable', message };
    case 'rate-limited':
      return { error: 'rate-limited', message };
  }
}

/** An API error body back as the domain's error, for the browser client. */
export function fromWireError(wire: WireError): QuoteError {
  const toField = (name: string): QuoteField | undefined =>
    (Object.keys(quoteFieldNames) as QuoteField[]).find((field) => quoteFieldNames[field] === name);
  switch (wire.error) {
    case 'missing-fields': {
      const fields = (wire.fields ?? []).map(({ field }) => toField(field));
      return {
        kind: 'missing-fields',
        fields: fields.filter((field): field is 'name' | 'phone' | 'serviceType' =>
          field === 'name' || field === 'phone' || field === 'serviceType',
        ),
      };
    }
    case 'invalid-fields':
      return {
        kind: 'invalid-fields',
        issues: (wire.fields ?? []).flatMap(({ field, message }) => {
          const known = toField(field);
          return known ? [{ field: known, message }] : [];
        }),
      };
    default:
      return { kind: 'storage-failure' };
  }
}
