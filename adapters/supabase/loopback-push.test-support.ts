/**
 * Test-only: a push service on loopback (RFC 8030) that keeps what it receives, and the browser's side
 * of a subscription: a P-256 key pair and an authentication secret, to decrypt each message (RFC 8291,
 * aes128gcm) as the browser would. Each subscription is a path; a path may be told to answer 410.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The message's plaintext, decrypted with this subscription's private key. */
  decrypt: (body: Buffer) => string;
}

export interface LoopbackPushService {
  url: string;
  received: ReceivedPush[];
  /** A new subscription at a path of its own; `status` is what the service answers for it (201, or 410: gone). */
  subscribe: (status?: number) => Subscription;
  stop: () => Promise<void>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8291 section 3 and RFC 8188: the record's header, the keys derived from ECDH and the auth secret, one record. */
function decryptAes128gcm(body: Buffer, uaPrivateKey: Buffer, uaPublicKey: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivateKey);
  const sharedSecret = ecdh.computeSecret(asPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublicKey, asPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('No padding delimiter in the push message');
  return padded.subarray(0, end).toString('utf8');
}

export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the push service has no port');
  const url = `http://127.0.0.1:${address.port}`;
  let count = 0;
  return {
    url,
    received,
    subscribe: (status = 201) => {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${++count}`;
      statuses.set(path, status);
      const privateKey = ecdh.getPrivateKey();
      return {
        endpoint: `${url}${path}`,
        p256dh: base64url(publicKey),
        auth: base64url(authSecret),
        decrypt: (body) => decryptAes128gcm(body, privateKey, publicKey, authSecret),
      };
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
