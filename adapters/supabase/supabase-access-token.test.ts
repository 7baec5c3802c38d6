import { sign } from 'hono/jwt';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { mswServer } from '../contracts/msw-server.test-support';
import { accessTokenKeyOf, findAccessTokenEmail } from './supabase-access-token';

const server = mswServer();
const secret = 'the-project-jwt-secret-of-at-least-32-characters';
const projectUrl = 'https://project-ref.supabase.co';
/** Supabase Auth's issuer: the project's address and /auth/v1. */
const issuer = `${projectUrl}/auth/v1`;
const key = { kind: 'secret', secret, issuer } as const;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
/** Claims as Supabase Auth writes them into a signed-in user's access token. */
const signedIn = (overrides: Record<string, unknown> = {}) => ({
  sub: '3f1c1d7e-0000-4000-8000-000000000001',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'Sam@SE1Plumbing.example',
  iss: issuer,
  exp: inAnHour(),
  ...overrides,
});

test('a token the project signed for a signed-in user gives their email, lower-cased', async () => {
  expect(await findAccessTokenEmail(await sign(signedIn(), secret, 'HS256'), key)).toBe('sam@se1plumbing.example');
});

test('a forged, expired, anonymous or audience-less token gives nobody', async () => {
  const tokens = [
    await sign(signedIn(), 'another-secret-of-at-least-32-characters!', 'HS256'),
    await sign(signedIn({ exp: Math.floor(Date.now() / 1000) - 10 }), secret, 'HS256'),
    await sign({ role: 'anon', iss: 'supabase', exp: inAnHour() }, secret, 'HS256'),
    await sign(signedIn({ aud: 'somewhere-else' }), secret, 'HS256'),
    await sign(signedIn({ email: undefined }), secret, 'HS256'),
    'not.a.token',
  ];
  for (const token of tokens) expect(await findAccessTokenEmail(token, key)).toBeUndefined();
});

test('a token that never expires, or from another issuer, or naming none, gives nobody, however well it is signed', async () => {
  const tokens = [
    await sign(signedIn({ exp: undefined }), secret, 'HS256'),
    await sign(signedIn({ exp: 'tomorrow' }), secret, 'HS256'),
    await sign(signedIn({ iss: 'https://another-project.supabase.co/auth/v1' }), secret, 'HS256'),
    await sign(signedIn({ iss: projectUrl }), secret, 'HS256'),
    await sign(signedIn({ iss: 'supabase' }), secret, 'HS256'),
    await sign(signedIn({ iss: undefined }), secret, 'HS256'),
  ];
  for (const token of tokens) expect(await findAccessTokenEmail(token, key)).toBeUndefined();
  // The same claims with both, as Supabase Auth writes them, do.
  expect(await findAccessTokenEmail(await sign(signedIn(), secret, 'HS256'), key)).toBe('sam@se1plumbing.example');
});

test('with no secret set, the token is checked against the keys the project publishes', async () => {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const published = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' };
  const jwks = accessTokenKeyOf({ SUPABASE_URL: 'https://project-ref.supabase.co' });
  expect(jwks).toEqual({ kind: 'jwks', url: 'https://project-ref.supabase.co/auth/v1/.well-known/jwks.json', issuer });
  server.use(http.get('https://project-ref.supabase.co/auth/v1/.well-known/jwks.json', () => HttpResponse.json({ keys: [published] })));
  const privateJwk = { ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid: 'key-1', alg: 'ES256' };
  const token = await sign(signedIn(), privateJwk, 'ES256');
  expect(await findAccessTokenEmail(token, jwks)).toBe('sam@se1plumbing.example');
  // Signed by the project's own key, yet naming no expiry, or another issuer.
  expect(await findAccessTokenEmail(await sign(signedIn({ exp: undefined }), privateJwk, 'ES256'), jwks)).toBeUndefined();
  expect(await findAccessTokenEmail(await sign(signedIn({ iss: 'https://evil.example/auth/v1' }), privateJwk, 'ES256'), jwks)).toBeUndefined();
  expect(await findAccessTokenEmail(await sign(signedIn(), secret, 'HS256'), jwks)).toBeUndefined();
  // The same keys as Supabase gives every function, read from its secret without asking the project.
  const given = accessTokenKeyOf({ SUPABASE_JWKS: JSON.stringify({ keys: [published] }), SUPABASE_URL: 'https://project-ref.supabase.co' });
  server.resetHandlers();
  expect(given.kind).toBe('keys');
  expect(await findAccessTokenEmail(token, given)).toBe('sam@se1plumbing.example');
});

test('the secret, when set, is the key; without it, the keys or the project’s address; the issuer is always the project’s', () => {
  expect(accessTokenKeyOf({ JWT_SECRET: secret, SUPABASE_JWKS: '{"keys":[]}', SUPABASE_URL: 'https://project-ref.supabase.co/' })).toEqual(key);
  expect(() => accessTokenKeyOf({})).toThrow(/SUPABASE_URL/);
  // The issuer cannot be told without the project's address, even with the secret.
  expect(() => accessTokenKeyOf({ JWT_SECRET: secret })).toThrow(/SUPABASE_URL/);
});
