import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deleteQuote } from '../../domain/inbox/delete-quote';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { QuoteRequest } from '../../domain/quote/quote';
import { NotSignedIn } from '../../domain/staff/staff';
import { requestOf } from '../contracts/store-under-test.test-support';
import { memberAccount, messageOf, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const quote = sampleQuote();

const { server, supabaseProject } = mockSupabase();

/** A project holding three requests sent by visitors at ten, twelve and eleven. */
async function projectWithRequests() {
  const clock = { time: Date.parse('2024-05-01T10:00:00Z') };
  const project = await supabaseProject({ now: () => new Date(clock.time) });
  const visitor = new SupabaseQuoteRepository({ client: project.connect(), now: () => new Date(clock.time) });
  // The requests as stored: the customer's token is the visitor's alone.
  const send = async (sent: typeof quote) => requestOf(await visitor.insert(sent));
  const ten = await send({ ...quote, name: 'At ten' });
  clock.time = Date.parse('2024-05-01T12:00:00Z');
  const twelve = await send({ ...quote, name: 'At twelve', email: null, description: null, urgent: true });
  clock.time = Date.parse('2024-05-01T11:00:00Z');
  const eleven = await send({ ...quote, name: 'At eleven' });
  project.state.seen.length = 0;
  return { project, ten, eleven, twelve };
}

type Project = Awaited<ReturnType<typeof supabaseProject>>;

function signedInAs(project: Project, email: string) {
  const session = project.storeSession(email);
  const { logger, errors } = recordingLogger();
  const client = project.connect();
  return { session, quotes: new SupabaseQuoteRepository({ client }), inbox: new SupabaseQuoteInbox({ client }), logger, errors };
}

const now = new Date('2024-05-01T13:00:00Z');
const everything = { ...defaultInboxQuery, view: 'all' as const };

/** Every request, newest first, as stored (without the inbox's status and history). */
async function listed(inbox: QuoteInbox): Promise<QuoteRequest[]> {
  return (await inbox.findPage({ query: everything, after: null, limit: 50, now })).quotes.map(requestOf);
}

const inboxPage = (project: Project) => `${project.url}/rest/v1/rpc/inbox_page`;

test('staff read every request newest first through public.inbox_page, with their own token', async () => {
  const { project, ten, eleven, twelve } = await projectWithRequests();
  const { session, inbox, logger, errors } = signedInAs(project, staffAccount.email);

  const found = await findQuotes({ inbox, logger }, { query: everything, after: null, now });
  expect(found.ok && found.page.quotes.map(requestOf)).toEqual([twelve, eleven, ten]);
  expect(found.ok && found.page.total).toBe(3);
  expect(errors).toEqual([]);
  const [read] = project.state.seen;
  expect(read?.method).toBe('POST');
  expect(read?.path).toBe('/rest/v1/rpc/inbox_page');
  expect(JSON.parse(read?.body ?? '')).toEqual({
    view: 'all',
    as_of: now.toISOString(),
    row_limit: 51,
    words: [],
    service_type: null,
    urgent: null,
    area: null,
    received_from: null,
    received_to: null,
    after_overdue_urgent: null,
    after_due_at: null,
    after_created_at: null,
    after_id: null,
  });
  expect(read?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
});

test('without a session reading and deleting are not-signed-in, and nothing is asked of the project', async () => {
  const { project, ten } = await projectWithRequests();
  const client = project.connect();
  const quotes = new SupabaseQuoteRepository({ client });
  const inbox = new SupabaseQuoteInbox({ client });
  const { logger, errors } = recordingLogger();

  expect(await findQuotes({ inbox, logger }, { query: everything, after: null, now })).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(await deleteQuote({ quotes, logger }, ten.id)).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
  expect(project.state.seen).toEqual([]);
  expect(await project.storedRows()).toHaveLength(3);
});

test('someone signed in who is not staff sees no requests and deletes none: row-level security', async () => {
  const { project, ten } = await projectWithRequests();
  const { quotes, inbox } = signedInAs(project, memberAccount.email);

  expect(await inbox.findPage({ query: everything, after: null, limit: 50, now })).toEqual({ quotes: [], total: 0, next: null });
  expect(await quotes.delete(ten.id)).toBe(false);
  expect(await project.storedRows()).toHaveLength(3);
});

test.for([
  {
    answer: '500',
    respond: () => HttpResponse.json({ code: 'XX000', details: null, hint: null, message: 'internal error' }, { status: 500 }),
    says: /^Reading the quote requests failed: the database answered 500 \(XX000: internal error\)$/,
  },
  {
    answer: 'rows that are not quote requests',
    respond: () => HttpResponse.json({ total: 1, quotes: [{ id: 'q-1', created_at: 'yesterday', service_type: 'roofing' }] }),
    says: /^Reading the quote requests failed: the answer is not what the database sends \(quotes\.0\.created_at: .+; quotes\.0\.name: .+; quotes\.0\.phone: .+; and \d+ more\)$/,
  },
  { answer: 'rows instead of a page', respond: () => HttpResponse.json([]), says: /the answer is not what the database sends/ },
])('a page answered with $answer is a storage failure, logged', async ({ respond, says }) => {
  const { project } = await projectWithRequests();
  const { inbox, logger, errors } = signedInAs(project, staffAccount.email);
  server.use(http.post(inboxPage(project), respond));

  expect(await findQuotes({ inbox, logger }, { query: everything, after: null, now })).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});

test('a page answered 503 is not tried again (supabase-js retries only GET): a storage failure', async () => {
  const { project } = await projectWithRequests();
  const { inbox } = signedInAs(project, staffAccount.email);
  let attempts = 0;
  server.use(
    http.post(inboxPage(project), () => {
      attempts++;
      return attempts === 1 ? HttpResponse.json({ code: 'PGRST002', message: 'schema cache' }, { status: 503, headers: { 'retry-after': '0' } }) : undefined;
    }),
  );

  await expect(listed(inbox)).rejects.toThrow(/^Reading the quote requests failed: the database answered 503 \(PGRST002: schema cache\)$/);
  expect(attempts).toBe(1);
});

test('a token PostgREST refuses (401 JWT expired) is not-signed-in, not a storage failure', async () => {
  const { project } = await projectWithRequests();
  const { inbox, logger, errors } = signedInAs(project, staffAccount.email);
  server.use(
    http.post(inboxPage(project), () =>
      HttpResponse.json({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }, { status: 401 }),
    ),
  );

  await expect(listed(inbox)).rejects.toBeInstanceOf(NotSignedIn);
  expect(await findQuotes({ inbox, logger }, { query: everything, after: null, now })).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('staff delete one request by id, counted: true, then false once it is gone', async () => {
  const { project, ten, eleven, twelve } = await projectWithRequests();
  const { quotes, inbox, logger } = signedInAs(project, staffAccount.email);

  expect(await deleteQuote({ quotes, logger }, eleven.id)).toEqual({ ok: true });
  const [deletion] = project.state.seen;
  expect(await listed(inbox)).toEqual([twelve, ten]);
  expect(deletion?.method).toBe('DELETE');
  expect(deletion?.path).toBe(`/rest/v1/quote_requests?id=eq.${eleven.id}`);
  expect(deletion?.headers.get('prefer')).toBe('count=exact');

  expect(await deleteQuote({ quotes, logger }, eleven.id)).toEqual({ ok: false, error: { kind: 'not-found' } });
});

test('an id that is not a UUID is not there: false, without a request', async () => {
  const { project } = await projectWithRequests();
  const { quotes } = signedInAs(project, staffAccount.email);

  expect(await quotes.delete('q-1')).toBe(false);
  expect(await quotes.delete('a/b c?d')).toBe(false);
  expect(project.state.seen).toEqual([]);
});

test.for([
  {
    answer: '500',
    respond: () => HttpResponse.json({ code: 'XX000', details: null, hint: null, message: 'internal error' }, { status: 500 }),
    says: /^Deleting the quote request failed: the database answered 500 \(XX000: internal error\)$/,
  },
  { answer: 'a network error', respond: () => HttpResponse.error(), says: /could not be reached or did not answer in time/ },
  {
    answer: '204 without a count',
    respond: () => new HttpResponse(null, { status: 204 }),
    says: /^Deleting the quote request failed: the database did not say how many rows it deleted$/,
  },
])('a delete answered with $answer is a storage failure, logged', async ({ respond, says }) => {
  const { project, ten } = await projectWithRequests();
  const { quotes, logger, errors } = signedInAs(project, staffAccount.email);
  server.use(http.delete(project.rest('quote_requests'), respond));

  expect(await deleteQuote({ quotes, logger }, ten.id)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});
