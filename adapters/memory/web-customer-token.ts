/**
 * A customer's link token as the page's own store makes it, with the Web Crypto API that every
 * browser (and Node) has: 32 random bytes in base64url, and the SHA-256 it is kept under.
 */

/** Bytes of a token: 256 bits, which nobody guesses. */
const tokenBytes = 32;

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A new token, 43 characters of base64url (`customerTokenPattern`). */
export function newCustomerToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(tokenBytes)));
}

/** The SHA-256 of a token, in hexadecimal: all a store keeps of it. */
export async function customerTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
