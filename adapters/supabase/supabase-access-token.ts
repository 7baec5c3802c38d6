import { verify, verifyWithJwks } from 'hono/jwt';
import * as v from 'valibot';

/**
 * What a Supabase project signs its access tokens with: the project's legacy JWT secret (HS256), or
 * its signing keys, as Supabase gives every function (SUPABASE_JWKS) or publishes at
 * `<project url>/auth/v1/.well-known/jwks.json`; and the issuer its Auth writes in them,
 * `<project url>/auth/v1`.
 */
export type AccessTokenKey = ({ kind: 'secret'; secret: string } | { kind: 'keys'; keys: PublicKey[] } | { kind: 'jwks'; url: string }) & { issuer: string };

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

/**
 * A signed-in user's token: Supabase Auth gives them the `authenticated` role and their email, and
 * always an expiry. The verifiers check `exp` only when it is there, so one without is refused here:
 * it would otherwise be good for ever.
 */
const SignedInClaims = v.object({
  role: v.literal('authenticated'),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.nonEmpty()),
  exp: v.pipe(v.number(), v.finite()),
});

interface KeyEnv {
  JWT_SECRET?: string | undefined;
  SUPABASE_JWKS?: string | undefined;
  SUPABASE_URL?: string | undefined;
}

/**
 * The key from the function's secrets: JWT_SECRET when set (a project that still signs with its
 * legacy secret; Supabase keeps names starting SUPABASE_ for its own), else the keys Supabase gives
 * the function, else those the project publishes; the issuer from SUPABASE_URL, which Supabase gives
 * every function.
 */
export function accessTokenKeyOf(env: KeyEnv): AccessTokenKey {
  if (!env.SUPABASE_URL) throw new Error('SUPABASE_URL is not set: Supabase gives it to every function, and its tokens are issued by <SUPABASE_URL>/auth/v1');
  const issuer = `${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`;
  if (env.JWT_SECRET) return { kind: 'secret', secret: env.JWT_SECRET, issuer };
  if (env.SUPABASE_JWKS) return { kind: 'keys', keys: v.parse(KeySetSchema, JSON.parse(env.SUPABASE_JWKS)).keys, issuer };
  return { kind: 'jwks', url: `${issuer}/.well-known/jwks.json`, issuer };
}

const asymmetric = ['ES256', 'RS256'] as const;

/**
 * The email of the user a Supabase access token was issued to, once its signature, expiry (which it
 * must have), audience and issuer (the project's Auth) hold; undefined for any other token (forged,
 * expired or never expiring, another project's, the anonymous key, a service key).
 */
export async function findAccessTokenEmail(token: string, key: AccessTokenKey): Promise<string | undefined> {
  const verification = { aud: 'authenticated', iss: key.issuer };
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
