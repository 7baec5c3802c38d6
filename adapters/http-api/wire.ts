import { type PhotoError, photoErrorMessage, photoFieldName } from '../../domain/photos/photos';
import * as v from 'valibot';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import type { NewlyStored } from '../../domain/ports/quote-repository';
import {
  fieldNamed,
  fromNamedFields,
  namedFieldsEntries,
  type QuoteDraft,
  type QuoteField,
  quoteFieldList,
  quoteFields,
  type QuoteRequest,
  requiredFields,
  toNamedFields,
} from '../../domain/quote/quote';
import type { QuoteError } from '../../domain/quote/quote-errors';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { IsoTimeSchema } from './iso-time';

/**
 * The REST API's wire format, shared by the server and the browser client: snake_case as the
 * quote_requests table has it, times as ISO 8601 strings.
 */
export const apiPaths = {
  quoteRequests: '/api/quote-requests',
  openapi: '/api/openapi.json',
  session: '/api/session',
  /**
   * GET `{ token }`: a freshly signed form token, for a page no server of ours sent (Supabase mode's
   * static site asks for one as its scripts start).
   */
  formToken: '/api/form-token',
  /** The once-a-minute call of a host with no loops of its own (see createApi's `tick`). */
  tick: '/api/tick',
  /** GET: the owner's report over a period, as JSON or CSV (staff only). */
  report: '/api/report',
} as const;

export const WireQuoteSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  created_at: IsoTimeSchema,
  ...namedFieldsEntries,
});
export type WireQuote = v.InferOutput<typeof WireQuoteSchema>;

/**
 * A request just stored, as its sender is answered: with the token of the customer's own link
 * (`/r/<token>`), given this once. Whether it went to the Spam folder is never said: a bot is
 * answered exactly as a person.
 */
export const WireStoredQuoteSchema = v.object({
  ...WireQuoteSchema.entries,
  customer_token: v.pipe(v.string(), v.regex(customerTokenPattern)),
});
type WireStoredQuote = v.InferOutput<typeof WireStoredQuoteSchema>;

const errorCodes = [
  'missing-fields',
  'invalid-fields',
  'invalid-json',
  'invalid-utf8',
  'invalid-multipart',
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
  'already-taken',
  'too-many-devices',
] as const;

export const WireErrorSchema = v.object({
  error: v.picklist(errorCodes),
  message: v.string(),
  fields: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
  /** With 'conflict': the status the request has now, which someone else gave it. */
  current: v.optional(QuoteStatusSchema),
  /** With a 409 for a step refused: why (a reason of the domain's RefusalSchema, which reads it), with `current` or `taken` as it says. */
  reason: v.optional(v.string()),
  /** With 'already-taken': who took the request on first, and when. */
  taken: v.optional(v.object({ by: v.string(), at: IsoTimeSchema })),
  /** With reason 'too-many-calls': the limit a call nobody answered broke (callAttemptLimits), and from when the next may be recorded. */
  limit: v.optional(v.string()),
  until: v.optional(IsoTimeSchema),
});
export type WireError = v.InferOutput<typeof WireErrorSchema>;

export function toWireQuote(quote: QuoteRequest): WireQuote {
  return { id: quote.id, created_at: quote.createdAt.toISOString(), ...toNamedFields(quote) };
}

export function toWireStoredQuote(quote: NewlyStored): WireStoredQuote {
  return { ...toWireQuote(quote), customer_token: quote.customerToken };
}

/** The stored request as its sender reads the 201: whether it went to the Spam folder is not said. */
export function fromWireStoredQuote({ customer_token, ...quote }: WireStoredQuote): NewlyStored {
  return { ...fromWireQuote(quote), customerToken: customer_token };
}

export function fromWireQuote({ id, created_at, ...fields }: WireQuote): QuoteRequest {
  return { id, createdAt: new Date(created_at), ...fromNamedFields(fields) };
}

/**
 * A request body in the domain's draft shape, for the domain's own rules to judge. Anything that is
 * not an object stays as it is, so the rules report it; unknown keys are dropped.
 */
export function wireBodyToDraftInput(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const entries = quoteFieldList.map((field) => [field, (body as Record<string, unknown>)[quoteFields[field].name]]);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** What a ticked box sends in a plain HTML form post; anything else, or nothing, is not ticked. */
export const checkedValue = 'on';

/** A plain HTML form post (every value a string) as a draft. */
export function formFieldsToDraft(fields: Readonly<Record<string, string | undefined>>): QuoteDraft {
  const valueOf = (field: QuoteField) => fields[quoteFields[field].name];
  return Object.fromEntries(
    quoteFieldList.map((field) => [field, quoteFields[field].kind === 'flag' ? valueOf(field) === checkedValue : (valueOf(field) ?? '')]),
  ) as QuoteDraft;
}

const errorMessages: Record<QuoteError['kind'], string> = {
  'missing-fields': 'Please fill in all required fields',
  'invalid-fields': 'Some fields are not valid',
  'storage-failure': 'The request could not be stored. Please try again or call us directly.',
  'rate-limited': 'Too many requests from this connection. Please wait and try again, or call us directly.',
};

/** A refused photo as the API's error body: the field is `photos`, and the message names the file. */
export function photoWireError(error: PhotoError): WireError {
  return { error: 'invalid-fields', message: errorMessages['invalid-fields'], fields: [{ field: photoFieldName, message: photoErrorMessage(error) }] };
}

/** What the API says of an empty required field; the other fields in a 'missing-fields' body say what is wrong with them. */
const requiredFieldMessage = 'This field is required';

/** A domain error as the API's error body, each field named as on the wire. */
export function toWireError(error: QuoteError): WireError {
  const message = errorMessages[error.kind];
  switch (error.kind) {
    case 'missing-fields':
      return {
        error: 'missing-fields',
        message,
        fields: [
          ...error.fields.map((field) => ({ field: quoteFields[field].name, message: requiredFieldMessage })),
          ...(error.issues ?? []).map(({ field, message: issue }) => ({ field: quoteFields[field].name, message: issue })),
        ],
      };
    case 'invalid-fields':
      return {
        error: 'invalid-fields',
        message,
        fields: error.issues.map(({ field, message: issue }) => ({ field: quoteFields[field].name, message: issue })),
      };
    case 'storage-failure':
      return { error: 'storage-unavailable', message };
    case 'rate-limited':
      return { error: 'rate-limited', message };
  }
}

/** An API error body back as the domain's error, for the browser client. */
export function fromWireError(wire: WireError): QuoteError {
  switch (wire.error) {
    case 'missing-fields': {
      const named = (wire.fields ?? []).flatMap(({ field, message }) => {
        const known = fieldNamed(field);
        return known ? [{ field: known, message }] : [];
      });
      const missing = named.filter(({ message }) => message === requiredFieldMessage).map(({ field }) => field);
      const issues = named.filter(({ message }) => message !== requiredFieldMessage);
      return { kind: 'missing-fields', fields: requiredFields.filter((field) => missing.includes(field)), ...(issues.length > 0 && { issues }) };
    }
    case 'invalid-fields':
      return {
        kind: 'invalid-fields',
        issues: (wire.fields ?? []).flatMap(({ field, message }) => {
          const known = fieldNamed(field);
          return known ? [{ field: known, message }] : [];
        }),
      };
    default:
      return { kind: 'storage-failure' };
  }
}
