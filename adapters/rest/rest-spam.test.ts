import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { clearSpam } from '../../domain/spam/clear-spam';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import { defaultInboxQuery, spamView } from '../../domain/inbox/inbox-query';
import { toNamedFields } from '../../domain/quote/quote';
import { submitQuote } from '../../domain/quote/submit-quote';
import { sampleDraft, sampleQuote } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { handlerStaffEmail } from './api-handlers.test-support';
import { mockApi } from './mock-api.test-support';
import { ServerNotifier } from './server-notifier';

const { server, restApi } = mockApi();

test('a request goes with the hidden field and the form token beside its fields', async () => {
  const { url, repository } = restApi();
  const sent: unknown[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      sent.push(await request.clone().json());
    }),
  );

  await repository.insert(sampleQuote(), [], { honeypotFilled: false, formToken: 'issued.1764000000.signature' });
  await repository.insert(sampleQuote(), [], { honeypotFilled: true, formToken: null });
  await repository.insert(sampleQuote());

  expect(sent).toStrictEqual([
    { ...toNamedFields(sampleQuote()), website: '', form_token: 'issued.1764000000.signature' },
    { ...toNamedFields(sampleQuote()), website: 'filled' },
    toNamedFields(sampleQuote()),
  ]);
});

test('the 201 gives the customer token, spam or not, and the visitor is answered alike', async () => {
  const { repository, inbox } = restApi();
  const deps = { quotes: repository, notifier: new ServerNotifier(), logger: recordingLogger().logger };

  const person = await submitQuote(deps, sampleDraft(), { honeypotFilled: false, formToken: null });
  const bot = await submitQuote(deps, sampleDraft({ name: 'Bot' }), { honeypotFilled: true, formToken: null });

  for (const result of [person, bot]) {
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.customerToken).toMatch(customerTokenPattern);
    // The browser is never told which: only the server's store knows.
    expect(result.quote).not.toHaveProperty('heldAsSpam');
  }
  const folder = await inbox.findPage({ query: { ...defaultInboxQuery, view: spamView }, after: null, limit: 10, now: new Date() });
  expect(folder.quotes.map(({ name, spam }) => [name, spam?.reasons.map(({ signal }) => signal)])).toEqual([['Bot', ['honeypot', 'no-form-token']]]);
});

test('a 201 without a well-formed customer token is not what the API promises', async () => {
  const { url, repository } = restApi();
  server.use(http.post(url, () => HttpResponse.json({ id: 'q-1', created_at: new Date().toISOString(), ...toNamedFields(sampleQuote()), customer_token: 'short' }, { status: 201 })));
  await expect(repository.insert(sampleQuote())).rejects.toThrow(/not what the API promises/);
});

test('"Not spam" posts its step to activity: 201 is the request in Waiting, recorded by the session\'s staff member', async () => {
  const at = new Date('2026-11-24T10:02:00Z');
  const { repository, inbox } = restApi({ now: () => at });
  const bot = await repository.insert(sampleQuote({ name: 'Rescued' }), [], { honeypotFilled: true, formToken: null });

  const result = await clearSpam({ inbox, logger: recordingLogger().logger }, { id: bot.id, by: 'ignored@example.co.uk', at: new Date(0) });

  expect(result).toMatchObject({ ok: true, quote: { id: bot.id, status: 'new', createdAt: at, spam: { sentAt: at, cleared: { by: handlerStaffEmail, at } } } });
  const waiting = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 10, now: at });
  expect(waiting.quotes.map(({ id }) => id)).toEqual([bot.id]);
});

test('409 is a request no longer in the Spam folder, 404 one not there, 401 a lapsed session', async () => {
  const { url, repository, inbox } = restApi();
  const person = await repository.insert(sampleQuote());
  const clear = (id: string) => inbox.record({ id, step: { kind: 'spam-cleared' }, by: 'x', at: new Date() });
  expect(await clear(person.id)).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
  expect(await clear('none')).toEqual({ outcome: 'not-found' });

  const asked: unknown[] = [];
  server.use(
    http.post(`${url}/:id/activity`, async ({ request }) => {
      asked.push([new URL(request.url).pathname, await request.json()]);
      return HttpResponse.json({ error: 'not-signed-in', message: 'Sign in as staff' }, { status: 401 });
    }),
  );
  const lapsed = await clearSpam({ inbox, logger: recordingLogger().logger }, { id: 'a/b', by: 'x', at: new Date() });
  expect(lapsed).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(asked).toEqual([['/api/quote-requests/a%2Fb/activity', { kind: 'spam-cleared' }]]);
});

test('a failing server is a storage failure, logged', async () => {
  const { url, inbox } = restApi();
  server.use(http.post(`${url}/:id/activity`, () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 })));
  const { logger, errors } = recordingLogger();
  expect(await clearSpam({ inbox, logger }, { id: 'q-1', by: 'x', at: new Date() })).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
});
