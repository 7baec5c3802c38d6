import { quoteFields } from '../../../domain/quote/quote';
import { WireErasureSchema } from '../../http-api/customer-data-wire';
import { describeRoute, elsewhere, failure, jsonAnswer, jsonBody, signedOut, staffOnly, tooLarge } from '../openapi/describe-route';

// A customer's data (customer-data-api.ts), for the API's document. The domain judges the email and
// phone number one by one, so their schemas are drawn from the quote request's fields.

const subject = {
  email: { type: 'string', maxLength: quoteFields.email.maxLength, description: 'The customer’s email address, matched whatever its case' },
  phone: { type: 'string', maxLength: quoteFields.phone.maxLength, description: 'The customer’s phone number, matched however written (+44 7700 900123 is 07700 900123)' },
};

export const customerDataOperations = {
  find: describeRoute({
    summary: 'Everything held about one customer, by email or phone (staff only)',
    description:
      'A subject access request: every request whose email or phone number is the customer’s, each with every field, its status history, notes and alerts, and the emails sent about them. Give email, phone or both; a request matching either is theirs. `format=csv` answers the same as a CSV download. Emails already sent are outside our systems.',
    ...staffOnly,
    parameters: [
      { name: 'email', in: 'query', required: false, schema: subject.email },
      { name: 'phone', in: 'query', required: false, schema: subject.phone },
      { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
    ],
    responses: {
      200: {
        description: 'The customer’s data: a JSON document, or a CSV file (Content-Disposition: attachment)',
        content: {
          'application/json': { schema: { type: 'object', required: ['subject', 'exported_at', 'requests', 'emails', 'emails_already_sent'] } },
          'text/csv': { schema: { type: 'string' } },
        },
      },
      400: failure('Neither an email nor a phone number, or one that is not valid: `fields` names it'),
      401: signedOut,
      503: failure('The database cannot be reached'),
    },
  }),
  erase: describeRoute({
    summary: 'Erase everything held about one customer (staff only)',
    description:
      'A request for erasure: every request matching the email or phone number, and all that hangs off them, in one transaction. `confirm` must repeat the email or the phone number. Emails already sent are outside our systems.',
    ...staffOnly,
    requestBody: jsonBody({ type: 'object', required: ['confirm'], properties: { ...subject, confirm: { type: 'string', description: 'The email or phone number typed again' } } }),
    responses: {
      200: jsonAnswer('Erased: how many of each', WireErasureSchema),
      400: failure('No subject, an invalid one, a confirmation that does not repeat it, or not JSON: `fields` names it; nothing was erased'),
      401: signedOut,
      403: elsewhere,
      413: tooLarge,
      503: failure('The database cannot be reached; nothing was erased'),
    },
  }),
};
