import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { deleteQuote } from '../../domain/inbox/delete-quote';
import { NotSignedIn } from '../../domain/staff/staff';
import { messageOf, mockApi } from './mock-api.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { listAll, requestOf } from '../contracts/store-under-test.test-support';

const quote = sampleQuote();

const { server, restApi } = mockApi();

const notSignedIn = () => HttpResponse.json({ error: 'not-signed-in', message: 'Sign in as staff' }, { status: 401 });
const unavailable = () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 });

test('deleteQuote removes the request on the server', async () => {
  const { repository, quotes } = restApi();
  const kept = await quotes.insert({ ...quote, name: 'Kept' });
  const gone = await quotes.insert(quote);
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes: repository, logger }, gone.id)).toEqual({ ok: true });
  expect(await listAll(quotes, new Date())).toEqual([requestOf(kept)]);
  expect(errors).toEqual([]);
});

test('a 404 means it is not there: delete answers false, deleteQuote reports not-found', async () => {
  const { repository } = restApi();

  expect(await repository.delete('no-such-id')).toBe(false);
  expect(await deleteQuote({ quotes: repository, logger: recordingLogger().logger }, 'no-such-id')).toEqual({
    ok: false,
    error: { kind: 'not-found' },
  });
});

test('a 401 is NotSignedIn, which deleteQuote reports as not-signed-in without logging', async () => {
  const { url, repository, quotes } = restApi();
  const stored = await quotes.insert(quote);
  server.use(http.delete(`${url}/:id`, notSignedIn));
  const { logger, errors } = recordingLogger();

  await expect(repository.delete(stored.id)).rejects.toBeInstanceOf(NotSignedIn);
  expect(await deleteQuote({ quotes: repository, logger }, stored.id)).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
  expect(errors).toEqual([]);
  expect(await listAll(quotes, new Date())).toEqual([requestOf(stored)]);
});

test('the id is sent percent-encoded as the last segment of the path', async () => {
  const { url, repository } = restApi();
  const requested: string[] = [];
  server.use(
    http.delete(`${url}/:id`, ({ request }) => {
      requested.push(request.url);
      return new HttpResponse(null, { status: 204 });
    }),
  );

  expect(await repository.delete('a/b c?d')).toBe(true);
  expect(requested).toEqual([`${url}/a%2Fb%20c%3Fd`]);
});

test('a DELETE answered 503 is tried again, and the next answer counts', async () => {
  const { url, repository, quotes } = restApi();
  const stored = await quotes.insert(quote);
  let attempts = 0;
  server.use(
    http.delete(`${url}/:id`, () => {
      attempts++;
      return attempts === 1 ? unavailable() : undefined;
    }),
  );

  expect(await repository.delete(stored.id)).toBe(true);
  expect(attempts).toBe(2);
  expect(await listAll(quotes, new Date())).toEqual([]);
});

test.for([
  { answer: '503 every time', respond: unavailable, says: /^Deleting the quote request failed: the server answered 503/ },
  { answer: 'a network error', respond: () => HttpResponse.error(), says: /the server could not be reached/ },
  {
    answer: '500',
    respond: () => HttpResponse.text('Internal Server Error', { status: 500 }),
    says: /answered 500/,
  },
])('a DELETE answered with $answer is a storage failure through deleteQuote, logged', async ({ respond, says }) => {
  const { url, repository } = restApi();
  server.use(http.delete(`${url}/:id`, respond));
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes: repository, logger }, 'q-1')).toEqual({
    ok: false,
    error: { kind: 'storage-failure' },
  });
  expect(errors).toHaveLength(1);
  expect(messageOf(errors[0]?.cause)).toMatch(says);
});
