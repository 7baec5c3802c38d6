import { validateQuote } from '../../../../../domain/quote/validate-quote.ts';
import { businessEmail } from '../../../../email/business-email.ts';
import type { OutgoingEmail } from '../../../../email/outgoing-email.ts';
import { toWireError, type WireError, wireBodyToDraftInput } from '../../../../http-api/wire.ts';
import type { ResendOutcome } from '../../../../../domain/ports/quote-inbox.ts';
import type { QuoteRequest } from '../../../../../domain/quote/quote.ts';
import { business } from '../../../../../domain/business.ts';
import type { QuoteStore } from './quote-store.ts';

/** Where the email goes and what sends it, or why the function cannot send at all. */
export type MailSetup =
  | { ok: true; to: string; mailer: { send(email: OutgoingEmail): Promise<void> } }
  | { ok: false; problem: string };

export interface HandlerDeps {
  mail: MailSetup;
  now: () => Date;
  newId: () => string;
  /** The project's database, to read requests and record how their email went; undefined where it is not set up. */
  store: QuoteStore | undefined;
}

/** Failures that belong to this function, not to the REST API's wire contract. */
interface FunctionError {
  error:
    | 'method-not-allowed'
    | 'not-configured'
    | 'notification-failed'
    | 'database-failed'
    | 'not-found'
    | 'not-signed-in'
    | 'not-staff'
    | 'invalid-resend';
  message: string;
}

type Answer = WireError | FunctionError | { sent: true } | { outcome: ResendOutcome };

/** What supabase-js's functions.invoke sends, so the browser's preflight lets the POST through. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
} as const;

/** As the REST API's limit: a request at every field's maximum is a fraction of it. */
const bodyLimitBytes = 16 * 1024;

const json = (body: Answer, status: number, headers: Record<string, string> = {}) =>
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
 * Emails the business about a quote request the browser has just stored, or, for staff, again
 * (`{ "resend": "<id>" }` with their token). A stored request is emailed as the database has it and
 * the outcome is recorded on it (business_email_sent_at, business_email_error), so the inbox can
 * flag an email that never went. A request in the Spam folder is emailed to nobody: its sender is
 * answered as any visitor is. Logs say what failed, never who asked.
 */
export async function handleQuoteNotification(request: Request, deps: HandlerDeps): Promise<Response> {
  const receivedAt = deps.now();
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
  try {
    if (isResend(parsed.body)) return await resend(request, parsed.body.resend, deps);
    return await notify(parsed.body, receivedAt, deps);
  } catch (error) {
    // QuoteStore's errors name the call and the status, never the customer.
    console.error(error instanceof Error ? error.message : 'The database call failed');
    return json({ error: 'database-failed', message: 'The database could not be reached' }, 502);
  }
}

/** The public path: a visitor's browser, right after storing the request, with its six fields and id. */
async function notify(body: unknown, receivedAt: Date, { mail, newId, store, now }: HandlerDeps): Promise<Response> {
  const result = validateQuote(wireBodyToDraftInput(body));
  if (!result.ok) return json(toWireError(result.error), 400);
  if (!mail.ok) return notConfigured(mail.problem);

  const id = requestIdOf(body);
  // A caller that sends no id gets a fresh one that names this email only.
  let quote: QuoteRequest = { ...result.quote, id: id ?? newId(), createdAt: receivedAt };
  let photoCount = 0;
  if (id !== undefined && store !== undefined) {
    // The stored row, not the body, is what the business reads: anyone may call this function, but
    // only the visitor who stored a request knows its id, and it is emailed as stored, once.
    const stored = await store.find(id);
    if (stored === undefined) return json({ error: 'not-found', message: 'There is no quote request with that id' }, 404);
    // Spam tells nobody, and its sender hears what any visitor does. "Not spam" asks again.
    if (stored.businessEmailSentAt !== null || stored.inSpamFolder) return json({ sent: true }, 200);
    quote = stored.quote;
    photoCount = stored.photoCount;
  }
  const sent = await send(quote, photoCount, mail, id === undefined ? undefined : store, now);
  return sent ? json({ sent: true }, 200) : json({ error: 'notification-failed', message: 'The email to the business could not be sent' }, 502);
}

/** The staff path: send a request's email again, if it has not gone. Staff are asked of the database with their own token. */
async function resend(request: Request, id: unknown, { mail, store, now }: HandlerDeps): Promise<Response> {
  if (typeof id !== 'string' || !uuid.test(id)) return json({ error: 'invalid-resend', message: 'resend must be the id of a quote request' }, 400);
  if (store === undefined) return notConfigured('set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY');
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const staff = token === undefined ? 'refused' : await store.isStaff(token);
  if (staff === 'refused') return json({ error: 'not-signed-in', message: 'Sign in as staff to resend an email' }, 401);
  if (!staff) return json({ error: 'not-staff', message: 'Only staff may resend an email' }, 403);

  const stored = await store.find(id);
  // A request in the Spam folder has no email to send until staff say it is not spam.
  if (stored === undefined || stored.inSpamFolder) return json({ outcome: 'not-found' }, 200);
  if (stored.businessEmailSentAt !== null) return json({ outcome: 'already-sent' }, 200);
  if (!mail.ok) return notConfigured(mail.problem);
  return (await send(stored.quote, stored.photoCount, mail, store, now))
    ? json({ outcome: 'queued' }, 200)
    : json({ error: 'notification-failed', message: 'The email to the business could not be sent' }, 502);
}

/** Sends the business email and, given a store, records how it went; true if it went. */
async function send(
  quote: QuoteRequest,
  photoCount: number,
  mail: Extract<MailSetup, { ok: true }>,
  store: QuoteStore | undefined,
  now: () => Date,
): Promise<boolean> {
  try {
    // The photos are counted and linked, never attached: staff open them on the request.
    await mail.mailer.send(businessEmail(quote, { to: mail.to, photos: { count: photoCount, siteUrl: business.siteUrl } }));
  } catch (error) {
    // SmtpMailer's messages name the failure, never the customer.
    const message = error instanceof Error ? error.message : 'SMTP send failed';
    console.error(message);
    await store?.recordDelivery(quote.id, { error: message });
    return false;
  }
  try {
    await store?.recordDelivery(quote.id, { sentAt: now() });
  } catch (error) {
    // The email went: the caller hears so, and the row keeps saying it has not (the inbox flags it).
    console.error(error instanceof Error ? error.message : 'Recording the business email failed');
  }
  return true;
}

function notConfigured(problem: string): Response {
  console.error(`send-quote-notification is not configured: ${problem}`);
  return json({ error: 'not-configured', message: `The notification email is not set up: ${problem}` }, 500);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isResend = (body: unknown): body is { resend: unknown } => typeof body === 'object' && body !== null && 'resend' in body;

/** The stored request's id, when the body carries a well-formed one. */
function requestIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  const { id } = body;
  return typeof id === 'string' && uuid.test(id) ? id : undefined;
}
