import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewPushDevice } from '../../domain/ports/push-devices';
import { decryptAes128gcm, Rejection, type VapidClaims, verifyVapid } from './push-message-checks.test-support';

/** A browser's push subscription on the loopback service, as the browser would hand it to our API. */
interface LoopbackSubscription extends NewPushDevice {
  /** The last part of the endpoint's path. */
  id: string;
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

const maxBodyBytes = 8 * 1024;

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
