import { lostReasons, wonValueMaxPence } from '../../domain/inbox/job-outcome';
import { toJsonSchema } from '@valibot/to-json-schema';
import { inboxPageMax, inboxPageSize, inboxViews, searchMaxLength, serviceAreaFilters } from '../../domain/inbox/inbox-query';
import { quoteFields, searchableFields } from '../../domain/quote/quote';
import { noteMaxLength } from '../../domain/inbox/inbox-quote';
import { quoteStatuses } from '../../domain/inbox/quote-status';
import { serviceTypes } from '../../domain/quote/service-type';
import {
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireInboxSummarySchema,
  WireNoteSchema,
  WireResendSchema,
  WireViewCountsSchema,
} from './inbox-wire';
import { apiDefaultView } from './inbox-params';
import { apiPaths } from './wire';

const schema = (valibotSchema: Parameters<typeof toJsonSchema>[0]) =>
  toJsonSchema(valibotSchema, { target: 'draft-2020-12', errorMode: 'ignore' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const json = (name: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});
const jsonBody = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', required, properties } } },
});

const staffOnly = { security: [{ staffSession: [] }] };
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const query = (name: string, description: string, valueSchema: Record<string, unknown>) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: valueSchema,
});
const time = { type: 'string', format: 'date-time' };

const signedOut = errorResponse('No valid staff session');
const down = errorResponse('The database cannot be reached');
const elsewhere = errorResponse('Sent from another site');
const unknown = errorResponse('No such request');

/** `GET /api/quote-requests`: the inbox's page. */
export const inboxGet = {
  summary: 'One page of the staff inbox (staff only)',
  description:
    "Requests matching every filter, in the view's order: 'new' (the staff inbox's Waiting view) by who must be called first, overdue urgent requests at the top; every other view, and 'all' (the default, every request), newest first. `total` counts every match; `next` is the cursor of the following page, null on the last.",
  ...staffOnly,
  parameters: [
    query('view', 'A status, all (every request but those in the Spam folder), or spam (the Spam folder alone)', { type: 'string', enum: [...inboxViews], default: apiDefaultView }),
    query('search', `Words all found in the ${searchableFields.map((field) => quoteFields[field].label.toLowerCase()).join(', ')}`, {
      type: 'string',
      maxLength: searchMaxLength,
    }),
    query('service_type', 'One service type', { type: 'string', enum: [...serviceTypes] }),
    query('urgent', 'Urgent requests only, or none of them', { type: 'string', enum: ['true', 'false'] }),
    query('area', 'Postcodes in the districts the business covers, or outside them (a request without a postcode is neither)', {
      type: 'string',
      enum: [...serviceAreaFilters],
    }),
    query('from', 'Received at or after this time', time),
    query('to', 'Received before this time', time),
    query('after', 'The `next` cursor of the page before', { type: 'string' }),
    query('limit', 'Requests per page', { type: 'integer', minimum: 1, maximum: inboxPageMax, default: inboxPageSize }),
  ],
  responses: {
    '200': json('InboxPage', 'The page'),
    '400': errorResponse('A query parameter is not valid; `fields` names it'),
    '401': signedOut,
    '503': down,
  },
};

/** The staff inbox's paths of the API's contract (see openapi.ts). */
export const inboxPaths = {
  [`${apiPaths.quoteRequests}/summary`]: {
    get: {
      summary: 'Waiting and overdue now, and the response times of the last 7 and 30 days (staff only)',
      ...staffOnly,
      responses: { '200': json('InboxSummary', 'The summary, by the server’s clock'), '401': signedOut, '503': down },
    },
  },
  [`${apiPaths.quoteRequests}/counts`]: {
    get: {
      summary: 'How many requests each view lists, without search or filters: the counts on the view tabs (staff only)',
      description: 'One count for each value of `view`: a request in the Spam folder counts in spam alone, every other in its status and in all.',
      ...staffOnly,
      responses: { '200': json('ViewCounts', 'The count of each view'), '401': signedOut, '503': down },
    },
  },
  [`${apiPaths.quoteRequests}/clock-records`]: {
    get: {
      summary: 'What the summary is worked out from: each request received since a time, and every one still waiting (staff only)',
      ...staffOnly,
      parameters: [{ ...query('since', 'Received at or after this time', time), required: true }],
      responses: {
        '200': json('ClockRecords', 'The records'),
        '400': errorResponse('`since` is missing or not a time'),
        '401': signedOut,
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/status`]: {
    post: {
      summary: 'Move a request on, from the status staff saw to the next (staff only)',
      description:
        'The server records the session’s staff member and its own time; the first move to contacted records the response time. A move to won may give the job’s value in pence (`won_pence`), one to lost why it was lost (`lost_reason`); both are optional, and neither goes with any other move.',
      ...staffOnly,
      parameters: [idParameter],
      requestBody: jsonBody(
        {
          from: { type: 'string', enum: [...quoteStatuses] },
          to: { type: 'string', enum: [...quoteStatuses] },
          won_pence: { type: ['integer', 'null'], minimum: 0, maximum: wonValueMaxPence },
          lost_reason: { type: ['string', 'null'], enum: [...lostReasons, null] },
        },
        ['from', 'to'],
      ),
      responses: {
        '200': json('InboxQuote', 'Moved: the request as it is now'),
        '400': errorResponse('`from` or `to` is missing or not a status, `won_pence` or `lost_reason` is not one or goes with the wrong move, or the body is not JSON'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '409': errorResponse('Someone moved it first: `current` is its status now'),
        '413': errorResponse('The body is over the size limit'),
        '422': errorResponse('That move is not allowed (nothing goes back to new)'),
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/take`]: {
    post: {
      summary: 'Take a waiting request on: "I\'m on it" (staff, or an alert\'s single-use token)',
      description:
        'With a staff session and no body, for the session’s staff member. From a notification, `{ token }`: the alert’s single-use signed token, for the staff member it was sent to, with or without a session. The server records its own time; its alerts stop.',
      parameters: [idParameter],
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: { token: { type: 'string', maxLength: 512 } } } } } },
      responses: {
        '200': json('InboxQuote', 'Taken: the request as it is now, `taken` saying who and when'),
        '400': errorResponse('`token` is not text, or the body is not JSON'),
        '401': errorResponse('No staff session, or a token that is forged, expired, spent or for another request'),
        '403': elsewhere,
        '404': unknown,
        '409': errorResponse('Someone took it first (`taken` says who and when), or it has left the Waiting view (`current`)'),
        '413': errorResponse('The body is over the size limit'),
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/notes`]: {
    post: {
      summary: 'Add a note to a request (staff only)',
      ...staffOnly,
      parameters: [idParameter],
      requestBody: jsonBody({ text: { type: 'string', maxLength: noteMaxLength } }, ['text']),
      responses: {
        '201': json('Note', 'Added, with the server’s time and the session’s staff member'),
        '400': errorResponse('The text is empty, too long or not plain text (`fields` names `text`), or the body is not JSON'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '413': errorResponse('The body is over the size limit'),
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/call-attempts`]: {
    post: {
      summary: '"Called, no answer": record a call to a waiting request that nobody picked up (staff only)',
      description:
        'The server records the session’s staff member and its own time; a body, if sent, is ignored. The request stays waiting, its next try falls due 30 minutes after this call (the Waiting view’s order and clock count from then), and its first such call is when its promise was kept.',
      ...staffOnly,
      parameters: [idParameter],
      responses: {
        '201': json('InboxQuote', 'Recorded: the request as it is now, `call_attempts` oldest first'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '409': errorResponse('It is not waiting for a call back (it has moved on, or is in the Spam folder): nothing was recorded'),
        '413': errorResponse('The body is over the size limit'),
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/not-spam`]: {
    post: {
      summary: '"Not spam": move a request out of the Spam folder to Waiting (staff only)',
      description:
        'The request then counts as sent now: its `created_at` becomes the server’s time (`spam.sent_at` keeps when it was sent), its response clock starts, the business and the customer are emailed, and whoever is on call is alerted. `spam.cleared` records the session’s staff member and the time.',
      ...staffOnly,
      parameters: [idParameter],
      responses: {
        '200': json('InboxQuote', 'Moved to Waiting: the request as it is now'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '409': errorResponse('It is not in the Spam folder: it never was, or someone moved it first'),
        '413': errorResponse('A body was sent: this takes none'),
        '503': down,
      },
    },
  },
  [`${apiPaths.quoteRequests}/{id}/resend-email`]: {
    post: {
      summary: 'Send the business email about a request again, now (staff only)',
      ...staffOnly,
      parameters: [idParameter],
      responses: {
        '202': json('ResendOutcome', 'Queued to be sent at once, or already sent (then nothing is sent again)'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '413': errorResponse('A body was sent: this takes none'),
        '503': down,
      },
    },
  },
} as const;

/** The inbox's schemas, for the contract's components. */
export const inboxSchemas = {
  InboxQuote: schema(WireInboxQuoteSchema),
  InboxPage: schema(WireInboxPageSchema),
  Note: schema(WireNoteSchema),
  InboxSummary: schema(WireInboxSummarySchema),
  ClockRecords: schema(WireClockRecordsSchema),
  ViewCounts: schema(WireViewCountsSchema),
  ResendOutcome: schema(WireResendSchema),
};
