import { delay, http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { QuoteRejected } from '../../domain/quote/quote-rejected';
import { submitQuote } from '../../domain/quote/submit-quote';
import { toWireQuote } from '../http-api/wire';
import { messageOf, mockApi } from './mock-api.test-support';
import { ServerNotifier } from './server-notifier';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleDraft, sampleQuote } from '../../fixtures/sample-request.test-support';

const draft = sampleDraft();
const quote = sampleQuote();

const { server, restApi } = mockApi();

const unavailable = () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 });

const wireQuote = toWireQuote({ ...quote, id: 'q-1', createdAt: new Date('2024-05-01T09:30:00Z') });

interface Failure {
  answer: string;
  respond: () => Response | Promise<Response>;
  says: RegExp;
  timeoutMs?: number;
}

const storageFailures: Failure[] = [
  {
    answer: '503 storage-unavailable',
    respond: () =>
      HttpResponse.json({ error: 'storage-unavailable', message: 'Database unreachable' }, { status: 503 }),
    says: /^Storing the quote request failed: the server answered 503 \(storage-unavailable: Database unreachable\)$/,
  },
  {
    answer: '500 with a plain-text body',
    respond: () => HttpResponse.text('Internal Server Error', { status: 500 }),
    says: /answered 500/,
  },
  {
    answer: '413 payload-too-large',
    respond: () => HttpResponse.json({ error: 'payload-too-large', message: 'Too large' }, { status: 413 }),
    says: /answered 413 \(payload-too-large: Too large\)/,
  },
  {
    answer: '415 unsupported-media-type',
    respond: () => HttpResponse.json({ error: 'unsupported-media-type', message: 'Send JSON' }, { status: 415 }),
    says: /answered 415 \(unsupported-media-type: Send JSON\)/,
  },
  {
    answer: '400 invalid-json (our own fault, not the visitor’s)',
    respond: () => HttpResponse.json({ error: 'invalid-json', message: 'Not JSON' }, { status: 400 }),
    says: /answered 400 \(invalid-json: Not JSON\)/,
  },
  {
    answer: '400 whose body is not an API error',
    respond: () => HttpResponse.json({ error: 'something-else', fields: 'name' }, { status: 400 }),
    says: /answered 400/,
  },
  { answer: 'a network error', respond: () => HttpResponse.error(), says: /the server could not be reached/ },
  {
    answer: '201 whose body is not a stored quote',
    respond: () =>
      HttpResponse.json({ ...wireQuote, service_type: 'roofing', created_at: 'yesterday' }, { status: 201 }),
    says: /not what the API promises \(created_at: .+; service_type: .+\)/,
  },
  {
    answer: '201 whose body is not JSON',
    respond: () => HttpResponse.html('<h1>Welcome</h1>', { status: 201 }),
    says: /the server's answer is not JSON/,
  },
  {
    answer: '201 with an empty body',
    respond: () => new HttpResponse(null, { status: 201 }),
    says: /not what the API promises/,
  },
  {
    answer: 'no answer before the timeout',
    respond: async () => {
      await delay(1_000);
      return HttpResponse.json(wireQuote, { status: 201 });
    },
    timeoutMs: 50,
    says: /the server did not answer within 50 ms/,
  },
];

test.for(storageFailures)('$answer is a storage failure through submitQuote, logged, never thrown', async (failure) => {
  const { respond, says, timeoutMs } = failure;
  const { url, repository } = restApi(timeoutMs === undefined ? {} : { timeoutMs });
  server.use(http.post(url, respond));
  const { logger, errors } = recordingLogger();

  const result = submitQuote({ quotes: repository, notifier: new ServerNotifier(), logger }, draft);

  await expect(result).resolves.toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
  expect(errors[0]?.cause).toBeInstanceOf(Error);
  expect(errors[0]?.cause).not.toBeInstanceOf(QuoteRejected);
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});

test.for([
  { answer: '503', respond: unavailable },
  { answer: 'a network error', respond: () => HttpResponse.error() },
])('a POST answered with $answer is never sent again', async ({ respond }) => {
  const { url, repository } = restApi();
  let attempts = 0;
  server.use(
    http.post(url, () => {
      attempts++;
      return respond();
    }),
  );

  await expect(repository.insert(quote)).rejects.toThrow(/^Storing the quote request failed/);
  expect(attempts).toBe(1);
});
