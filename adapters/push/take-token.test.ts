import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { readTakeToken, signTakeToken, takeTokenLifetimeMs } from './take-token';

const secret = randomBytes(32).toString('base64url');
const quoteId = '7d6f3c1e-2a4b-4c8d-9e0f-1a2b3c4d5e6f';
const deliveryId = 'a1b2c3d4-e5f6-4789-8abc-def012345678';
const sentAt = new Date('2026-05-14T09:30:00.000Z');
const expiresAt = new Date(sentAt.getTime() + takeTokenLifetimeMs);
const token = signTakeToken(secret, { deliveryId, quoteId, expiresAt });
const read = (candidate: unknown, options: { quoteId?: string; now?: Date; secret?: string } = {}) =>
  readTakeToken(options.secret ?? secret, candidate, { quoteId: options.quoteId ?? quoteId, now: options.now ?? sentAt });

test('a token we signed reads back as its delivery, for its request, until it expires', () => {
  expect(read(token)).toBe(deliveryId);
  expect(read(token, { now: new Date(expiresAt.getTime() - 1) })).toBe(deliveryId);
  expect(read(token, { now: expiresAt })).toBeUndefined();
  expect(read(token, { now: new Date(expiresAt.getTime() + 60_000) })).toBeUndefined();
  expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  expect(token.length).toBeLessThan(512);
});

test('a token takes only the request it was sent about', () => {
  expect(read(token, { quoteId: 'b0c1d2e3-f405-4617-8829-3a4b5c6d7e8f' })).toBeUndefined();
  expect(read(token, { quoteId: '' })).toBeUndefined();
});

test('a token signed with another secret, or forged from a real one\'s parts, is refused', () => {
  const otherSecret = randomBytes(32).toString('base64url');
  expect(read(signTakeToken(otherSecret, { deliveryId, quoteId, expiresAt }))).toBeUndefined();
  expect(read(token, { secret: otherSecret })).toBeUndefined();
  const [, signature] = token.split('.');
  const later = Buffer.from(JSON.stringify({ d: deliveryId, e: expiresAt.getTime() + 365 * 24 * 3600_000 })).toString('base64url');
  expect(read(`${later}.${signature ?? ''}`, { now: new Date(expiresAt.getTime() + 1) })).toBeUndefined();
  const another = Buffer.from(JSON.stringify({ d: 'someone-elses-delivery', e: expiresAt.getTime() })).toString('base64url');
  expect(read(`${another}.${signature ?? ''}`)).toBeUndefined();
});

test('changing any one character of a token, or cutting it short, spoils it', () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
  for (let index = 0; index < token.length; index += 1) {
    for (const replacement of [alphabet[(alphabet.indexOf(token[index] ?? 'A') + 1) % alphabet.length], '.']) {
      const tampered = `${token.slice(0, index)}${replacement ?? ''}${token.slice(index + 1)}`;
      if (tampered !== token) expect(read(tampered), tampered).toBeUndefined();
    }
    expect(read(token.slice(0, index))).toBeUndefined();
    expect(read(token.slice(index + 1))).toBeUndefined();
  }
  expect(read(`${token}A`)).toBeUndefined();
  expect(read(`${token}.`)).toBeUndefined();
  expect(read(`${token}.${token}`)).toBeUndefined();
});

test('garbage of any shape is refused without an exception', () => {
  for (const garbage of ['', '.', '..', 'a.b', 'a.', '.b', ' ', `${token} `, token.replace('.', '=.'), 'x'.repeat(100_000), null, undefined, 42, {}, [token], new String(token)]) {
    expect(read(garbage)).toBeUndefined();
  }
  fc.assert(
    fc.property(fc.string(), fc.string({ unit: 'binary' }), (text, binary) => {
      expect(read(text)).toBeUndefined();
      expect(read(binary)).toBeUndefined();
    }),
  );
});

test('a signed payload not shaped as ours is refused: no delivery, or no time it ends', () => {
  expect(read(signTakeToken(secret, { deliveryId: '', quoteId, expiresAt }))).toBeUndefined();
  expect(read(signTakeToken(secret, { deliveryId, quoteId, expiresAt: new Date(Number.NaN) }))).toBeUndefined();
  expect(read(signTakeToken(secret, { deliveryId: 'd'.repeat(129), quoteId, expiresAt }))).toBeUndefined();
});

test('a secret too short to be one is a mistake, said at once', () => {
  expect(() => signTakeToken('short', { deliveryId, quoteId, expiresAt })).toThrow('at least 32 characters');
});
