import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { addQuoteNote } from '../../domain/inbox/add-quote-note';
import { changeQuoteStatus } from '../../domain/inbox/change-quote-status';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { NotSignedIn } from '../../domain/staff/staff';
import { sampleInboxQuote, sampleQuote } from '../../fixtures/sample-request.test-support';
import { toWireInboxQuote } from '../http-api/inbox-wire';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { messageOf, mockApi } from './mock-api.test-support';

const quote = sampleQuote();

const { server, restApi } = mockApi();

const unavailable = () => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 });
const notSignedIn = () => HttpResponse.json({ error: 'not-signed-in', message: 'Sign in as staff' }, { status: 401 });
const wireQuote = toWireInboxQuote(sampleInboxQuote({ ...quote, id: 'q-1', createdAt: new Date('2026-11-20T09:00:00Z') }));
const firstPage = { query: defaultInboxQuery, after: null, now: new Date() };
const move = { id: 'q-1', from: 'new', to: 'contacted', by: 'staff@example.co.uk', at: new Date() } as const;

test.for([
  { answer: '503', respond: unavailable },
  { answer: 'a network error', respond: () => HttpResponse.error() },
])('a page answered with $answer is asked for again, and the next answer counts', async ({ respond }) => {
  const { url, inbox, quotes } = restApi();
  const stored = await quotes.insert(quote);
  let attempts = 0;
  server.use(
    http.get(url, () => {
      attempts++;
      // Only the first attempt fails; the next falls through to the API handlers.
      return attempts === 1 ? respond() : undefined;
    }),
  );

  const page = await inbox.findPage({ ...firstPage, limit: 50 });
  expect(page.quotes.map(({ id }) => id)).toEqual([stored.id]);
  expect(attempts).toBe(2);
});

test('a page’s photos come back as the card lays them out, in the order sent', async () => {
  const { url, inbox } = restApi();
  const photos = [
    { id: 'p-1', width: 2048, height: 1536, thumbnail_width: 320, thumbnail_height: 240 },
    { id: 'p-2', width: 1536, height: 2048, thumbnail_width: 240, thumbnail_height: 320 },
  ];
  server.use(http.get(url, () => HttpResponse.json({ quotes: [{ ...wireQuote, photos }], total: 1, next: null })));

  const page = await inbox.findPage({ ...firstPage, limit: 50 });
  expect(page.quotes[0]?.photos).toEqual([
    { id: 'p-1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 },
    { id: 'p-2', width: 1536, height: 2048, thumbnailWidth: 240, thumbnailHeight: 320 },
  ]);
});

test('a page that keeps failing is asked for three times in all, and findQuotes reports a storage failure', async () => {
  const { url, inbox } = restApi();
  let attempts = 0;
  server.use(
    http.get(url, () => {
      attempts++;
      return unavailable();
    }),
  );
  const { logger, errors } = recordingLogger();

  expect(await findQuotes({ inbox, logger }, firstPage)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(attempts).toBe(3);
  expect(messageOf(errors[0]?.cause)).toMatch(/^Reading the inbox failed: the server answered 503/);
});

test.for([
  { answer: '500', respond: () => HttpResponse.text('Internal Server Error', { status: 500 }), says: /answered 500/ },
  {
    answer: 'a page with one request that is not one',
    respond: () => HttpResponse.json({ quotes: [wireQuote, { ...wireQuote, status: 'pending' }], total: 2, next: null }),
    says: /not what the API promises \(quotes\.1\.status: /,
  },
  { answer: 'the old list', respond: () => HttpResponse.json([wireQuote]), says: /not what the API promises/ },
  {
    answer: 'a photo without its sizes',
    respond: () => HttpResponse.json({ quotes: [{ ...wireQuote, photos: [{ id: 'p-1' }] }], total: 1, next: null }),
    says: /not what the API promises \(quotes\.0\.photos\.0\./,
  },
  {
    answer: 'a next cursor the API never writes',
    respond: () => HttpResponse.json({ quotes: [wireQuote], total: 2, next: 'page-2' }),
    says: /a cursor it cannot have written/,
  },
])('a page answered with $answer is a storage failure through findQuotes, asked for once', async ({ respond, says }) => {
  const { url, inbox } = restApi();
  let attempts = 0;
  server.use(
    http.get(url, () => {
      attempts++;
      return respond();
    }),
  );
  const { logger, errors } = recordingLogger();

  expect(await findQuotes({ inbox, logger }, firstPage)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(messageOf(errors[0]?.cause)).toMatch(says);
  expect(attempts).toBe(1);
});

test('a 401 anywhere is NotSignedIn, which the use cases report as not-signed-in without logging', async () => {
  const { url, inbox } = restApi();
  server.use(http.get(`${url}*`, notSignedIn), http.post(`${url}/:id/:action`, notSignedIn));
  const { logger, errors } = recordingLogger();

  await expect(inbox.findPage({ ...firstPage, limit: 50 })).rejects.toBeInstanceOf(NotSignedIn);
  await expect(inbox.clockRecords(new Date())).rejects.toBeInstanceOf(NotSignedIn);
  await expect(inbox.resendBusinessEmail('q-1', new Date())).rejects.toBeInstanceOf(NotSignedIn);
  const notSignedInResult = { ok: false, error: { kind: 'not-signed-in' } };
  expect(await findQuotes({ inbox, logger }, firstPage)).toEqual(notSignedInResult);
  expect(await changeQuoteStatus({ inbox, logger }, move)).toEqual(notSignedInResult);
  expect(await addQuoteNote({ inbox, logger }, { quoteId: 'q-1', text: 'Hello', by: move.by, at: move.at })).toEqual(notSignedInResult);
  expect(errors).toEqual([]);
});

test.for([
  { answer: '503', respond: unavailable },
  { answer: 'a network error', respond: () => HttpResponse.error() },
])('a change answered with $answer is never sent again, and is a storage failure', async ({ respond }) => {
  const { url, inbox } = restApi();
  let attempts = 0;
  server.use(
    http.post(`${url}/:id/:action`, () => {
      attempts++;
      return respond();
    }),
  );
  const { logger, errors } = recordingLogger();

  expect(await changeQuoteStatus({ inbox, logger }, move)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(await addQuoteNote({ inbox, logger }, { quoteId: 'q-1', text: 'Hello', by: move.by, at: move.at })).toEqual({
    ok: false,
    error: { kind: 'storage-failure' },
  });
  await expect(inbox.resendBusinessEmail('q-1', new Date())).rejects.toThrow(/^Resending the business email failed/);
  expect(attempts).toBe(3);
  expect(messageOf(errors[0]?.cause)).toMatch(/^Recording the step failed/);
});

test('a 409 that tells no refusal (no status it is at now, no reason) is not one the client can report, but a failure', async () => {
  const { url, inbox } = restApi();
  server.use(http.post(`${url}/:id/activity`, () => HttpResponse.json({ error: 'conflict', message: 'Moved' }, { status: 409 })));

  await expect(inbox.record({ id: 'q-1', step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: move.by, at: move.at })).rejects.toThrow(/answered 409/);
});
