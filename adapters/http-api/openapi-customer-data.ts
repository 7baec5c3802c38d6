import { toJsonSchema } from '@valibot/to-json-schema';
import { quoteFields } from '../../domain/quote/quote';
import { customerDataPath, WireErasureSchema } from './customer-data-wire';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const subjectProperties = {
  email: { type: 'string', maxLength: quoteFields.email.maxLength, description: 'The customer’s email address, matched whatever its case' },
  phone: { type: 'string', maxLength: quoteFields.phone.maxLength, description: 'The customer’s phone number, matched however written (+44 7700 900123 is 07700 900123)' },
};
const staffOnly = { security: [{ staffSession: [] }] };

/** The customer data routes, for the OpenAPI document. */
export const customerDataPaths = {
  [customerDataPath]: {
    get: {
      summary: 'Everything held about one customer, by email or phone (staff only)',
      description:
        'A subject access request: every request whose email or phone number is the customer’s, each with every field, its status history, notes and alerts, and the emails sent about them. Give email, phone or both; a request matching either is theirs. `format=csv` answers the same as a CSV download. Emails already sent are outside our systems.',
      ...staffOnly,
      parameters: [
        { name: 'email', in: 'query', required: false, schema: subjectProperties.email },
        { name: 'phone', in: 'query', required: false, schema: subjectProperties.phone },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
      ],
      responses: {
        '200': {
          description: 'The customer’s data: a JSON document, or a CSV file (Content-Disposition: attachment)',
          content: { 'application/json': { schema: { type: 'object', required: ['subject', 'exported_at', 'requests', 'emails', 'emails_already_sent'] } }, 'text/csv': { schema: { type: 'string' } } },
        },
        '400': errorResponse('Neither an email nor a phone number, or one that is not valid: `fields` names it'),
        '401': errorResponse('No valid staff session'),
        '503': errorResponse('The database cannot be reached'),
      },
    },
    delete: {
      summary: 'Erase everything held about one customer (staff only)',
      description:
        'A request for erasure: every request matching the email or phone number, and all that hangs off them, in one transaction. `confirm` must repeat the email or the phone number. Emails already sent are outside our systems.',
      ...staffOnly,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', required: ['confirm'], properties: { ...subjectProperties, confirm: { type: 'string', description: 'The email or phone number typed again' } } },
          },
        },
      },
      responses: {
        '200': { description: 'Erased: how many of each', content: { 'application/json': { schema: toJsonSchema(WireErasureSchema, { target: 'draft-2020-12', errorMode: 'ignore' }) } } },
        '400': errorResponse('No subject, an invalid one, a confirmation that does not repeat it, or not JSON: `fields` names it; nothing was erased'),
        '401': errorResponse('No valid staff session'),
        '403': errorResponse('Sent from another site'),
        '413': errorResponse('The body is over the size limit'),
        '503': errorResponse('The database cannot be reached; nothing was erased'),
      },
    },
  },
};
