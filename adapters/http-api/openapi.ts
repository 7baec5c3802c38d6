import { toJsonSchema } from '@valibot/to-json-schema';
import { describeField, type QuoteField, quoteFieldList, quoteFields, requiredFields } from '../../domain/quote/quote';
import { alertOperations } from './openapi-alerts';
import { customerDataPaths } from './openapi-customer-data';
import { reportPaths } from './openapi-report';
import { inboxGet, inboxPaths, inboxSchemas } from './openapi-inbox';
import { multipartInput, photoPaths } from './openapi-photos';
import { serviceOperations } from './openapi-service';
import { formTokenFieldName } from '../../domain/spam/spam';
import { honeypotFieldName } from '../../domain/quote/quote';
import { apiPaths, checkedValue, errorCodes, WireErrorSchema, WireStoredQuoteSchema } from './wire';

const schema = (valibotSchema: Parameters<typeof toJsonSchema>[0]) =>
  toJsonSchema(valibotSchema, { target: 'draft-2020-12', errorMode: 'ignore' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
const staffMember = { type: 'object', required: ['email'], properties: { email: { type: 'string' } } };

/** One field as a visitor sends it, from the domain's description of it. */
function inputSchemaOf(field: QuoteField): Record<string, unknown> {
  const description = describeField(field);
  if (description.kind === 'flag') return { type: 'boolean', default: false };
  if (description.choices) return { type: 'string', enum: Object.keys(description.choices), description: description.label };
  const limit = description.maxLength === undefined ? {} : { maxLength: description.maxLength };
  return description.missing === undefined
    ? { type: ['string', 'null'], ...limit, description: `${description.label}: empty or null when not given` }
    : { type: 'string', ...limit, description: description.label };
}

/** How the form says it was sent: its signed token, and the field only bots fill. The spam rules weigh both. */
const arrivalFields = {
  [formTokenFieldName]: {
    type: 'string',
    description: 'The signed, timestamped token the page holding the form was sent with; leave it out when there is none',
  },
  [honeypotFieldName]: { type: 'string', description: 'Leave it empty or out' },
};

/** The quote request as a visitor sends it; the server trims values and applies the domain's rules. */
const quoteInput = {
  type: 'object',
  required: requiredFields.map((field) => quoteFields[field].name),
  properties: { ...Object.fromEntries(quoteFieldList.map((field) => [quoteFields[field].name, inputSchemaOf(field)])), ...arrivalFields },
};

/** The same as a plain HTML form post: every value text, a tick box present when ticked. */
const formInput = {
  ...quoteInput,
  properties: {
    ...Object.fromEntries(
      quoteFieldList.map((field) => [
        quoteFields[field].name,
        quoteFields[field].kind === 'flag'
          ? { type: 'string', description: `"${checkedValue}" when ticked; anything else, or nothing, when not` }
          : inputSchemaOf(field),
      ]),
    ),
    ...arrivalFields,
  },
};

/** The REST API's contract, served at /api/openapi.json; the tests hold the server to it. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Quote requests API',
    version: '1.0.0',
    description:
      'Visitors send quote requests; staff work them in the inbox: pages, statuses, notes and the response clock, and set their alerts. Customers follow their own request by its link. Every route that takes a body has a size limit: over it, 413 before the body is read.',
  },
  paths: {
    [apiPaths.quoteRequests]: {
      post: {
        summary: 'Send a quote request',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: quoteInput },
            'application/x-www-form-urlencoded': {
              schema: formInput,
            },
            'multipart/form-data': {
              schema: multipartInput(formInput),
              encoding: { photos: { contentType: 'image/jpeg, image/png, image/webp, image/avif' } },
            },
          },
        },
        responses: {
          '201': {
            description:
              'Stored (JSON requests, and multipart posts sent with Accept: application/json), with `customer_token`: the customer’s own link is `/r/{customer_token}`, given this once. A request the spam rules hold is answered alike.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/StoredQuoteRequest' } } },
          },
          '303': { description: 'Stored (form posts, with photos or without): back to the home page, which says so and gives the customer’s link' },
          '400': errorResponse('A required field is missing, a field is invalid, a photo was refused (field "photos"), or the JSON or multipart body is malformed. A form post gets the page again, with every typed value and the errors; photos must be chosen again.'),
          '403': errorResponse('Sent from another site (its Origin or Sec-Fetch-Site says so)'),
          '413': errorResponse('The body is over the size limit (for a post with photos: five photos at their limit and the text besides)'),
          '415': errorResponse('Neither JSON, a form post, nor multipart/form-data'),
          '429': { ...errorResponse('Too many requests from this client; see Retry-After'), headers: retryAfter },
          '503': errorResponse('The database cannot be reached; nothing was stored'),
        },
      },
      get: inboxGet,
    },
    ...inboxPaths,
    ...customerDataPaths,
    ...reportPaths,
    ...photoPaths(apiPaths.quoteRequests),
    ...alertOperations,
    ...serviceOperations,
    [`${apiPaths.quoteRequests}/{id}`]: {
      delete: {
        summary: 'Delete a quote request (staff only)',
        security: [{ staffSession: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '204': { description: 'Deleted' },
          '401': errorResponse('No valid staff session'),
          '403': errorResponse('Sent from another site'),
          '404': errorResponse('No such request'),
          '413': errorResponse('A body was sent: this takes none'),
          '503': errorResponse('The database cannot be reached'),
        },
      },
    },
    [apiPaths.session]: {
      get: {
        summary: 'Who is signed in on this device',
        responses: {
          '200': {
            description: 'The staff member, or null for nobody',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['staff'], properties: { staff: { oneOf: [staffMember, { type: 'null' }] } } },
              },
            },
          },
          '503': errorResponse('The database cannot be reached'),
        },
      },
      post: {
        summary: 'Sign in as staff: sets an HttpOnly, SameSite=Lax session cookie',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: { email: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Signed in', content: { 'application/json': { schema: staffMember } } },
          '400': errorResponse('Email or password missing, or not JSON'),
          '401': errorResponse('The email and password do not match a staff account'),
          '403': errorResponse('Sent from another site'),
          '413': errorResponse('The body is over 4 KB'),
          '429': { ...errorResponse('Too many failed sign-ins from this client; see Retry-After'), headers: retryAfter },
        },
      },
      delete: {
        summary: 'Sign out: the session ends on the server and its cookie is cleared',
        responses: { '204': { description: 'Signed out' }, '403': errorResponse('Sent from another site'), '413': errorResponse('A body was sent: this takes none') },
      },
    },
  },
  components: {
    securitySchemes: {
      staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session', description: '__Host-staff_session over HTTPS' },
    },
    schemas: {
      StoredQuoteRequest: schema(WireStoredQuoteSchema),
      ...inboxSchemas,
      Error: { ...schema(WireErrorSchema), properties: { ...schema(WireErrorSchema).properties, error: { type: 'string', enum: [...errorCodes] } } },
    },
  },
} as const;
