import { createHash, randomBytes } from 'node:crypto';

// A customer's private link (domain/customer-link.ts) is named by a random token that only its
// customer is given; the store keeps its SHA-256 alone, so a copy of the database opens no link.

/** The bytes of randomness in a token: 256 bits, 43 characters of base64url. */
const tokenBytes = 32;

/** The SHA-256, in hexadecimal, of a token as `quote_requests.customer_token_hash` keeps it. */
export function customerTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token, and the hash to store for it. */
export function newCustomerToken(): { token: string; hash: string } {
  const token = randomBytes(tokenBytes).toString('base64url');
  return { token, hash: customerTokenHash(token) };
}
