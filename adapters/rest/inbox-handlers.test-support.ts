/**
 * Test-only: msw handlers that answer the staff inbox's part of the REST API as its server does (see
 * adapters/server/inbox/inbox-operations.ts), from the same wire format and the same domain use cases, over
 * whatever QuoteInbox the test hands them. Like the server, they stamp who with the signed-in staff
 * member and when with their own clock, whatever a body says. Only tests import it.
 */
import { londonDay } from '../../domain/london-time';
import { http, type HttpHandler, HttpResponse } from 'msw';
import * as v from 'valibot';
import { ActivityStepSchema, isStaffStep } from '../../domain/activity/activity';
import { stepProblem } from '../../domain/activity/activity-guard';
import { recordStep } from '../../domain/activity/record-step';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { encodeCursor } from '../../domain/inbox/inbox-query';
import { inboxSummary } from '../../domain/inbox/inbox-summary';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import { resendBusinessEmail } from '../../domain/inbox/resend-business-email';
import type { StaffFailure } from '../../domain/staff/staff-failure';
import { fromInboxSearchParams } from '../http-api/inbox-params';
import { refusalBody, toWireActivity, toWireClockRecords, toWireInboxQuote, toWireInboxSummary } from '../http-api/inbox-wire';
import { IsoTimeSchema } from '../http-api/iso-time';
import type { WireError } from '../http-api/wire';

export interface InboxHandlersOptions {
  /** The API's path on the test's own origin: `http://<origin>/api/quote-requests`. */
  url: string;
  inbox: QuoteInbox;
  /** Who the session belongs to; null answers every call 401, as with no session. */
  staffEmail: string | null;
  now: () => Date;
}

const failure = (status: number, body: WireError) => HttpResponse.json(body, { status });
const notFound = () => failure(404, { error: 'not-found', message: 'There is no such quote request' });
const invalid = (fields: { field: string; message: string }[]) => failure(400, { error: 'invalid-fields', message: 'Not valid', fields });
const staffFailure = (error: StaffFailure) =>
  error.kind === 'not-signed-in'
    ? failure(401, { error: 'not-signed-in', message: 'Sign in as staff' })
    : failure(503, { error: 'storage-unavailable', message: 'The inbox cannot be reached' });

const noJson = Symbol('not JSON');
async function jsonOf(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return noJson;
  }
}
const idOf = (params: Record<string, string | readonly string[] | undefined>) => (typeof params.id === 'string' ? params.id : '');

export function createInboxHandlers({ url, inbox, staffEmail, now }: InboxHandlersOptions): HttpHandler[] {
  const deps = { inbox, logger: { error: () => undefined } };
  /** Answers 401 without a session, as the server's requireStaff does; otherwise runs `answer` as the staff member. */
  const asStaff =
    <A extends { request: Request; params: Record<string, string | readonly string[] | undefined> }>(answer: (args: A, by: string) => Promise<Response>) =>
    (args: A) =>
      staffEmail === null ? failure(401, { error: 'not-signed-in', message: 'Sign in as staff' }) : answer(args, staffEmail);

  return [
    http.get(
      url,
      asStaff(async ({ request }) => {
        const params = new URL(request.url).searchParams;
        const parsed = fromInboxSearchParams((name) => params.get(name) ?? undefined);
        if (!parsed.ok) return invalid(parsed.fields);
        const result = await findQuotes(deps, { query: parsed.query, after: parsed.after, limit: parsed.limit, now: now() });
        if (!result.ok) return staffFailure(result.error);
        const { quotes, total, next } = result.page;
        return HttpResponse.json({ quotes: quotes.map(toWireInboxQuote), total, next: next && encodeCursor(next) });
      }),
    ),
    http.get(
      `${url}/summary`,
      asStaff(async () => {
        const result = await inboxSummary(deps, now());
        return result.ok ? HttpResponse.json(toWireInboxSummary(result.summary)) : staffFailure(result.error);
      }),
    ),
    http.get(
      `${url}/clock-records`,
      asStaff(async ({ request }) => {
        const since = v.safeParse(IsoTimeSchema, new URL(request.url).searchParams.get('since'));
        if (!since.success) return invalid([{ field: 'since', message: 'Since must be an ISO 8601 time' }]);
        try {
          return HttpResponse.json(toWireClockRecords(await inbox.clockRecords(new Date(since.output))));
        } catch {
          return staffFailure({ kind: 'storage-failure' });
        }
      }),
    ),
    http.get(
      `${url}/counts`,
      asStaff(async () => {
        try {
          return HttpResponse.json(await inbox.viewCounts());
        } catch {
          return staffFailure({ kind: 'storage-failure' });
        }
      }),
    ),
    http.post(
      `${url}/:id/activity`,
      asStaff(async ({ request, params }, by) => {
        const body = await jsonOf(request);
        if (body === noJson) return failure(400, { error: 'invalid-json', message: 'Not JSON' });
        const parsed = v.safeParse(ActivityStepSchema, body);
        if (!parsed.success) return invalid(parsed.issues.map((issue) => ({ field: issue.path?.map((item) => String(item.key)).join('.') ?? 'kind', message: issue.message })));
        const step = parsed.output;
        if (!isStaffStep(step)) return invalid([{ field: 'kind', message: 'Staff cannot record that kind of step' }]);
        const problem = stepProblem(step, londonDay(now()));
        if (problem?.field === 'to') return failure(422, { error: 'not-allowed', message: problem.message, fields: [problem] });
        if (problem !== undefined) return invalid([problem]);
        const result = await recordStep(deps, { id: idOf(params), step, by, at: now() }, 'Recording a step');
        switch (result.outcome) {
          case 'recorded':
            return HttpResponse.json({ quote: toWireInboxQuote(result.quote), entry: toWireActivity(result.entry) }, { status: 201 });
          case 'refused':
            return failure(409, refusalBody(result.refusal));
          case 'not-found':
            return notFound();
          case 'failed':
            return staffFailure(result.failure);
        }
      }),
    ),
    http.post(
      `${url}/:id/take`,
      asStaff(async ({ params }, by) => {
        const result = await recordStep(deps, { id: idOf(params), step: { kind: 'taken' }, by, at: now() }, 'Taking a request');
        switch (result.outcome) {
          case 'recorded':
            return HttpResponse.json(toWireInboxQuote(result.quote));
          case 'refused':
            return failure(409, refusalBody(result.refusal));
          case 'not-found':
            return notFound();
          case 'failed':
            return staffFailure(result.failure);
        }
      }),
    ),
    http.post(
      `${url}/:id/resend-email`,
      asStaff(async ({ params }) => {
        const result = await resendBusinessEmail(deps, idOf(params), now());
        if (result.ok) return HttpResponse.json({ outcome: result.outcome }, { status: 202 });
        return result.error.kind === 'not-found' ? notFound() : staffFailure(result.error);
      }),
    ),
  ];
}
