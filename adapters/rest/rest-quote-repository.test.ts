import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { toNamedFields } from '../../domain/quote/quote';
import { QuoteRejected } from '../../domain/quote/quote-rejected';
import { submitQuote } from '../../domain/quote/submit-quote';
import { quoteRepositoryContract } from '../contracts/quote-repository.test-support';
import { toWireError } from '../http-api/wire';
import { mockApi } from './mock-api.test-support';
import { RestQuoteRepository } from './rest-quote-repository';
import { ServerNotifier } from './server-notifier';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleDraft, sampleQuote } from '../../fixtures/sample-request.test-support';
import { listAll, requestOf } from '../contracts/store-under-test.test-support';

const draft = sampleDraft();
const quote = sampleQuote();

const { server, restApi } = mockApi();

quoteRepositoryContract(
  'RestQuoteRepository over the API handlers',
  ({ now }) => {
    const { repository, inbox } = restApi({ now });
    return { repository, inbox };
  },
);

test('a valid request is stored on the server once; telling the business is left to the server', async () => {
  const { repository, quotes } = restApi({ now: () => new Date('2024-05-01T09:30:00Z') });
  const { logger, errors } = recordingLogger();

  const result = await submitQuote({ quotes: repository, notifier: new ServerNotifier(), logger }, draft);

  expect(result).toMatchObject({ ok: true, quote: { ...quote, createdAt: new Date('2024-05-01T09:30:00Z') } });
  expect(errors).toEqual([]);
  if (!result.ok) return;
  expect(await listAll(quotes, new Date())).toEqual([requestOf(result.quote)]);
});

test('the body sent is exactly the wire fields, as JSON, with service_type', async () => {
  const { url, repository } = restApi();
  const sent: { contentType: string | null; body: unknown }[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      sent.push({ contentType: request.headers.get('content-type'), body: await request.clone().json() });
    }),
  );

  const inserted = { ...quote, email: null, urgent: true };
  await repository.insert(inserted);

  expect(sent).toStrictEqual([{ contentType: 'application/json', body: toNamedFields(inserted) }]);
  expect(sent[0]?.body).toHaveProperty('service_type', quote.serviceType);
});

test('a 400 missing-fields from the server reaches the visitor as missing-fields', async () => {
  const { url, repository } = restApi();
  server.use(
    http.post(url, () =>
      HttpResponse.json(
        {
          error: 'missing-fields',
          message: 'Please fill in all required fields',
          fields: [{ field: 'phone', message: 'This field is required' }],
        },
        { status: 400 },
      ),
    ),
  );

  const deps = { quotes: repository, notifier: new ServerNotifier(), logger: recordingLogger().logger };
  const result = await submitQuote(deps, draft);

  expect(result).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['phone'] } });
});

test('a 400 missing-fields that also names bad values brings every one of them back, in domain terms', async () => {
  const { url, repository } = restApi();
  const error = { kind: 'missing-fields', fields: ['serviceType'], issues: [{ field: 'email', message: 'Enter an email address like name@example.com' }] } as const;
  server.use(http.post(url, () => HttpResponse.json(toWireError({ ...error, fields: [...error.fields], issues: [...error.issues] }), { status: 400 })));

  const deps = { quotes: repository, notifier: new ServerNotifier(), logger: recordingLogger().logger };
  expect(await submitQuote(deps, draft)).toEqual({ ok: false, error });
});

test('a 400 invalid-fields names the field in domain terms, serviceType rather than service_type', async () => {
  const { url, repository } = restApi();
  server.use(
    http.post(url, () =>
      HttpResponse.json(
        {
          error: 'invalid-fields',
          message: 'Some fields are not valid',
          fields: [{ field: 'service_type', message: 'Choose a service type from the list' }],
        },
        { status: 400 },
      ),
    ),
  );

  const deps = { quotes: repository, notifier: new ServerNotifier(), logger: recordingLogger().logger };
  const result = await submitQuote(deps, draft);

  const issues = [{ field: 'serviceType', message: 'Choose a service type from the list' }];
  expect(result).toEqual({ ok: false, error: { kind: 'invalid-fields', issues } });
});

test('a request the server’s own rules refuse is rejected with the rule, and nothing is stored', async () => {
  const { repository, quotes } = restApi();

  const refused = repository.insert({ ...quote, name: '   ', email: 'not an email' });

  await expect(refused).rejects.toBeInstanceOf(QuoteRejected);
  await expect(refused).rejects.toMatchObject({ reason: { kind: 'missing-fields', fields: ['name'] } });
  expect(await listAll(quotes, new Date())).toEqual([]);
});

test('requests go to the API path under baseUrl, kept as the host serves the API there, through the fetch it is given', async () => {
  const requested: string[] = [];
  const repository = new RestQuoteRepository({
    baseUrl: 'https://plumbing.example/functions/v1/',
    fetch: (input, init) => {
      requested.push(new Request(input, init).url);
      return Promise.resolve(new Response(null, { status: 204 }));
    },
  });

  expect(await repository.delete('q-1')).toBe(true);
  expect(requested).toEqual(['https://plumbing.example/functions/v1/api/quote-requests/q-1']);
});
