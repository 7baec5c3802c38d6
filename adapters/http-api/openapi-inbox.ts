import { lostReasons, wonValueMaxPence } from '../../domain/inbox/job-outcome';
import { toJsonSchema } from '@valibot/to-json-schema';
import { inboxPageMax, inboxPageSize, inboxViews, searchMaxLength, serviceAreaFilters } from '../../domain/inbox/inbox-query';
import { quoteFields, searchableFields } from '../../domain/quote/quote';
import { ActivityStepSchema } from '../../domain/activity/activity';
import { quoteStatuses } from '../../domain/inbox/quote-status';
import { serviceTypes } from '../../domain/quote/service-type';
import {
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireInboxSummarySchema,
  WireRecordedSchema,
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
  [`${apiPaths.quoteRequests}/{id}/activity`]: {
    post: {
      summary: 'Record a step of a request\'s life: a move, a note, a call nobody answered, taking it on, "Not spam" (staff only)',
      description:
        'The body is the step: its `kind` and what that kind carries. The server records the session’s staff member and its own time, under the step’s guard: a move only from the status staff saw, a take only of a waiting request nobody has taken, a call only on a waiting one, "Not spam" only in the Spam folder.',
      ...staffOnly,
      parameters: [idParameter],
      requestBody: { required: true, content: { 'application/json': { schema: schema(ActivityStepSchema) } } },
      responses: {
        '201': json('Recorded', 'Recorded: the request as it is now, and the step as written'),
        '400': errorResponse('The step is not one staff take, or its data is wrong (`fields` names it), or the body is not JSON'),
        '401': signedOut,
        '403': elsewhere,
        '404': unknown,
        '409': errorResponse('The request is not where the step can be taken: moved first (`current`), taken first (`taken`), not waiting, or not in the Spam folder (`reason`)'),
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
  Recorded: schema(WireRecordedSchema),
  InboxSummary: schema(WireInboxSummarySchema),
  ClockRecords: schema(WireClockRecordsSchema),
  ViewCounts: schema(WireViewCountsSchema),
  ResendOutcome: schema(WireResendSchema),
};
