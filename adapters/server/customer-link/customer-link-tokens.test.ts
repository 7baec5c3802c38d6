import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { customerTokenHash, isCustomerTokenShaped } from '../../../domain/customer-link/customer-link';
import { DerivedCustomerTokens, sharedCustomerTokens } from './customer-link-tokens';

const secret = () => randomBytes(32).toString('base64url');

test('a request’s token is shaped as every customer token is, and the same each time it is derived', () => {
  const tokens = new DerivedCustomerTokens(secret());
  const token = tokens.tokenFor('7f0c2a57-1d1e-4c8e-9a51-6d7c1b2e3f40');
  expect(isCustomerTokenShaped(token)).toBe(true);
  expect(tokens.tokenFor('7f0c2a57-1d1e-4c8e-9a51-6d7c1b2e3f40')).toBe(token);
});

test('tokens differ between requests, and between servers with different secrets', () => {
  const tokens = new DerivedCustomerTokens(secret());
  expect(tokens.tokenFor('a')).not.toBe(tokens.tokenFor('b'));
  expect(new DerivedCustomerTokens(secret()).tokenFor('a')).not.toBe(tokens.tokenFor('a'));
});

test('a link’s hash is the domain’s hash of its token, the one every store looks tokens up by', async () => {
  const tokens = new DerivedCustomerTokens(secret());
  for (const id of ['7f0c2a57-1d1e-4c8e-9a51-6d7c1b2e3f40', 'a', '42']) {
    const { token, hash } = tokens.linkFor(id);
    expect(token).toBe(tokens.tokenFor(id));
    expect(hash).toBe(await customerTokenHash(token));
  }
});

test('a secret too short to be a key is refused', () => {
  expect(() => new DerivedCustomerTokens(randomBytes(16).toString('base64url'))).toThrow(/32 base64url bytes/);
});

test('servers sharing one secret store derive the same tokens', async () => {
  const kept = new Map<string, string>();
  const secrets = {
    keepOnce: (name: string, value: string) => {
      if (!kept.has(name)) kept.set(name, value);
      return Promise.resolve(kept.get(name) ?? value);
    },
  };
  const [one, other] = [await sharedCustomerTokens(secrets), await sharedCustomerTokens(secrets)];
  expect(one.tokenFor('42')).toBe(other.tokenFor('42'));
});
