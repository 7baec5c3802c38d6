import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';

/**
 * How long after an alert is sent its "I'm on it" action still works: a request's promise is at most
 * two hours, and a day leaves room for a phone that was off overnight (the store still refuses a
 * request that someone took meanwhile).
 */
export const takeTokenLifetimeMs = 24 * 60 * 60 * 1000;

/** What a take token says: which delivery of an alert it came with, and until when it works. */
export interface TakeTokenClaims {
  deliveryId: string;
  quoteId: string;
  expiresAt: Date;
}

// Bumped if the format ever changes, so an old token never reads as a new one.
const purpose = 'take-token/v1';
const base64url = /^[A-Za-z0-9_-]+$/;
// Far above any token we sign (about 140 characters); anything longer is not worth hashing.
const maxTokenLength = 1024;
const minSecretLength = 32;

const Payload = v.object({ d: v.pipe(v.string(), v.minLength(1), v.maxLength(128)), e: v.pipe(v.number(), v.integer()) });

function mac(secret: string, quoteId: string, payload: string): string {
  if (secret.length < minSecretLength) throw new Error(`A take token secret must be at least ${minSecretLength} characters`);
  // The quote id is signed but not carried: the token takes only the request it was sent about.
  return createHmac('sha256', secret).update(`${purpose}\n${quoteId}\n${payload}`).digest('base64url');
}

/**
 * A signed token that takes one request on ("I'm on it") for whoever one delivery of its alert went
 * to: `<payload>.<HMAC-SHA256>`, both base64url, the HMAC over the payload and the quote id. It proves
 * only that we sent it; that it is used once is the store's job (AlertLedger.redeemTake spends the
 * delivery), so a copied token is worth nothing after its first use.
 */
export function signTakeToken(secret: string, { deliveryId, quoteId, expiresAt }: TakeTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ d: deliveryId, e: expiresAt.getTime() })).toString('base64url');
  return `${payload}.${mac(secret, quoteId, payload)}`;
}

/**
 * The delivery a token was signed for, if it is one we signed with `secret` for the request `quoteId`
 * and it has not expired at `now`; undefined for anything else (forged, tampered, cut short, for
 * another request, expired, not a token at all), never an exception. Not single-use by itself: pass
 * the delivery to AlertLedger.redeemTake, which spends it.
 */
export function readTakeToken(secret: string, token: unknown, { quoteId, now }: { quoteId: string; now: Date }): string | undefined {
  if (typeof token !== 'string' || token.length > maxTokenLength) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload = '', signature = ''] = parts;
  if (!base64url.test(payload) || !base64url.test(signature)) return undefined;
  // Compared as the canonical text, so no two spellings of one HMAC both pass.
  const expected = Buffer.from(mac(secret, quoteId, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = v.safeParse(Payload, parseJson(Buffer.from(payload, 'base64url').toString('utf8')));
  if (!claims.success || now.getTime() >= claims.output.e) return undefined;
  return claims.output.d;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
