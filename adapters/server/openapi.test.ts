import { inspectRoutes } from 'hono/dev';
import { expect, test } from 'vitest';
import { fromInboxSearchParams } from '../http-api/inbox-params';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { maxPushDevicesPerStaff } from '../../domain/alerts/alert-devices';
import { alertPaths } from '../http-api/alerts-wire';
import { apiPaths } from '../http-api/wire';
import { startTestServer, type TestServer } from './test-server.test-support';
import { sidewaysPhoneJpeg } from '../photos/test-photos.test-support';

interface Operation {
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

/** The contract as the server serves it, made from its routes' descriptions. */
async function contractOf(server: TestServer): Promise<{ openapi: string; paths: Paths; components: Record<string, Record<string, unknown>> }> {
  const response = await fetch(`${server.url}${apiPaths.openapi}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { openapi: string; paths: Paths; components: Record<string, Record<string, unknown>> };
}

/** Whether the contract lists this answer for the path as it was requested (an id for `{id}`). */
const documented = (paths: Paths, path: string, method: string, status: number) => {
  const template = Object.keys(paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  const operations = template === undefined ? {} : paths[template];
  return Object.keys(operations?.[method.toLowerCase()]?.responses ?? {}).includes(String(status));
};

/** Routes that answer JSON outside /api: the health checks. */
const jsonRoutesOutsideApi = new Set(['/healthz', '/readyz']);
/** The answer to an API path the app has no route for: not an operation. */
const unknownApiPath = '/api/*';

test('the contract has an operation for every API route the app has, and none the app lacks', async () => {
  const server = await startTestServer('sqlite', { alerts: {}, customerLinks: true });
  try {
    const routes = new Set(
      inspectRoutes(server.app)
        .filter(({ method, path, isMiddleware }) => !isMiddleware && method !== 'ALL' && path !== unknownApiPath && (path.startsWith('/api/') || jsonRoutesOutsideApi.has(path)))
        // Hono's `:id` is OpenAPI's `{id}`.
        .map(({ method, path }) => `${method.toLowerCase()} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const { paths } = await contractOf(server);
    const operations = new Set(Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`)));
    expect([...routes].filter((route) => !operations.has(route)).sort(), 'routes the contract leaves out').toEqual([]);
    expect([...operations].filter((operation) => !routes.has(operation)).sort(), 'operations the app lacks').toEqual([]);
  } finally {
    await server.stop();
  }
});

test('the contract is an OpenAPI 3.1 document whose every reference is to a schema it holds', async () => {
  const server = await startTestServer('sqlite', { alerts: {}, customerLinks: true });
  try {
    const contract = await contractOf(server);
    expect(contract.openapi).toBe('3.1.0');
    const references = [...JSON.stringify(contract).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(([, name]) => name);
    expect(references.length).toBeGreaterThan(0);
    for (const name of new Set(references)) expect(contract.components.schemas, name).toHaveProperty([name ?? '']);
    for (const [path, methods] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(methods)) expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    }
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
    const { paths } = await contractOf(server);
    for (const { method, status } of answered) expect(documented(paths, apiPaths.quoteRequests, method, status), `${method} ${status}`).toBe(true);
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
    const step = (from: string, to: string, extra: object = {}) => ({ kind: 'status-moved', from, to, ...extra });
    await post(`/${id}/activity`, step('new', 'won'));
    await post(`/${id}/activity`, step('new', 'contacted'));
    await post(`/${id}/activity`, step('new', 'contacted'));
    await post(`/${id}/activity`, { kind: 'status-moved', from: 'new' });
    await post(`/${id}/activity`, '{');
    await post(`/${id}/activity`, step('new', 'contacted'), { ...staff, origin: 'https://evil.example' });
    await post(`/${id}/activity`, step('new', 'contacted'), {});
    await post('/no-such-id/activity', step('new', 'contacted'));
    await post(`/${id}/activity`, step('contacted', 'quoted', { padding: 'x'.repeat(20_000) }));
    await post(`/${id}/activity`, { kind: 'note', text: 'Call back after six' });
    await post(`/${id}/activity`, { kind: 'note', text: '  ' });
    await post(`/${id}/activity`, { kind: 'review-opened' });
    await post('/no-such-id/activity', { kind: 'note', text: 'Lost' });
    await post(`/${id}/resend-email`);
    await post('/no-such-id/resend-email');
    await post(`/${spamId}/activity`, { kind: 'spam-cleared' });
    await post(`/${spamId}/activity`, { kind: 'spam-cleared' });
    await post('/no-such-id/activity', { kind: 'spam-cleared' });
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
      'POST /{id}/activity 422',
      'POST /{id}/activity 201',
      'POST /{id}/activity 409',
      'POST /{id}/activity 400',
      'POST /{id}/activity 400',
      'POST /{id}/activity 403',
      'POST /{id}/activity 401',
      'POST /no-such-id/activity 404',
      'POST /{id}/activity 413',
      'POST /{id}/activity 201',
      'POST /{id}/activity 400',
      'POST /{id}/activity 400',
      'POST /no-such-id/activity 404',
      'POST /{id}/resend-email 202',
      'POST /no-such-id/resend-email 404',
      'POST /{spamId}/activity 201',
      'POST /{spamId}/activity 409',
      'POST /no-such-id/activity 404',
      'GET  503',
      'GET /summary 503',
    ]);
    const { paths } = await contractOf(server);
    for (const { method, path, status } of answered) expect(documented(paths, path, method, status), `${method} ${path} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});

test('the inbox parameters the contract gives defaults for default as the server reads them', async () => {
  const server = await startTestServer('sqlite');
  try {
    const parameters = (await contractOf(server)).paths[apiPaths.quoteRequests]?.get?.parameters ?? [];
    const defaults = Object.fromEntries(parameters.flatMap(({ name, schema }) => ('default' in schema ? [[name, schema.default]] : [])));
    const read = fromInboxSearchParams(() => undefined);

    expect(defaults).toEqual({ view: 'all', limit: 50 });
    expect(read).toMatchObject({ ok: true, query: { view: defaults.view }, limit: defaults.limit });
  } finally {
    await server.stop();
  }
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
    const { paths } = await contractOf(server);
    for (const { method, path, status } of answered) expect(documented(paths, path.replace('{id}', 'x').replace('{photoId}', 'y'), method, status), `${method} ${path} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});

test('every status the alert settings answer is in the contract', async () => {
  const server = await startTestServer('sqlite', { alerts: { allowLoopbackPush: false } });
  const staff = { cookie: server.staffCookie, 'content-type': 'application/json' };
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = staff) =>
    fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const device = (index: number) => ({ endpoint: `https://push.example.net/send/${index}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }, label: `Phone ${index}` });
  try {
    await call('GET', alertPaths.key);
    await call('GET', alertPaths.devices);
    await call('GET', alertPaths.devices, undefined, {});
    for (let index = 0; index <= maxPushDevicesPerStaff; index++) await call('POST', alertPaths.devices, device(index));
    await call('POST', alertPaths.devices, { ...device(0), endpoint: 'https://127.0.0.1/push/x' });
    await call('POST', alertPaths.devices, '{');
    await call('POST', alertPaths.devices, { ...device(0), padding: 'x'.repeat(20_000) });
    await call('POST', alertPaths.devices, device(0), { ...staff, origin: 'https://evil.example' });
    await call('DELETE', alertPaths.device('no-such-device'));
    await call('POST', alertPaths.test);
    await call('GET', alertPaths.rota);
    await call('PUT', alertPaths.rota, { shifts: [] });
    await call('PUT', alertPaths.rota, { shifts: [{ staff: 'x', day: 'someday', start: '8', end: '9' }] });
    await server.db.destroy();
    await call('GET', alertPaths.devices);

    const statuses = new Set(server.logs.map(({ method, path, status }) => `${method} ${path.replace(/\/devices\/.+$/, '/devices/{id}')} ${status}`));
    expect([...statuses].sort()).toEqual(
      [
        'GET /api/alerts/key 200',
        'GET /api/alerts/devices 200',
        'GET /api/alerts/devices 401',
        'POST /api/alerts/devices 201',
        'POST /api/alerts/devices 409',
        'POST /api/alerts/devices 400',
        'POST /api/alerts/devices 413',
        'POST /api/alerts/devices 403',
        'DELETE /api/alerts/devices/{id} 404',
        'POST /api/alerts/test 200',
        'GET /api/alerts/rota 200',
        'PUT /api/alerts/rota 200',
        'PUT /api/alerts/rota 400',
        'GET /api/alerts/devices 503',
      ].sort(),
    );
    const { paths } = await contractOf(server);
    for (const { method, path, status } of server.logs) expect(documented(paths, path, method, status), `${method} ${path} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});
