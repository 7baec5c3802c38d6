import type { ServiceDueList } from '../../../domain/ports/service-due-list';
import { londonDay } from '../../../domain/london-time';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { ActivityStepSchema, isStaffStep } from '../../../domain/activity/activity';
import { type Refusal, stepProblem } from '../../../domain/activity/activity-guard';
import { recordStep } from '../../../domain/activity/record-step';
import { findQuotes } from '../../../domain/inbox/find-quotes';
import { inboxSummary } from '../../../domain/inbox/inbox-summary';
import type { Logger } from '../../../domain/ports/logger';
import type { QuoteInbox } from '../../../domain/ports/quote-inbox';
import { resendBusinessEmail } from '../../../domain/inbox/resend-business-email';
import { type StaffFailure, staffFailureOf } from '../../../domain/staff/staff-failure';
import { fromInboxSearchParams } from '../../http-api/inbox-params';
import { refusalBody, TakeBodySchema, toWireActivity, toWireClockRecords, toWireInboxPage, toWireInboxQuote, toWireInboxSummary, type WireViewCounts } from '../../http-api/inbox-wire';
import type { WireError } from '../../http-api/wire';
import { IsoTimeSchema } from '../../http-api/iso-time';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readJsonBody } from '../http/request-body';
import type { StaffEnv } from '../staff/staff-gate';
import { serviceDueMax } from '../../../domain/reminders/service-due';
import { inboxOperations } from './inbox-operations';

export interface InboxApiOptions {
  inbox: QuoteInbox & ServiceDueList;
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

/** Each field a step's body got wrong, by its path, with the domain's message. */
const fieldsOf = (issues: readonly v.BaseIssue<unknown>[]) =>
  issues.map((issue) => ({ field: issue.path?.map((item) => String(item.key)).join('.') ?? 'kind', message: issue.message }));

const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });
/** A step refused where the request stands: 409, saying why; over a limit on calls, with when to try again. */
const refused = (refusal: Refusal, now: Date) =>
  Response.json(refusalBody(refusal), {
    status: 409,
    ...('until' in refusal && { headers: { 'Retry-After': String(Math.max(1, Math.ceil((refusal.until.getTime() - now.getTime()) / 1000))) } }),
  });
const notFound = () => fail({ error: 'not-found', message: 'There is no such quote request' }, 404);
const invalid = (message: string, fields: { field: string; message: string }[]) =>
  fail({ error: 'invalid-fields', message, fields }, 400);

function staffFailure(error: StaffFailure) {
  return error.kind === 'not-signed-in'
    ? fail({ error: 'not-signed-in', message: 'Sign in as staff to work the inbox' }, 401)
    : fail({ error: 'storage-unavailable', message: 'The inbox cannot be reached right now. Please try again.' }, 503);
}


/**
 * The staff inbox under `/api/quote-requests`: pages of requests, each view's count, the response-time summary, the
 * steps of a request's life (moves, notes, calls nobody answered, "Not spam"), taking one on, and resending the business email. Staff only. Who did a thing is the session's staff
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
    const since = v.safeParse(IsoTimeSchema, c.req.query('since'));
    if (!since.success) return invalid('Say since when', [{ field: 'since', message: 'Since must be an ISO 8601 time' }]);
    try {
      return c.json(toWireClockRecords(await inbox.clockRecords(new Date(since.output))));
    } catch (cause) {
      return staffFailure(staffFailureOf(cause, logger, 'Reading the response times'));
    }
  });

  // The "Due for service" list: reminders standing, by when the next visit falls due.
  api.get('/service-due', inboxOperations.serviceDue, requireStaff, async (c) => {
    const until = v.safeParse(v.pipe(v.string(), v.isoDate()), c.req.query('until'));
    if (!until.success) return invalid('Say until when', [{ field: 'until', message: 'Until must be a day, yyyy-mm-dd' }]);
    const given = c.req.query('limit');
    const limit = given === undefined ? serviceDueMax : Number(given);
    if (!Number.isInteger(limit) || limit < 1 || limit > serviceDueMax) return invalid('Say how many', [{ field: 'limit', message: `Limit must be a whole number from 1 to ${serviceDueMax}` }]);
    try {
      const quotes = await inbox.findDueForService(until.output, limit);
      return c.json({ quotes: quotes.map(toWireInboxQuote) });
    } catch (cause) {
      return staffFailure(staffFailureOf(cause, logger, 'Reading the requests due for service'));
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

  // One step of a request's life, of any kind staff take: the body is the step, who and when are the
  // session's and the server's clock.
  api.post('/:id/activity', inboxOperations.activity, limitBody(bodyLimits.json), requireStaff, async (c) => {
    const read = await readJsonBody(c, { allowEmpty: true });
    if (!read.ok) return fail(read.error, 400);
    const parsed = v.safeParse(ActivityStepSchema, read.body);
    if (!parsed.success) return invalid('The step cannot be recorded', fieldsOf(parsed.issues));
    const step = parsed.output;
    if (!isStaffStep(step)) return invalid('The step cannot be recorded', [{ field: 'kind', message: 'Staff cannot record that kind of step' }]);
    const problem = stepProblem(step, londonDay(now()));
    if (problem !== undefined) return fail({ error: problem.field === 'to' ? 'not-allowed' : 'invalid-fields', message: problem.message, fields: [problem] }, problem.field === 'to' ? 422 : 400);
    const result = await recordStep(deps, { id: c.req.param('id'), step, by: c.get('staff').email, at: now() }, 'Recording a step of a quote request');
    switch (result.outcome) {
      case 'recorded':
        if (step.kind === 'spam-cleared') newlyWaiting();
        return c.json({ quote: toWireInboxQuote(result.quote), entry: toWireActivity(result.entry) }, 201);
      case 'refused':
        return refused(result.refusal, now());
      case 'not-found':
        return notFound();
      case 'failed':
        return staffFailure(result.failure);
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
    const result = await recordStep(deps, { id: c.req.param('id'), step: { kind: 'taken' }, by: c.get('staff').email, at: now() }, 'Taking a quote request');
    switch (result.outcome) {
      case 'recorded':
        return c.json(toWireInboxQuote(result.quote));
      case 'refused':
        return fail(refusalBody(result.refusal), 409);
      case 'not-found':
        return notFound();
      case 'failed':
        return staffFailure(result.failure);
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
