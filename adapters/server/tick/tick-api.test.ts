import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { expect, test } from 'vitest';
import { tickApi } from './tick-api';

function tickApp(run: () => Promise<void>) {
  const app = new Hono();
  app.onError((error, c) => (error instanceof HTTPException ? error.getResponse() : c.json({ error: 'internal-error' }, 500)));
  app.route('/api/tick', tickApi({ secret: 'a-long-random-tick-secret', run }));
  return app;
}

test('the tick runs its work only for the scheduler holding the secret', async () => {
  let runs = 0;
  const app = tickApp(() => Promise.resolve(void (runs += 1)));
  expect((await app.request('/api/tick', { method: 'POST' })).status).toBe(401);
  expect((await app.request('/api/tick', { method: 'POST', headers: { authorization: 'Bearer a-long-random-tick-secreT' } })).status).toBe(401);
  expect((await app.request('/api/tick', { method: 'GET', headers: { authorization: 'Bearer a-long-random-tick-secret' } })).status).toBe(404);
  expect(runs).toBe(0);
  expect((await app.request('/api/tick', { method: 'POST', headers: { authorization: 'Bearer a-long-random-tick-secret' } })).status).toBe(204);
  expect(runs).toBe(1);
});

test('work that fails is answered 500, so the scheduler records the failure', async () => {
  const app = tickApp(() => Promise.reject(new Error('database unreachable')));
  expect((await app.request('/api/tick', { method: 'POST', headers: { authorization: 'Bearer a-long-random-tick-secret' } })).status).toBe(500);
});
