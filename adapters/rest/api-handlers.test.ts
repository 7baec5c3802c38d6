import * as v from 'valibot';
import { expect, test } from 'vitest';
import { toWireNewQuote, WireErrorSchema } from '../http-api/wire';
import { createApiHandlers } from './api-handlers.test-support';
import { mockApi } from './mock-api.test-support';
import { sampleQuote as quote } from '../../fixtures/sample-request';

// The handlers stand in for the server in the client's tests, so they must answer what the client
// never sends as the server does. Plain fetch here, not the client.
const { server, restApi } = mockApi();

const post = (url: string, body: string, contentType = 'application/json') =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });

async function errorOf(response: Response) {
  return { status: response.status, body: v.parse(WireErrorSchema, await response.json()) };
}

test.for([
  {
    sent: 'a form post',
    body: 'name=Sam',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
    error: 'unsupported-media-type',
  },
  { sent: 'broken JSON', body: '{"name": "Sam"', contentType: 'application/json', status: 400, error: 'invalid-json' },
  {
    sent: 'an oversized body',
    body: JSON.stringify({ name: 'x'.repeat(70_000) }),
    contentType: 'application/json',
    status: 413,
    error: 'payload-too-large',
  },
])('$sent gets $status $error', async ({ body, contentType, status, error }) => {
  const { url, quotes } = restApi();

  expect(await errorOf(await post(url, body, contentType))).toMatchObject({ status, body: { error } });
  expect(await quotes.listNewestFirst()).toEqual([]);
});

test('a request that breaks a rule gets 400 naming the field as on the wire', async () => {
  const { url } = restApi();

  const response = await post(url, JSON.stringify({ ...toWireNewQuote(quote), service_type: 'roofing' }));

  expect(await errorOf(response)).toMatchObject({
    status: 400,
    body: { error: 'invalid-fields', fields: [{ field: 'service_type' }] },
  });
});

test('a store that fails gets 503 storage-unavailable, for posts and lists alike', async () => {
  const baseUrl = 'http://failing-store.test';
  const down = () => Promise.reject(new Error('disk full'));
  const quotes = { insert: down, listNewestFirst: down, delete: down, deleteCreatedBefore: down };
  server.use(...createApiHandlers({ baseUrl, quotes }));
  const url = `${baseUrl}/api/quote-requests`;

  const unavailable = { status: 503, body: { error: 'storage-unavailable' } };
  expect(await errorOf(await post(url, JSON.stringify(toWireNewQuote(quote))))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(url))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(`${url}/q-1`, { method: 'DELETE' }))).toMatchObject(unavailable);
});

test('DELETE of a stored request answers 204 with no body, and then 404 not-found', async () => {
  const { url, quotes } = restApi();
  const stored = await quotes.insert(quote);

  const deleted = await fetch(`${url}/${stored.id}`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  expect(await deleted.text()).toBe('');
  expect(await quotes.listNewestFirst()).toEqual([]);

  expect(await errorOf(await fetch(`${url}/${stored.id}`, { method: 'DELETE' }))).toMatchObject({
    status: 404,
    body: { error: 'not-found' },
  });
});
