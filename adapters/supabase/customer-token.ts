// The customer's link token in Supabase mode (domain/customer-link.ts): made in the visitor's browser,
// which alone ever holds it, and kept by the database only as its hash. The customer-request edge
// function hashes what a customer brings alike to find their request. Web Crypto, which both the
// browser and Deno have.

/** 32 random bytes in base64url without padding: 43 characters, as customerTokenPattern expects. */
export function newCustomerToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The hex SHA-256 of a token's text: what public.quote_requests.customer_token_hash holds. */
export async function customerTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
