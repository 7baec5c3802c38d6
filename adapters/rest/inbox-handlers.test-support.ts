/**
 * Test-only: msw handlers that answer the staff inbox's part of the REST API as its server does (see
 * adapters/server/inbox/inbox-operations.ts), from the same wire format and the same domain use cases, over
 * whatever QuoteInbox the test hands them. Like the server, they stamp who with the signed-in staff
 * member and when with their own clock, whatever a body says. Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import * as v from 'valibot';
import { addQuoteNote } from '../../domain/inbox/add-quote-note';
import { changeQuoteStatus } from '../../domain/inbox/change-quote-status';
import { clearSpam } from '../../domain/spam/clear-spam';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { encodeCursor } from '../../domain/inbox/inbox-query';
import { inboxSummary } from '../../domain/inbox/inbox-summary';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import { resendBusinessEmail } from '../../domain/inbox/resend-business-email';
import type { StaffFailure } from '../../domain/staff/staff-failure';
import { noteTextOf, statusChangeOf, wireOutcomeFields } from '../http-api/inbox-bodies';
import { fromInboxSearchParams } from '../http-api/inbox-params';
import { takeRefusal, toWireClockRecords, toWireInboxQuote, toWireInboxSummary, toWireNote } from '../http-api/inbox-wire';
import { takeQuote } from '../../domain/inbox/take-quote';
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
        const since = v.safeParse(v.pipe(v.string(), v.isoTimestamp()), new URL(request.url).searchParams.get('since'));
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
      `${url}/:id/status`,
      asStaff(async ({ request, params }, by) => {
        const body = await jsonOf(request);
        if (body === noJson) return failure(400, { error: 'invalid-json', message: 'Not JSON' });
        const change = statusChangeOf(body);
        if (!change.ok) return invalid(change.fields);
        const result = await changeQuoteStatus(deps, { id: idOf(params), ...change.move, by, at: now() });
        if (result.ok) return HttpResponse.json(toWireInboxQuote(result.quote));
        const { error } = result;
        if (error.kind === 'not-found') return notFound();
        if (error.kind === 'conflict') return failure(409, { error: 'conflict', message: 'Moved already', current: error.current });
        if (error.kind === 'not-allowed') {
          const message = `A request cannot move from ${error.from} to ${error.to}`;
          return failure(422, { error: 'not-allowed', message, fields: [{ field: 'to', message }] });
        }
        if (error.kind === 'invalid-outcome') return invalid([{ field: wireOutcomeFields[error.field], message: error.message }]);
        return staffFailure(error);
      }),
    ),
    http.post(
      `${url}/:id/take`,
      asStaff(async ({ params }, by) => {
        const result = await takeQuote(deps, { id: idOf(params), by, at: now() });
        if (result.ok) return HttpResponse.json(toWireInboxQuote(result.quote));
        if (result.error.kind === 'not-signed-in' || result.error.kind === 'storage-failure') return staffFailure(result.error);
        const { status, body } = takeRefusal(result.error);
        return failure(status, body);
      }),
    ),
    http.post(
      `${url}/:id/notes`,
      asStaff(async ({ request, params }, by) => {
        const body = await jsonOf(request);
        if (body === noJson) return failure(400, { error: 'invalid-json', message: 'Not JSON' });
        const result = await addQuoteNote(deps, { quoteId: idOf(params), text: noteTextOf(body), by, at: now() });
        if (result.ok) return HttpResponse.json(toWireNote(result.note), { status: 201 });
        if (result.error.kind === 'invalid-note') return invalid([{ field: 'text', message: result.error.message }]);
        return result.error.kind === 'not-found' ? notFound() : staffFailure(result.error);
      }),
    ),
    http.post(
      `${url}/:id/not-spam`,
      asStaff(async ({ params }, by) => {
        const result = await clearSpam(deps, { id: idOf(params), by, at: now() });
        if (result.ok) return HttpResponse.json(toWireInboxQuote(result.quote));
        if (result.error.kind === 'not-spam') return failure(409, { error: 'conflict', message: 'The request is not in the Spam folder' });
        return result.error.kind === 'not-found' ? notFound() : staffFailure(result.error);
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
