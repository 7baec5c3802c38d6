import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FormTokens } from '../../../domain/ports/form-tokens';
import type { SecretStore } from '../../../domain/ports/secret-store';

/**
 * A token is good for a day: a visitor who leaves the page open over lunch, or overnight, still has
 * one; past that a stolen one is no use, and the spam rules weigh an old page as one without a token.
 */
const maxAgeMs = 24 * 60 * 60 * 1000;

/**
 * Servers sharing one database read each other's tokens, and their clocks differ a little: a token
 * this much ahead of the reader's clock was issued just now; further ahead, it is forged or wrong.
 */
const clockSkewMs = 5_000;

// Bumped if the format ever changes, so an old token never reads as a new one.
const purpose = 'form-token/v1';
/** `<issued ms>.<HMAC-SHA256, base64url>`: 13 digits until the year 2286, and 43 characters. */
const tokenShape = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const secretName = 'form-token-secret';
const secretBytes = 32;

/**
 * The quote form's tokens, signed with HMAC-SHA256: `<issued ms>.<mac>`. Anyone can read when one
 * was issued, nobody without the secret can make or alter one, and checking takes the same time
 * however much of a forged mac is right.
 */
export class HmacFormTokens implements FormTokens {
  /** Imported once: HMAC with a key object costs a fraction of one made from bytes each time. */
  readonly #key: KeyObject;
  readonly #backdateMs: number;

  /**
   * `backdateSeconds` issues every token as if its page had been opened that long before: for the
   * end-to-end tests, whose browser fills the form in milliseconds. Never in production.
   */
  constructor(secret: string, { backdateSeconds = 0 }: { backdateSeconds?: number } = {}) {
    const bytes = Buffer.from(secret, 'base64url');
    if (bytes.length < secretBytes) throw new Error(`The form token secret must be ${secretBytes} base64url bytes`);
    this.#key = createSecretKey(bytes);
    this.#backdateMs = backdateSeconds * 1000;
  }

  #mac(issued: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}\n${issued}`).digest('base64url');
  }

  issue(now: Date): Promise<string> {
    const issued = String(now.getTime() - this.#backdateMs);
    return Promise.resolve(`${issued}.${this.#mac(issued)}`);
  }

  secondsSince(token: string, now: Date): Promise<number | null> {
    return Promise.resolve(this.#read(token, now));
  }

  #read(token: string, now: Date): number | null {
    const parts = tokenShape.exec(token);
    if (!parts) return null;
    const [, issued = '', mac = ''] = parts;
    // Compared as the canonical text, so no two spellings of one mac both pass.
    if (!timingSafeEqual(Buffer.from(mac), Buffer.from(this.#mac(issued)))) return null;
    const ageMs = now.getTime() - Number(issued);
    if (ageMs < -clockSkewMs || ageMs > maxAgeMs) return null;
    return Math.max(0, ageMs) / 1000;
  }
}

/**
 * The form tokens of every server on one database: the key is made at the first start and kept in
 * `secrets`, so a page one server issued is read by any other. Rejects when the store cannot be
 * reached or holds something too short to be a key.
 */
export async function sharedFormTokens(secrets: SecretStore, options: { backdateSeconds?: number } = {}): Promise<HmacFormTokens> {
  const kept = await secrets.keepOnce(secretName, randomBytes(secretBytes).toString('base64url'));
  return new HmacFormTokens(kept, options);
}
