import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewPushDevice } from '../../domain/ports';

/** A browser's push subscription on the loopback service, as the browser would hand it to our API. */
interface LoopbackSubscription extends NewPushDevice {
  /** The last part of the endpoint's path. */
  id: string;
}

/** The VAPID JWT's claims (RFC 8292 §2), as they were signed. */
interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** One push message the service took (201), decrypted and verified. */
interface ReceivedPush {
  subscriptionId: string;
  /** The TTL header, seconds. */
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  claims: VapidClaims;
  /** The VAPID public key (`k=`) the token was verified with, base64url. */
  vapidKey: string;
  /** performance.now() when it was taken, for measuring latency within this process. */
  receivedAtMs: number;
  receivedAt: Date;
}

/** A push message answered 400: its body would not decrypt, or its VAPID token did not verify. */
interface RejectedPush {
  subscriptionId: string;
  reason: string;
  receivedAt: Date;
}

/** A push service (RFC 8030) on 127.0.0.1 that decrypts and verifies what it is sent, as a browser's would. */
export interface LoopbackPushService {
  /** http://127.0.0.1:<port>: the audience a VAPID token must name. */
  origin: string;
  /** A new subscription with its own P-256 key pair and 16-byte auth secret, as a browser makes one. */
  createSubscription(label?: string): LoopbackSubscription;
  /** Every message taken, oldest first. */
  readonly received: readonly ReceivedPush[];
  /** Every message refused with 400, with why: a test asserts there are none. */
  readonly rejected: readonly RejectedPush[];
  /** Every answer given, down and gone ones included, oldest first. */
  readonly answers: readonly { subscriptionId: string; status: number }[];
  /** Resolves with the received messages once there are `count`; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ReceivedPush[]>;
  /** Answers every push with 503 for `forMs` (until `up()` without it), as a service that is down. */
  down(forMs?: number): void;
  up(): void;
  /** Answers pushes to one subscription with 410 (the default) or 404, as for one the browser dropped. */
  expire(subscriptionId: string, status?: 404 | 410): void;
  close(): Promise<void>;
}

interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
  gone: 404 | 410 | undefined;
}

class Rejection extends Error {}

const maxBodyBytes = 8 * 1024;
const maxExpirySeconds = 24 * 60 * 60;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > maxBodyBytes) reject(new Rejection(`body of ${size} bytes is over ${maxBodyBytes}`));
      else resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the body is salt (16) | record size (4) | key id length (1) | the
 * sender's public key | records of AES-128-GCM, each ending in a delimiter (2 for the last record,
 * 1 before it) and zero padding. The keys come from the ECDH secret and the auth secret by HKDF-SHA256.
 */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Rejection('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  if (recordSize < 18) throw new Rejection(`record size ${recordSize} is under 18`);
  if (keyIdLength !== 65) throw new Rejection(`key id of ${keyIdLength} bytes is not a P-256 public key`);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.computeSecret(senderPublic);
  } catch {
    throw new Rejection('the key id is not a point on P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  if (records.length === 0) throw new Rejection('no records');
  const plain: Buffer[] = [];
  for (let start = 0, sequence = 0; start < records.length; start += recordSize, sequence += 1) {
    const record = records.subarray(start, start + recordSize);
    const last = start + recordSize >= records.length;
    if (record.length < 17) throw new Rejection(`record ${sequence} is too short`);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's end, big-endian (under 2^32 here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Rejection(`record ${sequence} does not decrypt with this subscription's keys`);
    }
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const delimiter = padded[end];
    if (delimiter !== (last ? 2 : 1)) throw new Rejection(`record ${sequence} has padding delimiter ${String(delimiter)}, not ${last ? 2 : 1}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

function decodeJson(part: string, what: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new Rejection(`the VAPID token's ${what} is not base64url JSON`);
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT an ES256 signature by k over aud, exp and sub. */
function verifyVapid(authorization: string | undefined, audience: string, nowSeconds: number): { claims: VapidClaims; key: string } {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) throw new Rejection('no "Authorization: vapid" header');
  const params = new Map(match[1].split(',').map((param) => {
    const [name = '', ...value] = param.trim().split('=');
    return [name.trim().toLowerCase(), value.join('=').trim()] as const;
  }));
  const token = params.get('t');
  const key = params.get('k');
  if (token === undefined || key === undefined) throw new Rejection('the vapid header lacks t= or k=');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Rejection('k= is not an uncompressed P-256 public key');
  const [header = '', payload = '', signature = '', ...extra] = token.split('.');
  if (extra.length > 0 || signature === '') throw new Rejection('t= is not a JWT');
  const head = decodeJson(header, 'header');
  if (typeof head !== 'object' || head === null || !('alg' in head) || head.alg !== 'ES256') throw new Rejection('the VAPID token is not ES256');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Rejection('the VAPID signature does not verify with k=');
  const claims = decodeJson(payload, 'payload');
  if (typeof claims !== 'object' || claims === null) throw new Rejection('the VAPID claims are not an object');
  const { aud, exp, sub } = claims as Record<string, unknown>;
  if (aud !== audience) throw new Rejection(`aud is ${JSON.stringify(aud)}, not ${audience}`);
  if (typeof exp !== 'number' || !Number.isInteger(exp)) throw new Rejection('exp is not a whole number');
  if (exp <= nowSeconds) throw new Rejection('the VAPID token has expired');
  if (exp > nowSeconds + maxExpirySeconds) throw new Rejection('exp is more than 24 hours ahead');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) throw new Rejection('sub is not a mailto: or https: contact');
  return { claims: { aud, exp, sub }, key };
}

/** Starts the loopback push service on a free port of 127.0.0.1. Close it at the end of the test. */
export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const answers: { subscriptionId: string; status: number }[] = [];
  const waiters = new Set<() => void>();
  let downUntil = -Infinity;
  let origin = '';

  const answer = (response: ServerResponse, subscriptionId: string, status: number, text = '') => {
    answers.push({ subscriptionId, status });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
    const subscriber = id === undefined ? undefined : subscribers.get(id);
    if (request.method !== 'POST' || id === undefined || subscriber === undefined) {
      request.resume();
      answer(response, id ?? '', 404, 'No such subscription');
      return;
    }
    try {
      const body = await readBody(request);
      if (performance.now() < downUntil) {
        answer(response, id, 503, 'The push service is down for maintenance');
        return;
      }
      if (subscriber.gone !== undefined) {
        answer(response, id, subscriber.gone, 'The subscription has expired');
        return;
      }
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Rejection('no valid TTL header');
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Rejection(`Content-Encoding is ${String(request.headers['content-encoding'])}, not aes128gcm`);
      const { claims, key } = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
      const text = decryptAes128gcm(body, subscriber.ecdh, subscriber.auth).toString('utf8');
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        throw new Rejection('the decrypted body is not JSON');
      }
      const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : undefined);
      received.push({
        subscriptionId: id,
        ttl,
        urgency: header('urgency'),
        topic: header('topic'),
        payload,
        claims,
        vapidKey: key,
        receivedAtMs: performance.now(),
        receivedAt: new Date(),
      });
      for (const wake of waiters) wake();
      answer(response, id, 201);
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      rejected.push({ subscriptionId: id, reason: error.message, receivedAt: new Date() });
      answer(response, id, 400, error.message);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    answers,
    createSubscription(label = 'Chromium on Linux') {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID().replaceAll('-', '');
      subscribers.set(id, { ecdh, auth, gone: undefined });
      return { id, endpoint: `${origin}/push/${id}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url'), label };
    },
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`The push service received ${received.length} of ${count} messages within ${timeoutMs} ms (${rejected.length} rejected)`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    down(forMs = Infinity) {
      downUntil = performance.now() + forMs;
    },
    up() {
      downUntil = -Infinity;
    },
    expire(subscriptionId, status = 410) {
      const subscriber = subscribers.get(subscriptionId);
      if (subscriber === undefined) throw new Error(`No subscription ${subscriptionId}`);
      subscriber.gone = status;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
