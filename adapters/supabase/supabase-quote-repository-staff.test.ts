import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deleteQuote } from '../../domain/delete-quote';
import { listQuotes } from '../../domain/list-quotes';
import { NotSignedIn } from '../../domain/staff';
import { memberAccount, messageOf, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseQuoteRepository } from './supabase-quote-repository';
import { recordingLogger } from '../memory/recording-logger';
import { sampleQuote as quote } from '../../fixtures/sample-request';

const { server, supabaseProject } = mockSupabase();

/** A project holding three requests sent by visitors at ten, twelve and eleven. */
async function projectWithRequests() {
  const clock = { time: Date.parse('2024-05-01T10:00:00Z') };
  const project = supabaseProject({ now: () => new Date(clock.time) });
  const visitor = new SupabaseQuoteRepository({ client: project.connect(), now: () => new Date(clock.time) });
  const ten = await visitor.insert({ ...quote, name: 'At ten' });
  clock.time = Date.parse('2024-05-01T12:00:00Z');
  const twelve = await visitor.insert({ ...quote, name: 'At twelve', email: null, description: null, urgent: true });
  clock.time = Date.parse('2024-05-01T11:00:00Z');
  const eleven = await visitor.insert({ ...quote, name: 'At eleven' });
  project.state.seen.length = 0;
  return { project, ten, eleven, twelve };
}

function signedInAs(project: ReturnType<typeof supabaseProject>, email: string) {
  const session = project.storeSession(email);
  const { logger, errors } = recordingLogger();
  return { session, quotes: new SupabaseQuoteRepository({ client: project.connect() }), logger, errors };
}

test('staff read every request newest first, with all columns, as the original asked', async () => {
  const { project, ten, eleven, twelve } = await projectWithRequests();
  const { session, quotes, logger, errors } = signedInAs(project, staffAccount.email);

  expect(await listQuotes({ quotes, logger })).toEqual({ ok: true, quotes: [twelve, eleven, ten] });
  expect(errors).toEqual([]);
  const [read] = project.state.seen;
  expect(read?.method).toBe('GET');
  expect(read?.path).toBe('/rest/v1/quote_requests?select=*&order=created_at.desc');
  expect(read?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
});

test('without a session the list is not-signed-in, and nothing is asked of the project', async () => {
  const { project } = await projectWithRequests();
  const quotes = new SupabaseQuoteRepository({ client: project.connect() });
  const { logger, errors } = recordingLogger();

  expect(await listQuotes({ quotes, logger })).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(await deleteQuote({ quotes, logger }, project.state.rows[0]?.id ?? '')).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
  expect(project.state.seen).toEqual([]);
  expect(project.state.rows).toHaveLength(3);
});

test('someone signed in who is not staff sees no requests and deletes none: row-level security', async () => {
  const { project, ten } = await projectWithRequests();
  const { quotes } = signedInAs(project, memberAccount.email);

  expect(await quotes.listNewestFirst()).toEqual([]);
  expect(await quotes.delete(ten.id)).toBe(false);
  expect(project.state.rows).toHaveLength(3);
});

test.for([
  {
    answer: '500',
    respond: () => HttpResponse.json({ code: 'XX000', details: null, hint: null, message: 'internal error' }, { status: 500 }),
    says: /^Reading the quote requests failed: the database answered 500 \(XX000: internal error\)$/,
  },
  {
    answer: 'rows that are not quote requests',
    respond: () => HttpResponse.json([{ id: 'q-1', created_at: 'yesterday', service_type: 'roofing' }]),
    says: /^Reading the quote requests failed: the rows are not quote requests \(0\.created_at: .+; 0\.name: .+; 0\.email: .+; and \d+ more\)$/,
  },
  { answer: 'an object instead of rows', respond: () => HttpResponse.json({ rows: [] }), says: /the rows are not quote requests/ },
])('a list answered with $answer is a storage failure, logged', async ({ respond, says }) => {
  const { project } = await projectWithRequests();
  const { quotes, logger, errors } = signedInAs(project, staffAccount.email);
  server.use(http.get(project.rest('quote_requests'), respond));

  expect(await listQuotes({ quotes, logger })).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});

test('a list answered 503 is tried again by supabase-js after the Retry-After, and the next answer counts', async () => {
  const { project, ten, eleven, twelve } = await projectWithRequests();
  const { quotes } = signedInAs(project, staffAccount.email);
  let attempts = 0;
  server.use(
    http.get(project.rest('quote_requests'), () => {
      attempts++;
      return attempts === 1 ? HttpResponse.json({ code: 'PGRST002', message: 'schema cache' }, { status: 503, headers: { 'retry-after': '0' } }) : undefined;
    }),
  );

  expect(await quotes.listNewestFirst()).toEqual([twelve, eleven, ten]);
  expect(attempts).toBe(2);
});

test('a token PostgREST refuses (401 JWT expired) is not-signed-in, not a storage failure', async () => {
  const { project } = await projectWithRequests();
  const { quotes, logger, errors } = signedInAs(project, staffAccount.email);
  server.use(
    http.get(project.rest('quote_requests'), () =>
      HttpResponse.json({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }, { status: 401 }),
    ),
  );

  await expect(quotes.listNewestFirst()).rejects.toBeInstanceOf(NotSignedIn);
  expect(await listQuotes({ quotes, logger })).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('staff delete one request by id, counted: true, then false once it is gone', async () => {
  const { project, ten, eleven, twelve } = await projectWithRequests();
  const { quotes, logger } = signedInAs(project, staffAccount.email);

  expect(await deleteQuote({ quotes, logger }, eleven.id)).toEqual({ ok: true });
  expect(await quotes.listNewestFirst()).toEqual([twelve, ten]);
  const [deletion] = project.state.seen;
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

test('deleteCreatedBefore rejects without a request: retention runs in the database', async () => {
  const { project } = await projectWithRequests();
  const { quotes } = signedInAs(project, staffAccount.email);

  await expect(quotes.deleteCreatedBefore(new Date('2100-01-01T00:00:00Z'))).rejects.toThrow(/the Supabase database's own scheduled job/);
  expect(project.state.seen).toEqual([]);
  expect(project.state.rows).toHaveLength(3);
});
