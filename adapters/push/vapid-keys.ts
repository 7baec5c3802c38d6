import { createECDH, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import webPush from 'web-push';
import { business } from '../../domain/business';
import type { SecretStore } from '../../domain/ports/secret-store';

/** The server's VAPID identity (RFC 8292): the P-256 key pair every push is signed with, and whom push services may contact. */
export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The P-256 private key, base64url. */
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service's operator can reach about our pushes. */
  subject: string;
}

/** The names the generated values are kept under in the SecretStore. */
export const secretNames = { vapidKeys: 'vapid-keys', takeTokenSecret: 'take-token-secret' } as const;

const base64url = /^[A-Za-z0-9_-]+$/;
const decodedLength = (text: string) => Buffer.from(text, 'base64url').length;

// An uncompressed P-256 point is 65 bytes (0x04, x, y); a private scalar is 32.
const PublicKey = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(base64url, `${name} must be base64url (A-Z, a-z, 0-9, - and _, no padding)`),
    v.check((text) => decodedLength(text) === 65 && Buffer.from(text, 'base64url')[0] === 4, `${name} must be an uncompressed P-256 public key (65 bytes, 87 base64url characters)`),
  );
const PrivateKey = (name: string) =>
  v.pipe(
    v.string(),
    v.regex(base64url, `${name} must be base64url (A-Z, a-z, 0-9, - and _, no padding)`),
    v.check((text) => decodedLength(text) === 32, `${name} must be a P-256 private key (32 bytes, 43 base64url characters)`),
  );

function isSubject(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && url.hostname !== '');
}
const Subject = (name: string) => v.pipe(v.string(), v.check(isSubject, `${name} must be a mailto: address or an https: URL`));

const KeyPair = v.object({ publicKey: PublicKey('VAPID_PUBLIC_KEY'), privateKey: PrivateKey('VAPID_PRIVATE_KEY') });

/** The public key that belongs to a private key, so a mismatched pair is caught at start, not by every push service. */
function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the VAPID settings, without generating anything: the key pair when set (both or neither),
 * and the subject when set. Throws an Error naming each variable that is missing or wrong. An empty
 * variable counts as unset. The messages never repeat a key.
 */
export function parseVapidConfig(env: Env): { keys: Pick<VapidKeys, 'publicKey' | 'privateKey'> | undefined; subject: string | undefined } {
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const publicKey = set('VAPID_PUBLIC_KEY');
  const privateKey = set('VAPID_PRIVATE_KEY');
  const subject = set('VAPID_SUBJECT');
  const problems: string[] = [];
  if (publicKey === undefined && privateKey !== undefined) problems.push('VAPID_PUBLIC_KEY must be set when VAPID_PRIVATE_KEY is');
  if (privateKey === undefined && publicKey !== undefined) problems.push('VAPID_PRIVATE_KEY must be set when VAPID_PUBLIC_KEY is');
  // One problem a variable: a key that is not base64url has no length worth reporting.
  const early = { abortPipeEarly: true } as const;
  const checks = [
    publicKey === undefined ? undefined : v.safeParse(PublicKey('VAPID_PUBLIC_KEY'), publicKey, early),
    privateKey === undefined ? undefined : v.safeParse(PrivateKey('VAPID_PRIVATE_KEY'), privateKey, early),
    subject === undefined ? undefined : v.safeParse(Subject('VAPID_SUBJECT'), subject, early),
  ];
  for (const check of checks) if (check?.success === false) problems.push(...check.issues.map((issue) => issue.message));
  if (problems.length === 0 && publicKey !== undefined && privateKey !== undefined && publicKeyOf(privateKey) !== publicKey) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  if (problems.length > 0) throw new Error(`Invalid push configuration: ${problems.join('; ')}`);
  return { keys: publicKey === undefined || privateKey === undefined ? undefined : { publicKey, privateKey }, subject };
}

/**
 * The subject pushes are signed with: VAPID_SUBJECT, else `mailto:` the business's inbox (NOTIFY_TO),
 * else the site's address; a site served on plain http (behind a proxy, or on its own port) is named
 * by its host over https, the one kind of URL push services take.
 */
export function vapidSubject(subject: string | undefined, env: Env, siteUrl: string): string {
  const notifyTo = env.NOTIFY_TO?.trim();
  if (subject !== undefined) return subject;
  if (notifyTo !== undefined && notifyTo !== '') return `mailto:${notifyTo}`;
  return siteUrl.startsWith('http:') ? `https://${new URL(siteUrl).hostname}` : siteUrl;
}

function defaultSubject(env: Env, siteUrl: string): string {
  const notifyTo = env.NOTIFY_TO?.trim();
  const subject = vapidSubject(undefined, env, siteUrl);
  if (!isSubject(subject)) throw new Error(`Invalid push configuration: set VAPID_SUBJECT to a mailto: address or an https: URL (${notifyTo === undefined || notifyTo === '' ? 'the site URL' : 'NOTIFY_TO'} is neither)`);
  return subject;
}

/**
 * The server's VAPID keys: from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise generated
 * at the first start and kept in `secrets`, as one value so that servers starting together all use
 * the pair that was kept first. The subject is VAPID_SUBJECT, else `mailto:` NOTIFY_TO, else `siteUrl`.
 * Rejects with an Error naming the variable when the settings are wrong, or when the store cannot be
 * reached or holds something that is not a key pair.
 */
export async function requireVapidKeys(env: Env, secrets: SecretStore, siteUrl: string = business.siteUrl): Promise<VapidKeys> {
  const config = parseVapidConfig(env);
  const subject = config.subject ?? defaultSubject(env, siteUrl);
  if (config.keys !== undefined) return { ...config.keys, subject };
  const kept = await secrets.keepOnce(secretNames.vapidKeys, JSON.stringify(webPush.generateVAPIDKeys()));
  const pair = v.safeParse(KeyPair, parseJson(kept), { abortPipeEarly: true });
  if (!pair.success || publicKeyOf(pair.output.privateKey) !== pair.output.publicKey) {
    throw new Error(`The VAPID keys kept as the secret "${secretNames.vapidKeys}" are not a P-256 key pair`);
  }
  return { ...pair.output, subject };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** 32 random bytes, base64url: enough that nobody guesses it. */
const takeTokenSecretBytes = 32;

/**
 * The key that signs "I'm on it" tokens (take-token.ts): made at the first start and kept in
 * `secrets`, so a token signed by one server is read by every other. Rejects when the store cannot
 * be reached or holds something too short to be one.
 */
export async function requireTakeTokenSecret(secrets: SecretStore): Promise<string> {
  const kept = await secrets.keepOnce(secretNames.takeTokenSecret, randomBytes(takeTokenSecretBytes).toString('base64url'));
  if (!base64url.test(kept) || decodedLength(kept) < takeTokenSecretBytes) {
    throw new Error(`The secret "${secretNames.takeTokenSecret}" is not ${takeTokenSecretBytes} base64url bytes`);
  }
  return kept;
}
