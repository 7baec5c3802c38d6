import { toJsonSchema } from '@valibot/to-json-schema';
import { customerFormPaths, WireCustomerViewSchema } from './customer-link-wire';
import { customerLinkApiPath, customerMessageField, customerMessageMaxLength } from '../../domain/customer-link/customer-link';
import { apiPaths } from './wire';
import { reviewPaths } from '../../domain/reviews/review-paths';

// The rest of the JSON the server answers, for the OpenAPI document: the customer's own link as the
// page's script reads it, the health checks, the form's token, the tick, and this document.

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
const view = {
  description: 'What the customer sees of their request: the fields they gave, where it stands, when we aim to call, and their messages',
  content: { 'application/json': { schema: toJsonSchema(WireCustomerViewSchema, { target: 'draft-2020-12', errorMode: 'ignore' }) } },
};
const token = { name: 'token', in: 'path', required: true, description: 'The customer’s token, from their link /r/{token}', schema: { type: 'string' } };
const notFound = errorResponse('No such link: malformed, guessed, expired, or its request deleted (all alike)');
const limited = { ...errorResponse('Too many requests from this client; see Retry-After'), headers: retryAfter };
const down = errorResponse('The database cannot be reached');
const tooLarge = errorResponse('The body is over the size limit');
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** The customer link (`/api/r/{token}`), the health checks and the document itself. */
export const serviceOperations = {
  [`${customerLinkApiPath}/{token}`]: {
    get: { summary: 'The customer’s own request, by the token in their link', parameters: [token], responses: { '200': view, '404': notFound, '429': limited, '503': down } },
  },
  [`${customerLinkApiPath}/{token}${customerFormPaths.messages}`]: {
    post: {
      summary: 'A message from the customer about their request; an urgent one alerts whoever is on call',
      parameters: [token],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'object', required: [customerMessageField.name], properties: { [customerMessageField.name]: { type: 'string', maxLength: customerMessageMaxLength } } },
          },
        },
      },
      responses: { '200': view, '400': errorResponse('An empty or too long message, or not JSON: `fields` names it'), '404': notFound, '413': tooLarge, '429': limited, '503': down },
    },
  },
  [`${customerLinkApiPath}/{token}${customerFormPaths.close}`]: {
    post: {
      summary: '“No longer needed”: the customer closes their request',
      parameters: [token],
      responses: { '200': view, '404': notFound, '413': tooLarge, '429': limited, '503': down },
    },
  },
  [`${customerLinkApiPath}/{token}${reviewPaths.leaveReview}`]: {
    get: {
      summary: 'A done job’s review link, from its review emails: recorded as followed, then on to the business’s review page',
      parameters: [token],
      responses: { '302': { description: 'To the business’s “write a review” page' }, '404': htmlPage('No such link'), '429': limited, '503': down },
    },
    post: {
      summary: 'The same for the customer’s page with scripts on: recorded as followed, and the review page’s address to go to',
      parameters: [token],
      responses: {
        '200': { description: 'Where to go', content: { 'application/json': { schema: { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } } } } },
        '404': notFound,
        '429': limited,
        '503': down,
      },
    },
  },
  [`${customerLinkApiPath}/{token}${reviewPaths.stopReviews}`]: {
    get: {
      summary: '“Stop review emails”: a plain page with the one button that does it (opening the link alone stops nothing)',
      parameters: [token],
      responses: { '200': htmlPage('The page and its form'), '404': htmlPage('No such link'), '429': limited },
    },
    post: {
      summary: 'Never asks the request’s address for a review again: the page’s button, or a mail program’s one-click unsubscribe (RFC 8058)',
      parameters: [token],
      requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { 'List-Unsubscribe': { const: 'One-Click' } } } } } },
      responses: {
        '200': { description: 'Stopped: the page, or `{"stopped": true}` to a client that accepts JSON', content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object', required: ['stopped'], properties: { stopped: { const: true } } } } } },
        '404': htmlPage('No such link'),
        '413': tooLarge,
        '429': limited,
        '503': down,
      },
    },
  },
  '/healthz': {
    get: {
      summary: 'The process is up',
      parameters: [
        { name: 'probe', in: 'query', required: false, description: "The go-live check's probe: a random name (16 to 64 of A-Z, a-z, 0-9, - and _) under which the forwarding headers this request carried are remembered, for /readyz to tell this machine", schema: { type: 'string' } },
      ],
      responses: { '200': { description: 'Up', content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } } } } } },
    },
  },
  '/readyz': {
    get: {
      summary: 'The database answers, has every migration, and takes writes; to staff and this machine, why not, and what waits to be sent',
      parameters: [
        { name: 'probe', in: 'query', required: false, description: 'To staff and this machine: what the /healthz request with this probe carried of X-Forwarded-For, -Proto and -Host', schema: { type: 'string' } },
      ],
      responses: {
        '200': {
          description: 'Ready; to staff and this machine, with the email outbox and the alerts waiting',
          content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'ready' }, outbox: { type: 'object' }, alerts: { type: 'object' }, probe: { type: 'object' } } } } },
        },
        '503': {
          description: 'Not ready; to staff and this machine, with the reason',
          content: { 'application/json': { schema: { type: 'object', required: ['status'], properties: { status: { const: 'unavailable' }, reason: { type: 'string' }, cause: { type: 'string' }, probe: { type: 'object' } } } } },
        },
      },
    },
  },
  [apiPaths.formToken]: {
    get: {
      summary: 'A freshly signed token for the quote form, for a page no server of ours sent (a static site); sent back as `form_token`',
      responses: {
        '200': {
          description: 'The token: when it was issued, and its signature',
          content: { 'application/json': { schema: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } } },
        },
      },
    },
  },
  [apiPaths.tick]: {
    post: {
      summary: 'Runs the due work once (emails, alerts, purges), for a host with no loops of its own; the scheduler sends the tick secret as a bearer token',
      responses: { '204': { description: 'Done' }, '401': errorResponse('No tick secret, or a wrong one') },
    },
  },
  [apiPaths.openapi]: {
    get: { summary: 'This document', responses: { '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } } },
  },
};
