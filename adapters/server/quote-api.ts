import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { listQuotes } from '../../domain/list-quotes';
import type { QuoteDraft } from '../../domain/quote';
import type { QuoteError } from '../../domain/quote-errors';
import { submitQuote, type SubmitQuoteDeps, type SubmitQuoteResult } from '../../domain/submit-quote';
import { formFieldsToDraft, toWireError, toWireQuote, type WireError, wireBodyToDraftInput } from '../http-api/wire';

/** Answers the quote form's plain HTML post once the request has been judged and perhaps stored. */
type QuoteFormPost = (draft: QuoteDraft, result: SubmitQuoteResult) => Promise<Response>;

const statusOf: Record<QuoteError['kind'], ContentfulStatusCode> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'storage-failure': 503,
};

export interface QuoteApiOptions {
  /** Bodies larger than this are refused with 413 before they are read. */
  bodyLimitBytes: number;
  /** Answers a plain HTML form post: a redirect, or the page again with the errors. */
  formPost: QuoteFormPost;
}

/** `/api/quote-requests`: JSON for scripts, and the quote form's plain HTML post. */
export function quoteApi(deps: SubmitQuoteDeps, { bodyLimitBytes, formPost }: QuoteApiOptions) {
  const api = new Hono();
  const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });

  api.post(
    '/',
    bodyLimit({
      maxSize: bodyLimitBytes,
      onError: () =>
        fail({ error: 'payload-too-large', message: `The request body is over ${bodyLimitBytes} bytes` }, 413),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type === 'application/x-www-form-urlencoded') {
        const fields = await c.req.parseBody();
        const texts = Object.fromEntries(
          Object.entries(fields).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
        );
        const draft = formFieldsToDraft(texts);
        return formPost(draft, await submitQuote(deps, draft));
      }
      if (type !== 'application/json') {
        return fail(
          { error: 'unsupported-media-type', message: 'Send application/json or application/x-www-form-urlencoded' },
          415,
        );
      }
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return fail({ error: 'invalid-json', message: 'The request body is not valid JSON' }, 400);
      }
      const result = await submitQuote(deps, wireBodyToDraftInput(body));
      if (!result.ok) return fail(toWireError(result.error), statusOf[result.error.kind]);
      return c.json(toWireQuote(result.quote), 201);
    },
  );

  api.get('/', async (c) => {
    const result = await listQuotes(deps);
    if (!result.ok) return fail(toWireError(result.error), 503);
    return c.json(result.quotes.map(toWireQuote));
  });

  return api;
}
