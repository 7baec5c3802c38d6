import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { deleteQuote, type DeleteQuoteDeps } from '../../domain/delete-quote';
import { randomUUID } from 'node:crypto';
import { describeField, fieldNamed, honeypotFieldName, type QuoteDraft } from '../../domain/quote';
import type { FieldIssue, QuoteError } from '../../domain/quote-errors';
import { submitQuote, type SubmitQuoteDeps, type SubmitQuoteResult } from '../../domain/submit-quote';
import type { RateLimitDecision } from './rate-limits';
import { readFormBody, readJsonBody } from './request-body';
import { formFieldsToDraft, toWireError, toWireQuote, type WireError, wireBodyToDraftInput } from '../http-api/wire';

/** Answers the quote form's plain HTML post once the request has been judged and perhaps stored. */
type QuoteFormPost = (draft: QuoteDraft, result: SubmitQuoteResult) => Promise<Response>;

const statusOf: Record<QuoteError['kind'], ContentfulStatusCode> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'storage-failure': 503,
  'rate-limited': 429,
};

/**
 * A client's two allowances. Only requests that were stored, or answered as if stored (a bot that
 * filled the honeypot), use the first: a typo, bad JSON or a wrong content type costs a visitor
 * nothing of it. Requests refused for what they sent use the second, much larger one, so a script
 * posting garbage all day is stopped as well.
 */
export interface SubmissionLimits {
  /** Taken before a request is judged, so a burst cannot race past it; given back unless it is stored. */
  accepted: { consume: () => Promise<RateLimitDecision>; refund: () => Promise<void> };
  refused: { consume: () => Promise<RateLimitDecision>; check: () => Promise<RateLimitDecision> };
}

export interface QuoteApiOptions {
  /** Bodies larger than this are refused with 413 before they are read. */
  bodyLimitBytes: number;
  /** Answers a plain HTML form post: a redirect, or the page again with the errors. */
  formPost: QuoteFormPost;
  /** Lets only a signed-in staff member through; everyone else gets 401. */
  requireStaff: MiddlewareHandler;
  /** The allowances of the client that sent this request. */
  submissionLimits: (c: Context) => SubmissionLimits;
}

const honeypot: Pick<SubmitQuoteDeps, 'quotes' | 'notifier'> = {
  quotes: { insert: (quote) => Promise.resolve({ ...quote, id: randomUUID(), createdAt: new Date() }) },
  notifier: { quoteSubmitted: () => Promise.resolve() },
};

function filledHoneypot(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value: unknown = (body as Record<string, unknown>)[honeypotFieldName];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

const rateLimited = (decision: Extract<RateLimitDecision, { allowed: false }>): QuoteError => ({
  kind: 'rate-limited',
  retryAfterSeconds: decision.retryAfterSeconds,
});

/** The fields of ours a form post spoiled with bytes that are not UTF-8, each named with what to do. */
function unreadableIssues(names: readonly string[]): FieldIssue[] {
  return names.flatMap((name) => {
    const field = fieldNamed(name);
    return field === undefined ? [] : [{ field, message: `${describeField(field).label} has characters we could not read. Please type it again.` }];
  });
}

/**
 * `/api/quote-requests`: the quote form's post (JSON for scripts, or the plain HTML post) and staff's
 * DELETE. Staff read and work the requests through inbox-api.ts, on the same path.
 */
export function quoteApi(
  deps: SubmitQuoteDeps & DeleteQuoteDeps,
  { bodyLimitBytes, formPost, requireStaff, submissionLimits }: QuoteApiOptions,
) {
  const api = new Hono();
  const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });
  // A bot that filled the honeypot is judged by the same rules and answered the same way, so it
  // cannot tell; only its request goes nowhere.
  const depsFor = (body: unknown): SubmitQuoteDeps => (filledHoneypot(body) ? { ...deps, ...honeypot } : deps);
  const withRetryAfter = (response: Response, error: QuoteError | undefined) => {
    if (error?.kind === 'rate-limited') response.headers.set('retry-after', String(error.retryAfterSeconds));
    return response;
  };

  /** Judges and perhaps stores a request, counting it against the allowance it belongs to. */
  async function submitCounted(limits: SubmissionLimits, body: unknown, input: unknown): Promise<SubmitQuoteResult> {
    const accepted = await limits.accepted.consume();
    if (!accepted.allowed) return { ok: false, error: rateLimited(accepted) };
    const result = await submitQuote(depsFor(body), input);
    if (!result.ok) {
      await limits.accepted.refund();
      if (result.error.kind === 'missing-fields' || result.error.kind === 'invalid-fields') await limits.refused.consume();
    }
    return result;
  }

  api.post(
    '/',
    bodyLimit({
      maxSize: bodyLimitBytes,
      onError: () =>
        fail({ error: 'payload-too-large', message: `The request body is over ${bodyLimitBytes} bytes` }, 413),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      const isForm = type === 'application/x-www-form-urlencoded';
      if (!isForm && type !== 'application/json') {
        return fail(
          { error: 'unsupported-media-type', message: 'Send application/json or application/x-www-form-urlencoded' },
          415,
        );
      }
      const limits = submissionLimits(c);
      // A client that has sent too much that was refused is refused whatever it sends, for a while.
      const refusals = await limits.refused.check();
      const stopped = refusals.allowed ? undefined : rateLimited(refusals);

      if (isForm) {
        const { fields, unreadable } = await readFormBody(c);
        const draft = formFieldsToDraft(fields);
        // Refused for now: the page again, every value kept, and a word on when to try again.
        if (stopped) return withRetryAfter(await formPost(draft, { ok: false, error: stopped }), stopped);
        // The form again, each spoiled field named: a browser never sends such bytes, so a person seeing
        // this has a broken browser or extension, and can type the value again.
        const issues = unreadableIssues(unreadable);
        if (issues.length > 0) {
          await limits.refused.consume();
          return formPost(draft, { ok: false, error: { kind: 'invalid-fields', issues } });
        }
        const result = await submitCounted(limits, fields, draft);
        return withRetryAfter(await formPost(draft, result), result.ok ? undefined : result.error);
      }

      if (stopped) return withRetryAfter(fail(toWireError(stopped), 429), stopped);
      const read = await readJsonBody(c);
      if (!read.ok) {
        await limits.refused.consume();
        return fail(read.error, 400);
      }
      const result = await submitCounted(limits, read.body, wireBodyToDraftInput(read.body));
      if (!result.ok) return withRetryAfter(fail(toWireError(result.error), statusOf[result.error.kind]), result.error);
      return c.json(toWireQuote(result.quote), 201);
    },
  );

  api.delete('/:id', requireStaff, async (c) => {
    const result = await deleteQuote(deps, c.req.param('id'));
    if (result.ok) return c.body(null, 204);
    switch (result.error.kind) {
      case 'not-found':
        return fail({ error: 'not-found', message: 'There is no such quote request' }, 404);
      case 'not-signed-in':
        return fail({ error: 'not-signed-in', message: 'Sign in as staff to delete quote requests' }, 401);
      case 'storage-failure':
        return fail(toWireError({ kind: 'storage-failure' }), 503);
    }
  });

  return api;
}
