import { validateQuote } from '../../../../../domain/validate-quote.ts';
import { businessEmail } from '../../../../email/business-email.ts';
import type { OutgoingEmail } from '../../../../email/outgoing-email.ts';
import { toWireError, type WireError, wireBodyToDraftInput } from '../../../../http-api/wire.ts';

/** Where the email goes and what sends it, or why the function cannot send at all. */
export type MailSetup =
  | { ok: true; to: string; mailer: { send(email: OutgoingEmail): Promise<void> } }
  | { ok: false; problem: string };

export interface HandlerDeps {
  mail: MailSetup;
  now: () => Date;
  newId: () => string;
}

/** Failures that belong to this function, not to the REST API's wire contract. */
interface FunctionError {
  error: 'method-not-allowed' | 'not-configured' | 'notification-failed';
  message: string;
}

/** What supabase-js's functions.invoke sends, so the browser's preflight lets the POST through. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
} as const;

/** As the REST API's limit: a request at every field's maximum is a fraction of it. */
const bodyLimitBytes = 16 * 1024;

const json = (body: WireError | FunctionError | { sent: true }, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...corsHeaders, ...headers } });

/** The body as text, or undefined once it runs past the limit: a huge body is never held whole. */
async function readLimited(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > bodyLimitBytes) return undefined;
  if (request.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > bodyLimitBytes) return undefined;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function parseJson(text: string): { ok: true; body: unknown } | { ok: false } {
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Emails the business about a quote request the browser has just stored: the body is judged by the
 * domain's rules and the email is the one our server sends. Logs say what failed, never who asked.
 */
export async function handleQuoteNotification(request: Request, { mail, now, newId }: HandlerDeps): Promise<Response> {
  const receivedAt = now();
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'POST') {
    return json({ error: 'method-not-allowed', message: 'Send the quote request with POST' }, 405, { allow: 'POST, OPTIONS' });
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return json({ error: 'unsupported-media-type', message: 'Send application/json' }, 415);
  }
  const text = await readLimited(request);
  if (text === undefined) {
    return json({ error: 'payload-too-large', message: `The request body is over ${bodyLimitBytes} bytes` }, 413);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return json({ error: 'invalid-json', message: 'The request body is not valid JSON' }, 400);

  const result = validateQuote(wireBodyToDraftInput(parsed.body));
  if (!result.ok) return json(toWireError(result.error), 400);

  if (!mail.ok) {
    console.error(`send-quote-notification is not configured: ${mail.problem}`);
    return json({ error: 'not-configured', message: `The notification email is not set up: ${mail.problem}` }, 500);
  }
  // The browser chose the stored row's id and sends it along, so the email's reference finds the
  // request; a caller that sends none gets a fresh one that names this email only.
  const quote = { ...result.quote, id: requestIdOf(parsed.body) ?? newId(), createdAt: receivedAt };
  try {
    await mail.mailer.send(businessEmail(quote, { to: mail.to }));
  } catch (error) {
    // SmtpMailer's messages name the failure, never the customer.
    console.error(error instanceof Error ? error.message : 'SMTP send failed');
    return json({ error: 'notification-failed', message: 'The email to the business could not be sent' }, 502);
  }
  return json({ sent: true }, 200);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored request's id, when the body carries a well-formed one. */
function requestIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  const { id } = body;
  return typeof id === 'string' && uuid.test(id) ? id : undefined;
}
