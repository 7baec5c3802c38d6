import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { bearerStaffGate } from './bearer-staff-gate';
import type { StaffEnv } from './staff-gate';

function appWith(verify: Parameters<typeof bearerStaffGate>[0]) {
  const gate = bearerStaffGate(verify);
  const app = new Hono<StaffEnv>();
  app.route('/api/session', gate.api);
  app.get('/api/private', gate.requireStaff, (c) => c.json({ who: c.get('staff').email }));
  return app;
}

const valid = 'token-of-amira';
const verify = (token: string) => Promise.resolve(token === valid ? { email: 'amira@se1-plumbing.example' } : null);

test('only a valid token is let through, and the staff member it names is who acts', async () => {
  const app = appWith(verify);
  expect((await app.request('/api/private')).status).toBe(401);
  expect((await app.request('/api/private', { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
  expect((await app.request('/api/private', { headers: { authorization: `Basic ${valid}` } })).status).toBe(401);
  // A cookie is never read: another site's page cannot act for staff.
  expect((await app.request('/api/private', { headers: { cookie: `staff_session=${valid}` } })).status).toBe(401);
  const allowed = await app.request('/api/private', { headers: { authorization: `Bearer ${valid}` } });
  expect(allowed.status).toBe(200);
  expect(await allowed.json()).toEqual({ who: 'amira@se1-plumbing.example' });
});

test('/api/session says who the token is, and nobody without one; signing in is not done here', async () => {
  const app = appWith(verify);
  expect(await (await app.request('/api/session')).json()).toEqual({ staff: null });
  expect(await (await app.request('/api/session', { headers: { authorization: `Bearer ${valid}` } })).json()).toEqual({ staff: { email: 'amira@se1-plumbing.example' } });
  const signIn = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'x' }) });
  expect(signIn.status).toBe(404);
});

test('when the token cannot be checked, staff are told so (503), never let through', async () => {
  const app = appWith(() => Promise.reject(new Error('the sign-in service is down')));
  const answer = await app.request('/api/private', { headers: { authorization: `Bearer ${valid}` } });
  expect(answer.status).toBe(503);
  expect(await answer.json()).toMatchObject({ error: 'storage-unavailable' });
  expect((await appWith(() => Promise.resolve('unavailable')).request('/api/session', { headers: { authorization: `Bearer ${valid}` } })).status).toBe(503);
});
