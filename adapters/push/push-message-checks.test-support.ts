import { createDecipheriv, createPublicKey, type ECDH, hkdfSync, verify } from 'node:crypto';

// What a browser's push service and the browser itself check of a push message, written from the
// RFCs with node:crypto alone, so the loopback service checks web-push's output independently of it.

/** Why a push message was refused: answered 400 and recorded, not thrown to the server. */
export class Rejection extends Error {}

/** The VAPID JWT's claims (RFC 8292 §2), as they were signed. */
export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** RFC 8292 §2: a push service refuses a token that lives longer than a day. */
const maxExpirySeconds = 24 * 60 * 60;

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
export function verifyVapid(authorization: string | undefined, audience: string, nowSeconds: number): { claims: VapidClaims; key: string } {
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
