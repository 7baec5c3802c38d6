import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { SecretStore } from '../../../domain/ports/secret-store';

// Bumped if the derivation ever changes, so no token of one scheme is ever read as the other's.
const purpose = 'customer-link/v1';
const secretName = 'customer-link-secret';
const secretBytes = 32;

/**
 * The token of each request's customer link, derived from its id under a secret of the server's:
 * HMAC-SHA256, 32 bytes in base64url (43 characters, as domain/customer-link/customer-link.ts expects). The store
 * keeps only its hash, as for any token; the confirmation email, built later from the stored request,
 * derives it again, so the token itself is never stored anywhere (docs/decisions/020).
 */
export class DerivedCustomerTokens {
  /** Imported once: HMAC with a key object costs a sixth of one made from bytes each time. */
  readonly #key: KeyObject;

  constructor(secret: string) {
    const bytes = Buffer.from(secret, 'base64url');
    if (bytes.length < secretBytes) throw new Error(`The customer link secret must be ${secretBytes} base64url bytes`);
    this.#key = createSecretKey(bytes);
  }

  /** The token of the request with this id: the same every time, and on every server of one database. */
  tokenFor(quoteId: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}\n${quoteId}`).digest('base64url');
  }

  /**
   * The token with its hash, as the store keeps it: the domain's customerTokenHash, worked out here
   * at once rather than by WebCrypto on another thread, which costs a busy server several times more.
   */
  linkFor(quoteId: string): { token: string; hash: string } {
    const token = this.tokenFor(quoteId);
    return { token, hash: createHash('sha256').update(token).digest('hex') };
  }
}

/**
 * The customer link tokens of every server on one database: the key is made at the first start and
 * kept in `secrets`. Rejects when the store cannot be reached or holds something too short to be a key.
 */
export async function sharedCustomerTokens(secrets: SecretStore): Promise<DerivedCustomerTokens> {
  return new DerivedCustomerTokens(await secrets.keepOnce(secretName, randomBytes(secretBytes).toString('base64url')));
}
