import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { InMemorySecretStore } from '../../push/in-memory-secret-store.test-support';
import { HmacFormTokens, sharedFormTokens } from './form-tokens';

const secret = randomBytes(32).toString('base64url');
const tokens = new HmacFormTokens(secret);
const opened = new Date('2026-11-20T09:00:00.000Z');
const later = (ms: number) => new Date(opened.getTime() + ms);
const hour = 60 * 60 * 1000;

test('a token tells how long ago its page was issued, to the millisecond', async () => {
  const token = await tokens.issue(opened);
  expect(token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
  expect(await tokens.secondsSince(token, opened)).toBe(0);
  expect(await tokens.secondsSince(token, later(2_500))).toBe(2.5);
  expect(await tokens.secondsSince(token, later(23 * hour))).toBe(23 * 60 * 60);
});

test('a token older than a day counts as none', async () => {
  const token = await tokens.issue(opened);
  expect(await tokens.secondsSince(token, later(24 * hour))).toBe(24 * 60 * 60);
  expect(await tokens.secondsSince(token, later(24 * hour + 1))).toBeNull();
});

test('a token dated in the future is refused, beyond a few seconds between two servers’ clocks', async () => {
  const token = await tokens.issue(later(2_000));
  expect(await tokens.secondsSince(token, opened)).toBe(0);
  expect(await tokens.secondsSince(await tokens.issue(later(hour)), opened)).toBeNull();
});

test('a token made without the secret, or signed with another, is refused', async () => {
  const other = new HmacFormTokens(randomBytes(32).toString('base64url'));
  expect(await tokens.secondsSince(await other.issue(opened), later(10_000))).toBeNull();
  expect(await tokens.secondsSince(`${opened.getTime()}.${'A'.repeat(43)}`, later(10_000))).toBeNull();
});

test('a token whose time or mac was altered is refused', async () => {
  const token = await tokens.issue(opened);
  const [issued = '', mac = ''] = token.split('.');
  // Backdated by a minute, so as to look slower than a script.
  expect(await tokens.secondsSince(`${Number(issued) - 60_000}.${mac}`, later(1_000))).toBeNull();
  const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
  expect(await tokens.secondsSince(`${issued}.${flipped}`, later(10_000))).toBeNull();
});

test('anything that is not a token is refused, never thrown', async () => {
  const token = await tokens.issue(opened);
  const malformed = ['', '.', token.replace('.', ''), `${token}.`, ` ${token}`, `${token}=`, token.slice(0, -1), `x${token}`, `-${token}`, '1e12.abc', 'null'];
  for (const text of malformed) expect(await tokens.secondsSince(text, later(10_000)), text).toBeNull();
});

test('every server on one database signs with the key the first one kept', async () => {
  const secrets = new InMemorySecretStore();
  const first = await sharedFormTokens(secrets);
  const second = await sharedFormTokens(secrets);
  expect(await second.secondsSince(await first.issue(opened), later(5_000))).toBe(5);
  expect(() => new HmacFormTokens('short')).toThrow('32 base64url bytes');
});

test('backdated tokens, for the end-to-end tests, read as issued that long before', async () => {
  const backdated = new HmacFormTokens(secret, { backdateSeconds: 10 });
  expect(await tokens.secondsSince(await backdated.issue(opened), opened)).toBe(10);
});
