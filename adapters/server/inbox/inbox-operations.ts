import { inboxPageMax, inboxPageSize, inboxViews, searchMaxLength, serviceAreaFilters } from '../../../domain/inbox/inbox-query';
import { ActivityStepSchema } from '../../../domain/activity/activity';
import * as v from 'valibot';
import { serviceDueMax } from '../../../domain/reminders/service-due';
import { quoteFields, searchableFields } from '../../../domain/quote/quote';
import { serviceTypes } from '../../../domain/quote/service-type';
import { apiDefaultView } from '../../http-api/inbox-params';
import {
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireInboxSummarySchema,
  WireRecordedSchema,
  TakeBodySchema,
  WireResendSchema,
  WireViewCountsSchema,
} from '../../http-api/inbox-wire';
import { describeRoute, down, elsewhere, failure, jsonAnswer, jsonBody, named, noBody, signedOut, staffOnly, tooLarge } from '../openapi/describe-route';

// The staff inbox's routes (inbox-api.ts), for the API's document.

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query' as const, required: false, description, schema });
const time = { type: 'string', format: 'date-time' };
const unknown = failure('No such request');
const inboxQuote = (description: string) => jsonAnswer(description, named('InboxQuote', WireInboxQuoteSchema));

export const inboxOperations = {
  page: describeRoute({
    summary: 'One page of the staff inbox (staff only)',
    description:
      "Requests matching every filter, in the view's order: 'new' (the staff inbox's Waiting view) by who must be called first, overdue urgent requests at the top; every other view, and 'all' (the default, every request), newest first. `total` counts every match; `next` is the cursor of the following page, null on the last.",
    ...staffOnly,
    parameters: [
      query('view', 'A status, all (every request but those in the Spam folder), or spam (the Spam folder alone)', { type: 'string', enum: [...inboxViews], default: apiDefaultView }),
      query('search', `Words all found in the ${searchableFields.map((field) => quoteFields[field].label.toLowerCase()).join(', ')}`, { type: 'string', maxLength: searchMaxLength }),
      query('service_type', 'One service type', { type: 'string', enum: [...serviceTypes] }),
      query('urgent', 'Urgent requests only, or none of them', { type: 'string', enum: ['true', 'false'] }),
      query('area', 'Postcodes in the districts the business covers, or outside them (a request without a postcode is neither)', { type: 'string', enum: [...serviceAreaFilters] }),
      query('from', 'Received at or after this time', time),
      query('to', 'Received before this time', time),
      query('after', 'The `next` cursor of the page before', { type: 'string' }),
      query('limit', 'Requests per page', { type: 'integer', minimum: 1, maximum: inboxPageMax, default: inboxPageSize }),
    ],
    responses: { 200: jsonAnswer('The page', named('InboxPage', WireInboxPageSchema)), 400: failure('A query parameter is not valid; `fields` names it'), 401: signedOut, 503: down },
  }),
  summary: describeRoute({
    summary: 'Waiting and overdue now, and the response times of the last 7 and 30 days (staff only)',
    ...staffOnly,
    responses: { 200: jsonAnswer('The summary, by the server’s clock', named('InboxSummary', WireInboxSummarySchema)), 401: signedOut, 503: down },
  }),
  serviceDue: describeRoute({
    summary: 'The “Due for service” list: requests whose yearly reminder stands, falling due on or before `until`, soonest first (staff only)',
    ...staffOnly,
    parameters: [
      { name: 'until', in: 'query', required: true, description: 'A London day, yyyy-mm-dd', schema: { type: 'string', format: 'date' } },
      { name: 'limit', in: 'query', required: false, description: `How many at most, 1 to ${serviceDueMax} (${serviceDueMax} unless given)`, schema: { type: 'integer' } },
    ],
    responses: {
      200: jsonAnswer('The requests, soonest due first', v.object({ quotes: v.array(named('InboxQuote', WireInboxQuoteSchema)) })),
      400: failure('`until` or `limit` is not valid; `fields` names it'),
      401: signedOut,
      503: down,
    },
  }),
  counts: describeRoute({
    summary: 'How many requests each view lists, without search or filters: the counts on the view tabs (staff only)',
    description: 'One count for each value of `view`: a request in the Spam folder counts in spam alone, every other in its status and in all.',
    ...staffOnly,
    responses: { 200: jsonAnswer('The count of each view', named('ViewCounts', WireViewCountsSchema)), 401: signedOut, 503: down },
  }),
  clockRecords: describeRoute({
    summary: 'What the summary is worked out from: each request received since a time, and every one still waiting (staff only)',
    ...staffOnly,
    parameters: [{ ...query('since', 'Received at or after this time', time), required: true }],
    responses: { 200: jsonAnswer('The records', named('ClockRecords', WireClockRecordsSchema)), 400: failure('`since` is missing or not a time'), 401: signedOut, 503: down },
  }),
  activity: describeRoute({
    summary: 'Record a step of a request\'s life: a move, a note, a call nobody answered, "Not spam", an arrival booked (staff only)',
    description:
      'The body is the step: its `kind` and what that kind carries. The server records the session’s staff member and its own time, under the step’s guard: a move only from the status staff saw (the first move out of new records the response time), a call only on a waiting request, "Not spam" only in the Spam folder (it then counts as sent now), an arrival only on a job won.',
    ...staffOnly,
    requestBody: jsonBody(ActivityStepSchema),
    responses: {
      201: jsonAnswer('Recorded: the request as it is now, and the step as written', named('Recorded', WireRecordedSchema)),
      400: failure('The step is not one staff take, or its data is wrong (`fields` names it), or the body is not JSON'),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      409: failure('The request is not where the step can be taken: `reason` says why, with `current` (its status now) or `taken` (who took it)'),
      413: tooLarge,
      422: failure('That move is not allowed (nothing goes back to new), or a window that ends before it starts'),
      503: down,
    },
  }),
  take: describeRoute({
    summary: 'Take a waiting request on: "I\'m on it" (staff, or an alert\'s single-use token)',
    description:
      'With a staff session and no body, for the session’s staff member. From a notification, `{ token }`: the alert’s single-use signed token, for the staff member it was sent to, with or without a session. The server records its own time; its alerts stop.',
    requestBody: jsonBody(TakeBodySchema, false),
    responses: {
      200: inboxQuote('Taken: the request as it is now, `taken` saying who and when'),
      400: failure('`token` is not text, or the body is not JSON'),
      401: failure('No staff session, or a token that is forged, expired, spent or for another request'),
      403: elsewhere,
      404: unknown,
      409: failure('Someone took it first (`taken` says who and when), or it has left the Waiting view (`current`)'),
      413: tooLarge,
      503: down,
    },
  }),
  resendEmail: describeRoute({
    summary: 'Send the business email about a request again, now (staff only)',
    ...staffOnly,
    responses: {
      202: jsonAnswer('Queued to be sent at once, or already sent (then nothing is sent again)', named('ResendOutcome', WireResendSchema)),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      413: noBody,
      503: down,
    },
  }),
};
