import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { recordingLogger } from '../../memory/recording-logger.test-support';
import { tickApi, tickPath } from './tick-api';

const secret = 'a-tick-secret-of-at-least-32-characters';

function appTicking(tick: () => Promise<void>) {
  const { logger, errors } = recordingLogger();
  const app = new Hono().route(tickPath, tickApi({ secret, tick, logger }));
  const post = (authorization?: string) =>
    app.request(tickPath, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization !== undefined && { authorization }) }, body: '{}' });
  return { post, errors };
}

test('the schedule’s post with the secret runs one tick and is answered 204', async () => {
  let ticks = 0;
  const { post } = appTicking(() => {
    ticks += 1;
    return Promise.resolve();
  });
  expect((await post(`Bearer ${secret}`)).status).toBe(204);
  expect(ticks).toBe(1);
});

test('without the secret, or with another, nothing runs', async () => {
  let ticks = 0;
  const { post } = appTicking(() => {
    ticks += 1;
    return Promise.resolve();
  });
  for (const authorization of [undefined, `Bearer ${secret.slice(0, -1)}`, `Bearer ${secret}x`, secret, `bearer ${secret}`]) {
    const response = await post(authorization);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'not-signed-in' });
  }
  expect(ticks).toBe(0);
});

test('a tick that fails is logged and answered 503, for the next to try again', async () => {
  const { post, errors } = appTicking(() => Promise.reject(new Error('database unreachable')));
  const response = await post(`Bearer ${secret}`);
  expect(response.status).toBe(503);
  expect(errors.map(({ message }) => message)).toEqual(['The tick failed']);
});

test('a short secret is refused when the API is made', () => {
  expect(() => tickApi({ secret: 'short', tick: () => Promise.resolve(), logger: recordingLogger().logger })).toThrow(/32 characters/);
});
