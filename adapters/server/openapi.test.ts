import { expect, test } from 'vitest';
import { openApiDocument } from '../http-api/openapi';
import { apiPaths } from '../http-api/wire';
import { startTestServer } from './test-server.test-support';

const documented = (method: string, status: number) => {
  const operations: Record<string, { responses: Record<string, unknown> }> = openApiDocument.paths[apiPaths.quoteRequests];
  return Object.keys(operations[method.toLowerCase()]?.responses ?? {}).includes(String(status));
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
    await post(JSON.stringify({ name: 'Ada', phone: '020 7946 0777', service_type: 'general' }), 'application/json');
    await post(JSON.stringify({}), 'application/json');
    await post('{', 'application/json');
    await post('x'.repeat(20_000), 'application/json');
    await post('hello', 'text/plain');
    await post(new URLSearchParams({ name: 'Ada', phone: '020 7946 0777', service_type: 'general' }));
    await fetch(`${server.url}${apiPaths.quoteRequests}`, { headers: { cookie: server.staffCookie } });
    await server.db.destroy();
    await post(JSON.stringify({ name: 'Ada', phone: '020 7946 0777', service_type: 'general' }), 'application/json');
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
    for (const { method, status } of answered) expect(documented(method, status), `${method} ${status}`).toBe(true);
  } finally {
    await server.stop();
  }
});
