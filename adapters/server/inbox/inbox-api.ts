import { Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { addQuoteNote } from '../../../domain/inbox/add-quote-note';
import { changeQuoteStatus } from '../../../domain/inbox/change-quote-status';
import { clearSpam } from '../../../domain/spam/clear-spam';
import { findQuotes } from '../../../domain/inbox/find-quotes';
import { inboxSummary } from '../../../domain/inbox/inbox-summary';
import type { Logger } from '../../../domain/ports/logger';
import type { QuoteInbox } from '../../../domain/ports/quote-inbox';
import { recordCallAttempt } from '../../../domain/inbox/record-call-attempt';
import { resendBusinessEmail } from '../../../domain/inbox/resend-business-email';
import { type StaffFailure, staffFailureOf } from '../../../domain/staff/staff-failure';
import { noteTextOf, statusChangeOf, TakeBodySchema, wireOutcomeFields } from '../../http-api/inbox-bodies';
import { fromInboxSearchParams } from '../../http-api/inbox-params';
import { takeRefusal, toWireClockRecords, toWireInboxPage, toWireInboxQuote, toWireInboxSummary, toWireNote, type WireViewCounts } from '../../http-api/inbox-wire';
import { takeQuote } from '../../../domain/inbox/take-quote';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readJsonBody } from '../http/request-body';
import type { StaffEnv } from '../staff/staff-gate';
import { inboxOperations } from './inbox-operations';

export interface InboxApiOptions {
  inbox: QuoteInbox;
  logger: Logger;
  /** The server's clock: the time every change is recorded at, and the inbox is read at. */
  now: () => Date;
  /** Lets only a signed-in staff member through, and tells who it is. */
  requireStaff: MiddlewareHandler<StaffEnv>;
  /** Asks the notification dispatcher to look at the outbox now rather than at its next poll. */
  wakeDelivery: () => void;
  /**
   * Tells the server a request has just become new (moved out of the Spam folder): its emails go at
   * once, and its first alert is planned, as for a request just sent.
   */
  newlyWaiting: () => void;
  /**
   * Spends an alert's single-use "I'm on it" token for a request: the staff member it was sent to, or
   * undefined for a token that is forged, expired, spent or for another request. Without it, only a
   * staff session may take a request.
   */
  redeemTakeToken?: (quoteId: string, token: string) => Promise<string | undefined>;
  /** This host keeps the emails to the business but has no mail server to send them with: each page says so. */
  emailNotSetUp?: boolean;
}

const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });
const notFound = () => fail({ error: 'not-found', message: 'There is no such quote request' }, 404);
const invalid = (message: string, fields: { field: string; message: string }[]) =>
  fail({ error: 'invalid-fields', message, fields }, 400);

function staffFailure(error: StaffFailure) {
  return error.kind === 'not-signed-in'
    ? fail({ error: 'not-signed-in', message: 'Sign in as staff to work the inbox' }, 401)
    : fail({ error: 'storage-unavailable', message: 'The inbox cannot be reached right now. Please try again.' }, 503);
}


/**
 * The staff inbox under `/api/quote-requests`: pages of requests, each view's count, the response-time summary, status
 * changes, calls nobody answered, notes, "Not spam", and resending the business email. Staff only. Who did a thing is the session's staff
 * member and when is the server's clock: whatever a body says of either is ignored.
 */
export function inboxApi({ inbox, logger, now, requireStaff, wakeDelivery, newlyWaiting, redeemTakeToken, emailNotSetUp = false }: InboxApiOptions) {
  const deps = { inbox, logger };
  const api = new Hono<StaffEnv>();

  api.get('/', inboxOperations.page, requireStaff, async (c) => {
    const request = fromInboxSearchParams((name) => c.req.query(name));
    if (!request.ok) return invalid('Some query parameters are not valid', request.fields);
    const result = await findQuotes(deps, { query: request.query, after: request.after, limit: request.limit, now: now() });
    if (!result.ok) return staffFailure(result.error);
    return c.json(toWireInboxPage(emailNotSetUp ? { ...result.page, emailNotSetUp } : result.page));
  });

  api.get('/summary', inboxOperations.summary, requireStaff, async (c) => {
    const result = await inboxSummary(deps, now());
    return result.ok ? c.json(toWireInboxSummary(result.summary)) : staffFailure(result.error);
  });

  // What the browser's own summary is worked out from (QuoteInbox.clockRecords).
  api.get('/clock-records', inboxOperations.clockRecords, requireStaff, async (c) => {
    const since = v.safeParse(v.pipe(v.string(), v.isoTimestamp()), c.req.query('since'));
    if (!since.success) return invalid('Say since when', [{ field: 'since', message: 'Since must be an ISO 8601 time' }]);
    try {
      return c.json(toWireClockRecords(await inbox.clockRecords(new Date(since.output))));
    } catch (cause) {
      return staffFailure(staffFailureOf(cause, logger, 'Reading the response times'));
    }
  });

  // How many requests each view holds as a whole, for the view tabs.
  api.get('/counts', inboxOperations.counts, requireStaff, async (c) => {
    try {
      const counts: WireViewCounts = await inbox.viewCounts();
      return c.json(counts);
    } catch (cause) {
      return staffFailure(staffFailureOf(cause, logger, 'Counting the requests in each view'));
    }
  });

  api.post('/:id/status', inboxOperations.status, limitBody(bodyLimits.json), requireStaff, async (c) => {
    const read = await readJsonBody(c, { allowEmpty: true });
    if (!read.ok) return fail(read.error, 400);
    const change = statusChangeOf(read.body);
    if (!change.ok) return invalid('Say which status the request is at and which it should move to', change.fields);
    const result = await changeQuoteStatus(deps, { id: c.req.param('id'), ...change.move, by: c.get('staff').email, at: now() });
    if (result.ok) return c.json(toWireInboxQuote(result.quote));
    const { error } = result;
    switch (error.kind) {
      case 'not-found':
        return notFound();
      case 'conflict':
        return fail({ error: 'conflict', message: `Someone has already moved this request to ${error.current}`, current: error.current }, 409);
      case 'not-allowed': {
        const message = `A request cannot move from ${error.from} to ${error.to}`;
        return fail({ error: 'not-allowed', message, fields: [{ field: 'to', message }] }, 422);
      }
      case 'invalid-outcome':
        return invalid(error.message, [{ field: wireOutcomeFields[error.field], message: error.message }]);
      default:
        return staffFailure(error);
    }
  });

  // From the inbox with a session, or from a notification's "I'm on it" with the alert's token (a
  // phone whose session has lapsed still takes it, and only for the person the alert was sent to).
  api.post('/:id/take', inboxOperations.take, limitBody(bodyLimits.json), async (c, next) => {
    const read = await readJsonBody(c, { allowEmpty: true });
    if (!read.ok) return fail(read.error, 400);
    const body = v.safeParse(v.optional(TakeBodySchema), read.body);
    if (!body.success) return invalid('Send the alert\'s token, or nothing with a staff session', [{ field: 'token', message: 'Token must be text' }]);
    const token = body.output?.token;
    if (token === undefined) return requireStaff(c, next);
    const by = redeemTakeToken && (await redeemTakeToken(c.req.param('id'), token));
    if (by === undefined) return fail({ error: 'not-signed-in', message: 'This alert can no longer take the request: open the inbox to take it' }, 401);
    c.set('staff', { email: by });
    return next();
  });
  api.post('/:id/take', async (c) => {
    const result = await takeQuote(deps, { id: c.req.param('id'), by: c.get('staff').email, at: now() });
    if (result.ok) return c.json(toWireInboxQuote(result.quote));
    const { error } = result;
    if (error.kind === 'not-signed-in' || error.kind === 'storage-failure') return staffFailure(error);
    const { status, body } = takeRefusal(error);
    return fail(body, status);
  });

  // "Called, no answer": no body, for who rang and when are the session's and the server's clock.
  api.post('/:id/call-attempts', inboxOperations.callAttempt, limitBody(bodyLimits.none), requireStaff, async (c) => {
    const result = await recordCallAttempt(deps, { id: c.req.param('id'), by: c.get('staff').email, at: now() });
    if (result.ok) return c.json(toWireInboxQuote(result.quote), 201);
    const { error } = result;
    switch (error.kind) {
      case 'not-found':
        return notFound();
      case 'not-waiting':
        return fail({ error: 'conflict', message: 'This request is not waiting for a call back' }, 409);
      default:
        return staffFailure(error);
    }
  });

  api.post('/:id/notes', inboxOperations.note, limitBody(bodyLimits.json), requireStaff, async (c) => {
    const read = await readJsonBody(c, { allowEmpty: true });
    if (!read.ok) return fail(read.error, 400);
    const result = await addQuoteNote(deps, { quoteId: c.req.param('id'), text: noteTextOf(read.body), by: c.get('staff').email, at: now() });
    if (result.ok) return c.json(toWireNote(result.note), 201);
    const { error } = result;
    switch (error.kind) {
      case 'invalid-note':
        return invalid('The note cannot be added', [{ field: 'text', message: error.message }]);
      case 'not-found':
        return notFound();
      default:
        return staffFailure(error);
    }
  });

  // "Not spam": out of the Spam folder into Waiting, as if it had just been sent.
  api.post('/:id/not-spam', inboxOperations.notSpam, limitBody(bodyLimits.none), requireStaff, async (c) => {
    const result = await clearSpam(deps, { id: c.req.param('id'), by: c.get('staff').email, at: now() });
    if (result.ok) {
      newlyWaiting();
      return c.json(toWireInboxQuote(result.quote));
    }
    const { error } = result;
    switch (error.kind) {
      case 'not-found':
        return notFound();
      case 'not-spam':
        return fail({ error: 'conflict', message: 'This request is not in the Spam folder' }, 409);
      default:
        return staffFailure(error);
    }
  });

  api.post('/:id/resend-email', inboxOperations.resendEmail, limitBody(bodyLimits.none), requireStaff, async (c) => {
    const result = await resendBusinessEmail(deps, c.req.param('id'), now());
    if (!result.ok) return result.error.kind === 'not-found' ? notFound() : staffFailure(result.error);
    // Sent now, not at the dispatcher's next poll: staff are waiting to see it go.
    if (result.outcome === 'queued') wakeDelivery();
    return c.json({ outcome: result.outcome }, 202);
  });

  return api;
}
