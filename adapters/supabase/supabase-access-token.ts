import { verify, verifyWithJwks } from 'hono/jwt';
import * as v from 'valibot';

/**
 * What a Supabase project signs its access tokens with: the project's JWT secret (HS256), or the
 * signing keys it publishes at `<project url>/auth/v1/.well-known/jwks.json`.
 */
export type AccessTokenKey = { kind: 'secret'; secret: string } | { kind: 'jwks'; url: string };

/** A signed-in user's token: Supabase Auth gives them the `authenticated` role and their email. */
const SignedInClaims = v.object({
  role: v.literal('authenticated'),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.nonEmpty()),
});

/** The key a function's secrets name: SUPABASE_JWT_SECRET when set, else the project's published keys. */
export function accessTokenKeyOf(env: { SUPABASE_JWT_SECRET?: string | undefined; SUPABASE_URL?: string | undefined }): AccessTokenKey {
  if (env.SUPABASE_JWT_SECRET) return { kind: 'secret', secret: env.SUPABASE_JWT_SECRET };
  if (env.SUPABASE_URL) return { kind: 'jwks', url: new URL('/auth/v1/.well-known/jwks.json', env.SUPABASE_URL).href };
  throw new Error('Set SUPABASE_JWT_SECRET, or SUPABASE_URL for the project’s published signing keys');
}

/**
 * The email of the user a Supabase access token was issued to, once its signature, expiry and
 * audience hold; undefined for any other token (forged, expired, the anonymous key, a service key).
 */
export async function findAccessTokenEmail(token: string, key: AccessTokenKey): Promise<string | undefined> {
  let claims: unknown;
  try {
    claims =
      key.kind === 'secret'
        ? await verify(token, key.secret, { alg: 'HS256', aud: 'authenticated' })
        : await verifyWithJwks(token, { jwks_uri: key.url, allowedAlgorithms: ['ES256', 'RS256'], verification: { aud: 'authenticated' } });
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(SignedInClaims, claims);
  return parsed.success ? parsed.output.email : undefined;
}
