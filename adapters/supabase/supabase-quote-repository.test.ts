import { delay, http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import { toNamedFields } from '../../domain/quote/quote';
import { submitQuote } from '../../domain/quote/submit-quote';
import { quoteRepositoryContract } from '../contracts/quote-repository.test-support';
import { messageOf, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { anonKey } from './fake-supabase-project.test-support';
import { customerTokenHash } from '../../domain/customer-link/customer-link';
import { SupabaseNotifier } from './supabase-notifier';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleDraft, sampleQuote } from '../../fixtures/sample-request.test-support';

const draft = sampleDraft();
const quote = sampleQuote();

const { server, supabaseProject } = mockSupabase();

quoteRepositoryContract(
  'SupabaseQuoteRepository over PostgREST running the migrations on PostgreSQL, signed in as staff',
  async ({ now }) => {
    const project = await supabaseProject({ now });
    project.storeSession(staffAccount.email);
    const client = project.connect();
    return { repository: new SupabaseQuoteRepository({ client, now }), inbox: new SupabaseQuoteInbox({ client }), cleanup: project.drop };
  },
);

async function visitor({ now, timeoutMs }: { now?: () => Date; timeoutMs?: number } = {}) {
  const project = await supabaseProject(now ? { now } : {});
  const client = project.connect(timeoutMs === undefined ? {} : { timeoutMs });
  const { logger, errors } = recordingLogger();
  const deps = { quotes: new SupabaseQuoteRepository({ client, ...(now ? { now } : {}) }), notifier: new SupabaseNotifier({ client }), logger };
  return { project, deps, errors };
}

const sent = (method: string, path: string) => `${method} ${path}`;

test('a valid request is inserted as PostgREST expects, then the function is invoked with the same fields and the id', async () => {
  const at = new Date('2024-05-01T09:30:00Z');
  const { project, deps, errors } = await visitor({ now: () => at });

  const result = await submitQuote(deps, draft);

  expect(result).toMatchObject({ ok: true, quote: { ...quote, createdAt: at } });
  expect(errors).toEqual([]);
  if (!result.ok) return;
  // The insert, then both functions at once: the email, and the first alert to whoever is on call.
  expect(project.state.seen.map(({ method, path }) => sent(method, path)).sort()).toEqual([
    sent('POST', '/functions/v1/send-quote-alert'),
    sent('POST', '/functions/v1/send-quote-notification'),
    sent('POST', '/rest/v1/quote_requests'),
  ]);
  expect(project.state.alertCalls).toStrictEqual([{ id: result.quote.id }]);

  const insert = project.state.seen[0];
  const notify = project.state.seen.find(({ path }) => path === '/functions/v1/send-quote-notification');
  // The row's id is the one the visitor's quote carries; created_at is left to the database.
  const fields = toNamedFields(quote);
  // With the hidden field's state and the hash of the customer's token, never the token itself.
  expect(JSON.parse(insert?.body ?? '')).toStrictEqual({
    id: result.quote.id,
    ...fields,
    honeypot_filled: false,
    customer_token_hash: await customerTokenHash(result.quote.customerToken),
  });
  expect(result.quote.customerToken).toMatch(customerTokenPattern);
  expect(insert?.body).not.toContain(result.quote.customerToken);
  expect(Object.fromEntries(insert?.headers ?? [])).toMatchObject({
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    'content-type': 'application/json',
    'content-profile': 'public',
    prefer: 'return=minimal',
  });
  // Stored as sent, dated by the database (the fake's clock), waiting, its email recorded as sent.
  const [row] = await project.storedRows();
  expect(row).toMatchObject({ ...fields, id: result.quote.id, created_at: '2024-05-01T09:30:00+00:00', status: 'new', responded_at: null, business_email_error: null, spam_score: null });
  expect(row?.business_email_sent_at).toEqual(expect.any(String));
  expect(project.state.emails.map(({ subject }) => subject)).toEqual(['Bathroom Installation request from Priya Raman']);

  // The form's fields, and the row's id so the email's reference finds the stored request.
  expect(JSON.parse(notify?.body ?? '')).toStrictEqual({ id: result.quote.id, ...fields });
  expect(project.state.notifications).toStrictEqual([{ id: result.quote.id, ...fields }]);
  expect(notify?.headers.get('content-type')).toBe('application/json');
  expect(notify?.headers.get('apikey')).toBe(anonKey);
});

test('a staff member signed in on the same device inserts with their own token, still without asking for the row', async () => {
  const { project, deps } = await visitor();
  const session = project.storeSession(staffAccount.email);

  expect(await submitQuote(deps, draft)).toMatchObject({ ok: true });

  const insert = project.state.seen.find(({ method }) => method === 'POST');
  expect(insert?.headers.get('authorization')).toBe(`Bearer ${session.access_token}`);
  expect(insert?.headers.get('prefer')).toBe('return=minimal');
});

const postgrestFailures = [
  {
    answer: '500 from the database',
    respond: () => HttpResponse.json({ code: 'XX000', details: null, hint: null, message: 'internal error' }, { status: 500 }),
    says: /^Storing the quote request failed: the database answered 500 \(XX000: internal error\)$/,
  },
  {
    answer: '503 while PostgREST loads its schema cache (never retried for a POST)',
    respond: () =>
      HttpResponse.json(
        { code: 'PGRST002', details: null, hint: null, message: 'Could not query the database for the schema cache. Retrying.' },
        { status: 503, headers: { 'retry-after': '0' } },
      ),
    says: /answered 503 \(PGRST002: Could not query the database/,
  },
  {
    answer: '400 23514: a check constraint the domain should have kept out',
    respond: () =>
      HttpResponse.json(
        {
          code: '23514',
          details: 'Failing row contains (...).',
          hint: null,
          message: 'new row for relation "quote_requests" violates check constraint "quote_requests_phone_length"',
        },
        { status: 400 },
      ),
    says: /answered 400 \(23514: new row .+ "quote_requests_phone_length"\); Failing row contains/,
  },
  {
    answer: '401 42501: a privilege row-level security does not grant',
    respond: () =>
      HttpResponse.json({ code: '42501', details: null, hint: null, message: 'permission denied for table quote_requests' }, { status: 401 }),
    says: /answered 401 \(42501: permission denied for table quote_requests\)/,
  },
  {
    answer: '401 PGRST301: a token the project does not accept',
    respond: () =>
      HttpResponse.json({ code: 'PGRST301', details: null, hint: null, message: 'No suitable key or wrong key type' }, { status: 401 }),
    says: /answered 401 \(PGRST301: No suitable key or wrong key type\)/,
  },
  {
    answer: '502 with an HTML page from a proxy',
    respond: () => HttpResponse.html('<h1>Bad gateway</h1>', { status: 502 }),
    says: /answered 502 \(<h1>Bad gateway<\/h1>\)/,
  },
  { answer: 'a network error', respond: () => HttpResponse.error(), says: /could not be reached or did not answer in time \(TypeError: / },
];

test.for(postgrestFailures)('$answer is a storage failure, logged, and nobody is notified', async ({ respond, says }) => {
  const { project, deps, errors } = await visitor();
  let attempts = 0;
  server.use(
    http.post(project.rest('quote_requests'), () => {
      attempts++;
      return respond();
    }),
  );

  expect(await submitQuote(deps, draft)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toBe('Storing a quote request failed');
  expect(messageOf(errors[0]?.cause)).toMatch(says);
  expect(attempts).toBe(1);
  expect(project.state.notifications).toEqual([]);
});

test('an insert with no answer within the time limit is a storage failure', async () => {
  const { project, deps, errors } = await visitor({ timeoutMs: 50 });
  server.use(
    http.post(project.rest('quote_requests'), async () => {
      await delay(1_000);
      return new HttpResponse(null, { status: 201 });
    }),
  );

  expect(await submitQuote(deps, draft)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(messageOf(errors[0]?.cause)).toMatch(/could not be reached or did not answer in time \(AbortError: /);
});

test.for([
  {
    answer: '500 from the function',
    respond: () => HttpResponse.json({ error: 'not-configured', message: 'The notification email is not set up' }, { status: 500 }),
    says: /^Sending the quote request notification failed: the function answered 500 \(\{"error":"not-configured",/,
  },
  {
    answer: 'a relay error',
    respond: () => HttpResponse.json({ message: 'boot error' }, { status: 502, headers: { 'x-relay-error': 'true' } }),
    says: /the Supabase relay could not run the function/,
  },
  { answer: 'a network error', respond: () => HttpResponse.error(), says: /could not be reached or did not answer in time/ },
])('a notification answered with $answer is logged, and the visitor still sees success', async ({ respond, says }) => {
  const { project, deps, errors } = await visitor();
  server.use(http.post(project.notificationUrl, respond));

  const result = await submitQuote(deps, draft);

  expect(result).toMatchObject({ ok: true, quote });
  expect(await project.storedRows()).toHaveLength(1);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toBe('Sending the quote request notification failed');
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});

test('a request that breaks a rule never leaves the page', async () => {
  const { project, deps } = await visitor();

  expect(await submitQuote(deps, { ...draft, phone: '' })).toMatchObject({ ok: false, error: { kind: 'missing-fields' } });
  expect(project.state.seen).toEqual([]);
});
