import * as v from 'valibot';

/** What an "I'm on it" token says: which token (spent once), the request, the staff member it was sent to, and until when. */
export interface TakeClaim {
  tokenId: string;
  quoteId: string;
  staff: string;
  expiresAt: Date;
}

const ClaimSchema = v.object({ t: v.pipe(v.string(), v.uuid()), q: v.pipe(v.string(), v.uuid()), s: v.pipe(v.string(), v.minLength(1)), e: v.number() });

const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const hmacKey = (secret: string) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** `<claim>.<HMAC-SHA256 of it>`, both base64url: a token only the holder of TAKE_TOKEN_SECRET can make. */
export async function signTakeToken(claim: TakeClaim, secret: string): Promise<string> {
  const body = base64url(encoder.encode(JSON.stringify({ t: claim.tokenId, q: claim.quoteId, s: claim.staff, e: Math.floor(claim.expiresAt.getTime() / 1000) })));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body)));
  return `${body}.${base64url(signature)}`;
}

/** The claim of a token signed with `secret` and not expired at `now`; undefined for any other. */
export async function readTakeToken(token: string, secret: string, now: Date): Promise<TakeClaim | undefined> {
  const [body, signature, ...rest] = token.split('.');
  if (body === undefined || signature === undefined || rest.length > 0) return undefined;
  const signatureBytes = fromBase64url(signature);
  const bodyBytes = fromBase64url(body);
  if (signatureBytes === undefined || bodyBytes === undefined) return undefined;
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret), signatureBytes, encoder.encode(body)))) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bodyBytes));
  } catch {
    return undefined;
  }
  const claim = v.safeParse(ClaimSchema, parsed);
  if (!claim.success || claim.output.e * 1000 <= now.getTime()) return undefined;
  return { tokenId: claim.output.t, quoteId: claim.output.q, staff: claim.output.s, expiresAt: new Date(claim.output.e * 1000) };
}
