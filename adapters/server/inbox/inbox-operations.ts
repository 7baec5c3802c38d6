import * as v from 'valibot';
import { inboxPageMax, inboxPageSize, inboxViews, searchMaxLength, serviceAreaFilters } from '../../../domain/inbox/inbox-query';
import { NoteTextSchema } from '../../../domain/inbox/inbox-quote';
import { lostReasons, wonValueMaxPence } from '../../../domain/inbox/job-outcome';
import { QuoteStatusSchema } from '../../../domain/inbox/quote-status';
import { quoteFields, searchableFields } from '../../../domain/quote/quote';
import { serviceTypes } from '../../../domain/quote/service-type';
import { TakeBodySchema } from '../../http-api/inbox-bodies';
import { apiDefaultView } from '../../http-api/inbox-params';
import {
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireInboxSummarySchema,
  WireNoteSchema,
  WireResendSchema,
  WireViewCountsSchema,
} from '../../http-api/inbox-wire';
import { describeRoute, down, elsewhere, failure, jsonAnswer, jsonBody, named, noBody, signedOut, staffOnly, tooLarge } from '../openapi/describe-route';

// The staff inbox's routes (inbox-api.ts), for the API's document.

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query' as const, required: false, description, schema });
const time = { type: 'string', format: 'date-time' };
const unknown = failure('No such request');
const inboxQuote = (description: string) => jsonAnswer(description, named('InboxQuote', WireInboxQuoteSchema));

/** A move as staff send it: the status they saw, the next one, and the job's value or why it was lost. */
const StatusMoveSchema = v.object({
  from: QuoteStatusSchema,
  to: QuoteStatusSchema,
  won_pence: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(wonValueMaxPence))),
  lost_reason: v.nullish(v.picklist(lostReasons)),
});

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
  status: describeRoute({
    summary: 'Move a request on, from the status staff saw to the next (staff only)',
    description:
      'The server records the session’s staff member and its own time; the first move to contacted records the response time. A move to won may give the job’s value in pence (`won_pence`), one to lost why it was lost (`lost_reason`); both are optional, and neither goes with any other move.',
    ...staffOnly,
    requestBody: jsonBody(StatusMoveSchema),
    responses: {
      200: inboxQuote('Moved: the request as it is now'),
      400: failure('`from` or `to` is missing or not a status, `won_pence` or `lost_reason` is not one or goes with the wrong move, or the body is not JSON'),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      409: failure('Someone moved it first: `current` is its status now'),
      413: tooLarge,
      422: failure('That move is not allowed (nothing goes back to new)'),
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
  callAttempt: describeRoute({
    summary: '"Called, no answer": record a call to a waiting request that nobody picked up (staff only)',
    description:
      'The server records the session’s staff member and its own time; a body, if sent, is ignored. The request stays waiting, its next try falls due 30 minutes after this call (the Waiting view’s order and clock count from then), and its first such call is when its promise was kept.',
    ...staffOnly,
    responses: {
      201: inboxQuote('Recorded: the request as it is now, `call_attempts` oldest first'),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      409: failure('It is not waiting for a call back (it has moved on, or is in the Spam folder): nothing was recorded'),
      413: tooLarge,
      503: down,
    },
  }),
  note: describeRoute({
    summary: 'Add a note to a request (staff only)',
    ...staffOnly,
    requestBody: jsonBody(v.object({ text: NoteTextSchema })),
    responses: {
      201: jsonAnswer('Added, with the server’s time and the session’s staff member', named('Note', WireNoteSchema)),
      400: failure('The text is empty, too long or not plain text (`fields` names `text`), or the body is not JSON'),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      413: tooLarge,
      503: down,
    },
  }),
  notSpam: describeRoute({
    summary: '"Not spam": move a request out of the Spam folder to Waiting (staff only)',
    description:
      'The request then counts as sent now: its `created_at` becomes the server’s time (`spam.sent_at` keeps when it was sent), its response clock starts, the business and the customer are emailed, and whoever is on call is alerted. `spam.cleared` records the session’s staff member and the time.',
    ...staffOnly,
    responses: {
      200: inboxQuote('Moved to Waiting: the request as it is now'),
      401: signedOut,
      403: elsewhere,
      404: unknown,
      409: failure('It is not in the Spam folder: it never was, or someone moved it first'),
      413: noBody,
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
