import { expect, test } from 'vitest';
import { fromInboxSearchParams } from '../http-api/inbox-params';
import { toNamedFields } from '../../domain/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { openApiDocument } from '../http-api/openapi';
import { apiPaths } from '../http-api/wire';
import { startTestServer } from './test-server.test-support';
import { sidewaysPhoneJpeg } from '../photos/test-photos.test-support';

const paths: Record<string, Record<string, { responses: Record<string, unknown> }>> = openApiDocument.paths;

/** Whether the contract lists this answer for the path as it was requested (an id for `{id}`). */
const documented = (path: string, method: string, status: number) => {
  const template = Object.keys(paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  const operations = template === undefined ? {} : paths[template];
  return Object.keys(operations?.[method.toLowerCase()]?.responses ?? {}).includes(String(status));
};

test('the contract is served at /api/openapi.json', async () => {
  const server = await startTestServer('sqlite');
  try {
    const response = await fetch(`${server.url}${apiPaths.openapi}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
  } finally {
    await server.stop();
  }
});

test('every status the API answers is in the contract', async () => {
  const server = await startTestServer('sqlite');
  const post = (body: BodyInit, type?: string) =>
    fetch(`${server.url}${apiPaths.quoteRequests}`, {
      method: 'POST',
      body,
      redirect: 'manual',
      ...(type ? { headers: { 'content-type': type } } : {}),
    });
  try {
    await post(JSON.stringify(toNamedFields(sampleQuote())), 'application/json');
    await post(JSON.stringify({}), 'application/json');
    await post('{', 'application/json');
    await post('x'.repeat(20_000), 'application/json');
    await post('hello', 'text/plain');
    await post(new URLSearchParams({ name: 'Ada', phone: '020 7946 0777', service_type: 'general' }));
    await fetch(`${server.url}${apiPaths.quoteRequests}`, { headers: { cookie: server.staffCookie } });
    await server.db.destroy();
    await post(JSON.stringify(toNamedFields(sampleQuote())), 'application/json');
    await fetch(`${server.url}${apiPaths.quoteRequests}`, { headers: { cookie: server.staffCookie } });

    const answered = server.logs.filter((entry) => entry.path === apiPaths.quoteRequests);
    expect(answered.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'POST 201',
      'POST 400',
      'POST 400',
      'POST 413',
      'POST 415',
      'POST 303',
      'GET 200',
      'POST 503',
      'GET 503',
    ]);
    for (const { method, status } of answered) expect(documented(apiPaths.quoteRequests, method, status), `${method} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});

test('every status the inbox answers is in the contract', async () => {
  const server = await startTestServer('sqlite');
  const url = `${server.url}${apiPaths.quoteRequests}`;
  const staff = { cookie: server.staffCookie };
  const post = (path: string, body?: unknown, headers: Record<string, string> = staff) =>
    fetch(`${url}${path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  try {
    const stored = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toNamedFields(sampleQuote())),
    });
    const { id } = (await stored.json()) as { id: string };
    const held = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...toNamedFields(sampleQuote({ name: 'Honey Bot' })), website: 'https://spam.example' }),
    });
    const { id: spamId } = (await held.json()) as { id: string };
    await fetch(url, { headers: staff });
    await fetch(`${url}?limit=0`, { headers: staff });
    await fetch(url);
    await fetch(`${url}/summary`, { headers: staff });
    await fetch(`${url}/clock-records?since=2024-01-01T00:00:00Z`, { headers: staff });
    await fetch(`${url}/clock-records`, { headers: staff });
    await post(`/${id}/status`, { from: 'new', to: 'won' });
    await post(`/${id}/status`, { from: 'new', to: 'contacted' });
    await post(`/${id}/status`, { from: 'new', to: 'contacted' });
    await post(`/${id}/status`, { from: 'new' });
    await post(`/${id}/status`, '{');
    await post(`/${id}/status`, { from: 'new', to: 'contacted' }, { ...staff, origin: 'https://evil.example' });
    await post(`/${id}/status`, { from: 'new', to: 'contacted' }, {});
    await post('/no-such-id/status', { from: 'new', to: 'contacted' });
    await post(`/${id}/status`, { from: 'contacted', to: 'quoted', padding: 'x'.repeat(20_000) });
    await post(`/${id}/notes`, { text: 'Call back after six' });
    await post(`/${id}/notes`, { text: '  ' });
    await post('/no-such-id/notes', { text: 'Lost' });
    await post(`/${id}/resend-email`);
    await post('/no-such-id/resend-email');
    await post(`/${spamId}/not-spam`);
    await post(`/${spamId}/not-spam`);
    await post('/no-such-id/not-spam');
    await server.db.destroy();
    await fetch(url, { headers: staff });
    await fetch(`${url}/summary`, { headers: staff });

    // All but the requests stored to work on.
    const answered = server.logs.slice(2);
    expect(answered.map(({ method, path, status }) => `${method} ${path.replace(id, '{id}').replace(spamId, '{spamId}').slice(apiPaths.quoteRequests.length)} ${status}`)).toEqual([
      'GET  200',
      'GET  400',
      'GET  401',
      'GET /summary 200',
      'GET /clock-records 200',
      'GET /clock-records 400',
      'POST /{id}/status 422',
      'POST /{id}/status 200',
      'POST /{id}/status 409',
      'POST /{id}/status 400',
      'POST /{id}/status 400',
      'POST /{id}/status 403',
      'POST /{id}/status 401',
      'POST /no-such-id/status 404',
      'POST /{id}/status 413',
      'POST /{id}/notes 201',
      'POST /{id}/notes 400',
      'POST /no-such-id/notes 404',
      'POST /{id}/resend-email 202',
      'POST /no-such-id/resend-email 404',
      'POST /{spamId}/not-spam 200',
      'POST /{spamId}/not-spam 409',
      'POST /no-such-id/not-spam 404',
      'GET  503',
      'GET /summary 503',
    ]);
    for (const { method, path, status } of answered) expect(documented(path, method, status), `${method} ${path} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});

test('the inbox parameters the contract gives defaults for default as the server reads them', () => {
  const { parameters } = openApiDocument.paths[apiPaths.quoteRequests].get;
  const defaults = Object.fromEntries(parameters.flatMap(({ name, schema }) => ('default' in schema ? [[name, schema.default]] : [])));
  const read = fromInboxSearchParams(() => undefined);

  expect(defaults).toEqual({ view: 'all', limit: 50 });
  expect(read).toMatchObject({ ok: true, query: { view: defaults.view }, limit: defaults.limit });
});

test('every status the photo routes answer is in the contract', { timeout: 30_000 }, async () => {
  const server = await startTestServer('sqlite');
  const url = `${server.url}${apiPaths.quoteRequests}`;
  const staff = { cookie: server.staffCookie };
  const withPhoto = (photo: Uint8Array) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ name: 'Ada', phone: '020 7946 0777', service_type: 'general' })) body.append(name, value);
    body.append('photos', new Blob([Buffer.from(photo)], { type: 'image/jpeg' }), 'boiler.jpg');
    return body;
  };
  try {
    const stored = await fetch(url, { method: 'POST', headers: { accept: 'application/json' }, body: withPhoto(await sidewaysPhoneJpeg()) });
    const { id } = (await stored.json()) as { id: string };
    await fetch(url, { method: 'POST', headers: { accept: 'application/json' }, body: withPhoto(new TextEncoder().encode('%PDF-1.4')) });
    const [photoId = ''] = await server.photos.ids(id);
    await fetch(`${url}/${id}/photos/${photoId}`, { headers: staff });
    await fetch(`${url}/${id}/photos/${photoId}/thumbnail`, { headers: staff });
    await fetch(`${url}/${id}/photos/${photoId}`);
    await fetch(`${url}/${id}/photos/no-such-photo/thumbnail`, { headers: staff });

    const answered = server.logs.map(({ method, path, status }) => ({ method, path: path.replace(id, '{id}').replace(photoId, '{photoId}'), status }));
    expect(answered.map(({ method, path, status }) => `${method} ${path.slice(apiPaths.quoteRequests.length)} ${status}`)).toEqual([
      'POST  201',
      'POST  400',
      'GET /{id}/photos/{photoId} 200',
      'GET /{id}/photos/{photoId}/thumbnail 200',
      'GET /{id}/photos/{photoId} 401',
      'GET /{id}/photos/no-such-photo/thumbnail 404',
    ]);
    for (const { method, path, status } of answered) expect(documented(path.replace('{id}', 'x').replace('{photoId}', 'y'), method, status), `${method} ${path} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});
