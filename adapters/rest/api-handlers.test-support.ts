/**
 * Test-only: msw handlers that answer the REST API as its server does, from the same wire contract
 * and the same domain rules, over whatever store the test hands them. Only tests import it.
 */
import { http, type HttpHandler, HttpResponse } from 'msw';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { QuoteRepository } from '../../domain/ports/quote-repository';
import { honeypotFieldName } from '../../domain/quote/quote';
import { type Arrival, formTokenFieldName } from '../../domain/spam/spam';
import { validateQuote } from '../../domain/quote/validate-quote';
import { apiPaths, toWireError, toWireQuote, type WireError, wireBodyToDraftInput } from '../http-api/wire';
import { createInboxHandlers } from './inbox-handlers.test-support';

export interface ApiHandlersOptions {
  /** The origin the handlers answer on; each test can take one of its own. */
  baseUrl: string;
  /** Where the handlers keep what is posted. */
  quotes: QuoteRepository;
  /** Where staff's calls go: the same store as `quotes`. */
  inbox: QuoteInbox;
  /** The signed-in staff member, who every change is recorded by; null for nobody (every staff call 401). */
  staffEmail?: string | null;
  /** The handlers' clock, as the server's: when every change is recorded. */
  now?: () => Date;
  /** Bodies larger than this get 413. */
  maxBodyBytes?: number;
}

/** Who the handlers' session belongs to unless a test says otherwise. */
export const handlerStaffEmail = 'staff@example.co.uk';

const storageUnavailable = () => HttpResponse.json(toWireError({ kind: 'storage-failure' }), { status: 503 });
const failure = (status: number, error: WireError['error'], message: string) =>
  HttpResponse.json({ error, message } satisfies WireError, { status });
/**
 * How a JSON body says it arrived: the hidden field only bots fill, and the form's token. A body with
 * neither (a test's own, sent without an arrival) is not judged here, so the contract suites' many
 * alike requests stay out of the Spam folder; our server judges every post.
 */
function arrivalOf(body: unknown): Arrival | undefined {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!(honeypotFieldName in fields) && !(formTokenFieldName in fields)) return undefined;
  const honeypot = fields[honeypotFieldName];
  const token = fields[formTokenFieldName];
  return { honeypotFilled: typeof honeypot === 'string' && honeypot.trim() !== '', formToken: typeof token === 'string' && token !== '' ? token : null };
}

const isJson = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

export function createApiHandlers({
  baseUrl,
  quotes,
  inbox,
  staffEmail = handlerStaffEmail,
  now = () => new Date(),
  maxBodyBytes = 64 * 1024,
}: ApiHandlersOptions): HttpHandler[] {
  const url = new URL(apiPaths.quoteRequests, baseUrl).href;
  return [
    ...createInboxHandlers({ url, inbox, staffEmail, now }),
    http.post(url, async ({ request }) => {
      if (!isJson(request.headers.get('content-type'))) {
        return failure(415, 'unsupported-media-type', 'Send the quote request as application/json');
      }
      const text = await request.text();
      if (new TextEncoder().encode(text).byteLength > maxBodyBytes) {
        return failure(413, 'payload-too-large', 'The quote request is too large');
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return failure(400, 'invalid-json', 'The body is not valid JSON');
      }

      const validation = validateQuote(wireBodyToDraftInput(body));
      if (!validation.ok) return HttpResponse.json(toWireError(validation.error), { status: 400 });
      try {
        // Spam or not, the same answer: the stored request and its customer's token.
        const stored = await quotes.insert(validation.quote, [], arrivalOf(body));
        return HttpResponse.json({ ...toWireQuote(stored), customer_token: stored.customerToken }, { status: 201 });
      } catch {
        return storageUnavailable();
      }
    }),
    http.delete(`${url}/:id`, async ({ params }) => {
      if (staffEmail === null) return failure(401, 'not-signed-in', 'Sign in as staff');
      const { id } = params;
      if (typeof id !== 'string') return failure(404, 'not-found', 'There is no such quote request');
      try {
        return (await quotes.delete(id))
          ? new HttpResponse(null, { status: 204 })
          : failure(404, 'not-found', 'There is no such quote request');
      } catch {
        return storageUnavailable();
      }
    }),
  ];
}
