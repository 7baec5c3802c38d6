import * as v from 'valibot';
import { expect, test } from 'vitest';
import { toNamedFields } from '../../domain/quote/quote';
import { WireErrorSchema } from '../http-api/wire';
import { createApiHandlers } from './api-handlers.test-support';
import { mockApi } from './mock-api.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { listAll } from '../contracts/store-under-test.test-support';

const quote = sampleQuote();

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
  expect(await listAll(quotes, new Date())).toEqual([]);
});

test('a request that breaks a rule gets 400 naming the field as on the wire', async () => {
  const { url } = restApi();

  const response = await post(url, JSON.stringify({ ...toNamedFields(quote), service_type: 'roofing' }));

  expect(await errorOf(response)).toMatchObject({
    status: 400,
    body: { error: 'invalid-fields', fields: [{ field: 'service_type' }] },
  });
});

test('a store that fails gets 503 storage-unavailable, for posts, pages and changes alike', async () => {
  const baseUrl = 'http://failing-store.test';
  const down = () => Promise.reject(new Error('disk full'));
  const quotes = { insert: down, delete: down };
  const inbox = { findPage: down, record: down, clockRecords: down, viewCounts: down, resendBusinessEmail: down };
  server.use(...createApiHandlers({ baseUrl, quotes, inbox }));
  const url = `${baseUrl}/api/quote-requests`;

  const unavailable = { status: 503, body: { error: 'storage-unavailable' } };
  expect(await errorOf(await post(url, JSON.stringify(toNamedFields(quote))))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(url))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(`${url}/summary`))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(`${url}/counts`))).toMatchObject(unavailable);
  expect(await errorOf(await post(`${url}/q-1/activity`, JSON.stringify({ kind: 'status-moved', from: 'new', to: 'contacted' })))).toMatchObject(unavailable);
  expect(await errorOf(await post(`${url}/q-1/activity`, JSON.stringify({ kind: 'note', text: 'Hello' })))).toMatchObject(unavailable);
  expect(await errorOf(await post(`${url}/q-1/resend-email`, ''))).toMatchObject(unavailable);
  expect(await errorOf(await fetch(`${url}/q-1`, { method: 'DELETE' }))).toMatchObject(unavailable);
});

test('the inbox answers as the server does: a page object, 400 naming a parameter, 404, 409, 422', async () => {
  const { url, quotes } = restApi();
  const stored = await quotes.insert(quote);

  expect(await (await fetch(`${url}?view=all`)).json()).toMatchObject({ total: 1, next: null, quotes: [{ id: stored.id, status: 'new' }] });
  expect(await errorOf(await fetch(`${url}?urgent=maybe&limit=900`))).toMatchObject({
    status: 400,
    body: { error: 'invalid-fields', fields: [{ field: 'urgent' }, { field: 'limit' }] },
  });
  const move = (from: string, to: string, id = stored.id) => post(`${url}/${id}/activity`, JSON.stringify({ kind: 'status-moved', from, to }));
  expect((await move('new', 'contacted')).status).toBe(201);
  expect(await errorOf(await move('new', 'contacted'))).toMatchObject({ status: 409, body: { error: 'conflict', current: 'contacted' } });
  expect(await errorOf(await move('contacted', 'new'))).toMatchObject({ status: 422, body: { error: 'not-allowed' } });
  expect(await errorOf(await move('new', 'contacted', 'no-such-id'))).toMatchObject({ status: 404, body: { error: 'not-found' } });
  expect(await errorOf(await post(`${url}/${stored.id}/activity`, JSON.stringify({ kind: 'note', text: ' ' })))).toMatchObject({
    status: 400,
    body: { error: 'invalid-fields', fields: [{ field: 'text', message: 'Write the note before adding it' }] },
  });
});

test('without a staff session every staff call is 401, and the public post still works', async () => {
  const { url } = restApi({ staffEmail: null });

  expect((await post(url, JSON.stringify(toNamedFields(quote)))).status).toBe(201);
  for (const response of [
    await fetch(url),
    await fetch(`${url}/summary`),
    await post(`${url}/q-1/activity`, JSON.stringify({ kind: 'status-moved', from: 'new', to: 'contacted' })),
    await fetch(`${url}/q-1`, { method: 'DELETE' }),
  ]) {
    expect(await errorOf(response)).toMatchObject({ status: 401, body: { error: 'not-signed-in' } });
  }
});

test('DELETE of a stored request answers 204 with no body, and then 404 not-found', async () => {
  const { url, quotes } = restApi();
  const stored = await quotes.insert(quote);

  const deleted = await fetch(`${url}/${stored.id}`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  expect(await deleted.text()).toBe('');
  expect(await listAll(quotes, new Date())).toEqual([]);

  expect(await errorOf(await fetch(`${url}/${stored.id}`, { method: 'DELETE' }))).toMatchObject({
    status: 404,
    body: { error: 'not-found' },
  });
});
