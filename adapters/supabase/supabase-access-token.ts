import { verify, verifyWithJwks } from 'hono/jwt';
import * as v from 'valibot';

/**
 * What a Supabase project signs its access tokens with: the project's legacy JWT secret (HS256), or
 * its signing keys, as Supabase gives every function (SUPABASE_JWKS) or publishes at
 * `<project url>/auth/v1/.well-known/jwks.json`.
 */
export type AccessTokenKey = { kind: 'secret'; secret: string } | { kind: 'keys'; keys: PublicKey[] } | { kind: 'jwks'; url: string };

const optionalText = v.exactOptional(v.string());

/** One public key of a JSON Web Key Set, with the members the verifiers read. */
const PublicKeySchema = v.object({
  kty: v.string(),
  kid: optionalText,
  alg: optionalText,
  use: optionalText,
  crv: optionalText,
  x: optionalText,
  y: optionalText,
  n: optionalText,
  e: optionalText,
});

type PublicKey = v.InferOutput<typeof PublicKeySchema>;

const KeySetSchema = v.object({ keys: v.array(PublicKeySchema) });

/** A signed-in user's token: Supabase Auth gives them the `authenticated` role and their email. */
const SignedInClaims = v.object({
  role: v.literal('authenticated'),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.nonEmpty()),
});

interface KeyEnv {
  JWT_SECRET?: string | undefined;
  SUPABASE_JWKS?: string | undefined;
  SUPABASE_URL?: string | undefined;
}

/**
 * The key from the function's secrets: JWT_SECRET when set (a project that still signs with its
 * legacy secret; Supabase keeps names starting SUPABASE_ for its own), else the keys Supabase gives
 * the function, else those the project publishes.
 */
export function accessTokenKeyOf(env: KeyEnv): AccessTokenKey {
  if (env.JWT_SECRET) return { kind: 'secret', secret: env.JWT_SECRET };
  if (env.SUPABASE_JWKS) return { kind: 'keys', keys: v.parse(KeySetSchema, JSON.parse(env.SUPABASE_JWKS)).keys };
  if (env.SUPABASE_URL) return { kind: 'jwks', url: new URL('/auth/v1/.well-known/jwks.json', env.SUPABASE_URL).href };
  throw new Error('Set JWT_SECRET, or give the function SUPABASE_JWKS or SUPABASE_URL for the project’s signing keys');
}

const asymmetric = ['ES256', 'RS256'] as const;
const verification = { aud: 'authenticated' };

/**
 * The email of the user a Supabase access token was issued to, once its signature, expiry and
 * audience hold; undefined for any other token (forged, expired, the anonymous key, a service key).
 */
export async function findAccessTokenEmail(token: string, key: AccessTokenKey): Promise<string | undefined> {
  let claims: unknown;
  try {
    claims =
      key.kind === 'secret'
        ? await verify(token, key.secret, { alg: 'HS256', ...verification })
        : await verifyWithJwks(token, {
            ...(key.kind === 'keys' ? { keys: key.keys } : { jwks_uri: key.url }),
            allowedAlgorithms: asymmetric,
            verification,
          });
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(SignedInClaims, claims);
  return parsed.success ? parsed.output.email : undefined;
}
