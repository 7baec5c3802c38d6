import { expect, test } from 'vitest';
import webPush from 'web-push';
import { business } from '../../domain/business';
import type { SecretStore } from '../../domain/ports/secret-store';
import { InMemorySecretStore } from './in-memory-secret-store.test-support';
import { parseVapidConfig, requireTakeTokenSecret, requireVapidKeys, secretNames } from './vapid-keys';

const pair = webPush.generateVAPIDKeys();
const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:office@se1-plumbing.example' };

test('keys set in the environment are used, and nothing is generated or kept', async () => {
  const secrets = new InMemorySecretStore();
  expect(await requireVapidKeys(env, secrets)).toEqual({ publicKey: pair.publicKey, privateKey: pair.privateKey, subject: 'mailto:office@se1-plumbing.example' });
  expect(secrets.peek(secretNames.vapidKeys)).toBeUndefined();
  expect((await requireVapidKeys({ ...env, VAPID_SUBJECT: 'https://www.se1plumbing.example/contact' }, secrets)).subject).toBe('https://www.se1plumbing.example/contact');
});

test('half a key pair is an error naming the variable that is missing', async () => {
  const secrets = new InMemorySecretStore();
  await expect(requireVapidKeys({ VAPID_PUBLIC_KEY: pair.publicKey }, secrets)).rejects.toThrow('VAPID_PRIVATE_KEY must be set when VAPID_PUBLIC_KEY is');
  await expect(requireVapidKeys({ VAPID_PRIVATE_KEY: pair.privateKey, VAPID_PUBLIC_KEY: '' }, secrets)).rejects.toThrow('VAPID_PUBLIC_KEY must be set when VAPID_PRIVATE_KEY is');
  expect(secrets.peek(secretNames.vapidKeys)).toBeUndefined();
});

test('keys of the wrong shape, a mismatched pair and a subject that is no contact are errors naming the variable', () => {
  const other = webPush.generateVAPIDKeys();
  expect(() => parseVapidConfig({ ...env, VAPID_PUBLIC_KEY: `${pair.publicKey}=` })).toThrow('VAPID_PUBLIC_KEY must be base64url');
  expect(() => parseVapidConfig({ ...env, VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 43) })).toThrow('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key');
  expect(() => parseVapidConfig({ ...env, VAPID_PRIVATE_KEY: pair.publicKey })).toThrow('VAPID_PRIVATE_KEY must be a P-256 private key');
  expect(() => parseVapidConfig({ ...env, VAPID_PRIVATE_KEY: other.privateKey })).toThrow('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  expect(() => parseVapidConfig({ ...env, VAPID_SUBJECT: 'office@se1-plumbing.example' })).toThrow('VAPID_SUBJECT must be a mailto: address or an https: URL');
  expect(() => parseVapidConfig({ ...env, VAPID_SUBJECT: 'http://www.se1plumbing.example' })).toThrow('VAPID_SUBJECT must be');
  expect(() => parseVapidConfig({ VAPID_PUBLIC_KEY: 'not a key!', VAPID_SUBJECT: 'ftp://x' })).toThrow(
    'Invalid push configuration: VAPID_PRIVATE_KEY must be set when VAPID_PUBLIC_KEY is; VAPID_PUBLIC_KEY must be base64url (A-Z, a-z, 0-9, - and _, no padding); VAPID_SUBJECT must be a mailto: address or an https: URL',
  );
  // The private key is never repeated in a message.
  const badKey = () => parseVapidConfig({ ...env, VAPID_PRIVATE_KEY: `${pair.privateKey}!` });
  expect(badKey).toThrow('VAPID_PRIVATE_KEY must be base64url');
  expect(badKey).not.toThrow(pair.privateKey);
});

test('without keys in the environment, a pair is generated at the first start and the same one kept ever after', async () => {
  const secrets = new InMemorySecretStore();
  const first = await requireVapidKeys({ NOTIFY_TO: 'office@se1-plumbing.example' }, secrets);
  expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(first.subject).toBe('mailto:office@se1-plumbing.example');
  const again = await requireVapidKeys({}, secrets);
  expect(again).toEqual({ ...first, subject: business.siteUrl });
  expect(parseVapidConfig({ VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey }).keys).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  expect((await requireVapidKeys({ VAPID_SUBJECT: 'mailto:ops@se1-plumbing.example' }, secrets)).subject).toBe('mailto:ops@se1-plumbing.example');
  expect((await requireVapidKeys({}, secrets, 'https://plumbing.example.co.uk')).subject).toBe('https://plumbing.example.co.uk');
  // A site on plain http (on its own port, behind a proxy) is named by its host over https.
  expect((await requireVapidKeys({}, secrets, 'http://127.0.0.1:8080')).subject).toBe('https://127.0.0.1');
});

test('servers starting together all use the pair kept first', async () => {
  // A store that answers only once every server has asked, as a database serialising their inserts would.
  const inner = new InMemorySecretStore();
  const asked: (() => void)[] = [];
  const racing: SecretStore = {
    keepOnce: (name, candidate) =>
      new Promise((resolve, reject) => {
        asked.push(() => {
          inner.keepOnce(name, candidate).then(resolve, reject);
        });
        if (asked.length === 5) for (const answer of asked) answer();
      }),
  };
  const keys = await Promise.all(Array.from({ length: 5 }, () => requireVapidKeys({}, racing)));
  expect(new Set(keys.map((key) => `${key.publicKey}/${key.privateKey}`)).size).toBe(1);
});

test('a kept value that is not a key pair is an error naming the secret', async () => {
  for (const kept of ['not json', '{}', JSON.stringify({ publicKey: pair.publicKey, privateKey: webPush.generateVAPIDKeys().privateKey })]) {
    await expect(requireVapidKeys({}, new InMemorySecretStore({ [secretNames.vapidKeys]: kept }))).rejects.toThrow('The VAPID keys kept as the secret "vapid-keys" are not a P-256 key pair');
  }
});

test('a store that cannot be reached fails the start', async () => {
  const down: SecretStore = { keepOnce: () => Promise.reject(new Error('connection refused')) };
  await expect(requireVapidKeys({}, down)).rejects.toThrow('connection refused');
  await expect(requireTakeTokenSecret(down)).rejects.toThrow('connection refused');
});

test('the key that signs take tokens is 32 random bytes, made once and kept', async () => {
  const secrets = new InMemorySecretStore();
  const secret = await requireTakeTokenSecret(secrets);
  expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
  expect(await requireTakeTokenSecret(secrets)).toBe(secret);
  expect(await requireTakeTokenSecret(new InMemorySecretStore())).not.toBe(secret);
  await expect(requireTakeTokenSecret(new InMemorySecretStore({ [secretNames.takeTokenSecret]: 'short' }))).rejects.toThrow('take-token-secret');
});
