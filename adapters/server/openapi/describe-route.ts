import type { MiddlewareHandler } from 'hono';
import type { DescribeRouteOptions } from 'hono-openapi';
import * as v from 'valibot';
import { WireErrorSchema } from '../../http-api/wire';

// How a route describes itself for the API's OpenAPI document (api-document.ts): its operation, with
// the valibot schemas it reads and answers with. This file imports nothing of hono-openapi but types,
// so the demo, which hosts the API in the page and serves no document, carries no schema converter.

/** Where the document shows a schema: a valibot schema (converted when the document is made), or JSON Schema as it is. */
export type DescribedSchema = v.GenericSchema | Record<string, unknown>;
type Content = Record<string, { schema?: DescribedSchema; encoding?: Record<string, { contentType: string }> }>;
interface Header {
  description: string;
  schema: Record<string, unknown>;
}

export interface Answer {
  description: string;
  content?: Content;
  headers?: Record<string, Header>;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

/** One operation: hono-openapi's, with valibot schemas where it takes its resolver's. */
export type Operation = Omit<DescribeRouteOptions, 'parameters' | 'requestBody' | 'responses'> & {
  parameters?: Parameter[];
  requestBody?: { required: boolean; description?: string; content: Content };
  responses: Record<number, Answer>;
};

const described = Symbol('operation');

/** The route's operation, first among its handlers: `api.post('/', describeRoute({ … }), …)`. */
export function describeRoute(operation: Operation): MiddlewareHandler {
  const middleware: MiddlewareHandler = (_c, next) => next();
  return Object.assign(middleware, { [described]: operation });
}

/** The operation a route's handler describes, if it is one of describeRoute's. */
export const operationOf = (handler: unknown): Operation | undefined =>
  typeof handler === 'function' && described in handler ? (handler as { [described]: Operation })[described] : undefined;

/** A schema kept once under `components/schemas/<name>` and referred to wherever it is used. */
export const named = <Schema extends v.GenericSchema>(name: string, schema: Schema) => v.pipe(schema, v.metadata({ ref: name }));

export const jsonAnswer = (description: string, schema: DescribedSchema): Answer => ({ description, content: { 'application/json': { schema } } });
export const htmlAnswer = (description: string): Answer => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
/** An answer with the API's error body, `Error`. */
export const failure = (description: string): Answer => jsonAnswer(description, named('Error', WireErrorSchema));
export const jsonBody = (schema: DescribedSchema, required = true) => ({ required, content: { 'application/json': { schema } } });

const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
/** Too many requests from one client. */
export const limited = (description = 'Too many requests from this client; see Retry-After'): Answer => ({ ...failure(description), headers: retryAfter });
/** Staff only: each host names how it knows staff (a session cookie, or a bearer token) as the `staff` scheme. */
export const staffOnly = { security: [{ staff: [] }] };

export const signedOut = failure('No valid staff session');
export const down = failure('The database cannot be reached');
export const elsewhere = failure('Sent from another site');
export const tooLarge = failure('The body is over the size limit');
export const noBody = failure('A body was sent: this takes none');
