import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { deleteQuote, type DeleteQuoteDeps } from '../../../domain/inbox/delete-quote';
import { describeField, fieldNamed, honeypotFieldName, type QuoteDraft } from '../../../domain/quote/quote';
import { type Arrival, formTokenFieldName } from '../../../domain/spam/spam';
import { repeatFieldName } from '../../../domain/reminders/service-words';
import { isCustomerTokenShaped } from '../../../domain/customer-link/customer-link';
import type { FieldIssue, QuoteError } from '../../../domain/quote/quote-errors';
import type { ChosenPhoto, PhotoProcessor } from '../../../domain/ports/photos';
import {
  submitQuote,
  type SubmitQuoteDeps,
  submitQuoteWithPhotos,
  type SubmitQuoteWithPhotosResult,
  type SubmitWithPhotosError,
} from '../../../domain/quote/submit-quote';
import type { MultipartReader } from '../photos/form-data-body';
import type { RateLimitDecision } from '../http/rate-limit';
import { bodyLimits, limitBody } from '../http/body-limit';
import { readFormBody, readJsonBody } from '../http/request-body';
import { quoteOperations } from './quote-operations';
import { formFieldsToDraft, photoWireError, toWireError, toWireStoredQuote, type WireError, wireBodyToDraftInput } from '../../http-api/wire';

/**
 * Answers the quote form's plain HTML post once the request has been judged and perhaps stored;
 * `photosSent` is how many photos came with it (a page sent back cannot keep them).
 */
/** The answer to a plain form post: `repeatOf`, the customer token of the request a booked visit repeats, so a form that comes back keeps it. */
type QuoteFormPost = (draft: QuoteDraft, result: SubmitQuoteWithPhotosResult, photosSent: number, repeatOf: string | undefined) => Promise<Response>;

const statusOf: Record<QuoteError['kind'], ContentfulStatusCode> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'storage-failure': 503,
  'rate-limited': 429,
};

/**
 * A client's two allowances. Only requests that were stored (in the Spam folder too) use the first:
 * a typo, bad JSON or a wrong content type costs a visitor nothing of it. Requests refused for what
 * they sent use the second, much larger one, so a script posting garbage all day is stopped as well.
 */
export interface SubmissionLimits {
  /** Taken before a request is judged, so a burst cannot race past it; given back unless it is stored. */
  accepted: { consume: () => Promise<RateLimitDecision>; refund: () => Promise<void> };
  refused: { consume: () => Promise<RateLimitDecision>; check: () => Promise<RateLimitDecision> };
}

export interface QuoteApiOptions {
  /**
   * Answers a plain HTML form post: a redirect, or the page again with the errors. A host that renders
   * no pages answers a form post as it answers a script.
   */
  formPost?: QuoteFormPost;
  /** Lets only a signed-in staff member through; everyone else gets 401. */
  requireStaff: MiddlewareHandler;
  /** The allowances of the client that sent this request. */
  submissionLimits: (c: Context) => SubmissionLimits;
  /**
   * Photos with a request (multipart/form-data): what judges, turns upright and re-encodes the photos
   * of the client that sent this request, and how this host reads such a body within its limits.
   * Without it, only JSON and form posts are taken.
   */
  photos?: { processorFor: (c: Context) => PhotoProcessor; readMultipart: MultipartReader };
}

/** Far longer than any token we sign (57 characters); anything longer is not worth checking. */
const formTokenMaxLength = 256;

/**
 * How a request arrived, read from its body (JSON, or a form's fields): whether the field only bots
 * see held anything, and the form's token, for the store to judge it by the spam rules.
 */
function arrivalOf(body: unknown): Arrival {
  if (typeof body !== 'object' || body === null) return { honeypotFilled: false, formToken: null };
  const fields = body as Record<string, unknown>;
  const honeypot = fields[honeypotFieldName];
  const token = fields[formTokenFieldName];
  const repeat = fields[repeatFieldName];
  return {
    honeypotFilled: typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null,
    formToken: typeof token === 'string' && token !== '' && token.length <= formTokenMaxLength ? token : null,
    // Booked through a reminder's link: the customer's token of the request it repeats, if shaped like one.
    ...(typeof repeat === 'string' && isCustomerTokenShaped(repeat) && { repeatOf: repeat }),
  };
}

const mediaType = (c: Context) => (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();

/** Refusals for what was sent, which use up the larger allowance. */
const refusedForInput = (error: SubmitWithPhotosError) =>
  (error.kind === 'missing-fields' || error.kind === 'invalid-fields' || error.kind === 'photo-refused');

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
  { formPost, requireStaff, submissionLimits, photos: photoOptions }: QuoteApiOptions,
) {
  const api = new Hono();
  const fail = (body: WireError, status: ContentfulStatusCode) => Response.json(body, { status });
  const withRetryAfter = (response: Response, error: SubmitWithPhotosError | undefined) => {
    if (error?.kind === 'rate-limited') response.headers.set('retry-after', String(error.retryAfterSeconds));
    return response;
  };

  /** Judges and perhaps stores a request, counting it against the allowance it belongs to. */
  async function submitCounted(
    limits: SubmissionLimits,
    body: unknown,
    input: unknown,
    photos?: { chosen: readonly ChosenPhoto[]; processor: PhotoProcessor },
  ): Promise<SubmitQuoteWithPhotosResult> {
    const accepted = await limits.accepted.consume();
    if (!accepted.allowed) return { ok: false, error: rateLimited(accepted) };
    // Spam is stored too, in its folder, and its sender answered exactly as a person: a bot cannot tell.
    const arrival = arrivalOf(body);
    const result =
      photos && photos.chosen.length > 0
        ? await submitQuoteWithPhotos({ ...deps, processor: photos.processor }, input, photos.chosen, arrival)
        : await submitQuote(deps, input, arrival);
    if (!result.ok) {
      await limits.accepted.refund();
      if (refusedForInput(result.error)) await limits.refused.consume();
    }
    return result;
  }

  /** The answer to a script (JSON) or to a plain form post (a redirect, or the page again). */
  async function answer(json: boolean, draft: QuoteDraft, result: SubmitQuoteWithPhotosResult, photosSent: number, fields: unknown): Promise<Response> {
    if (!json && formPost) return withRetryAfter(await formPost(draft, result, photosSent, arrivalOf(fields).repeatOf), result.ok ? undefined : result.error);
    if (result.ok) return Response.json(toWireStoredQuote(result.quote), { status: 201 });
    if (result.error.kind === 'photo-refused') return fail(photoWireError(result.error.photo), 400);
    return withRetryAfter(fail(toWireError(result.error), statusOf[result.error.kind]), result.error);
  }

  /**
   * A post with photos: streamed to temporary files within the per-file and whole-request limits,
   * never held whole in memory, and the files removed once it is answered, whatever the answer.
   */
  const postWithPhotos = async (c: Context, { readMultipart, processorFor }: NonNullable<QuoteApiOptions['photos']>, limits: SubmissionLimits, stopped: QuoteError | undefined) => {
    const json = (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
    return readMultipart(c.req.raw, async (read) => {
      if (!read.ok) {
        if (read.reason === 'too-large') return fail({ error: 'payload-too-large', message: 'The request is over the size allowed for five photos' }, 413);
        await limits.refused.consume();
        return fail({ error: 'invalid-multipart', message: 'The request body is not readable multipart/form-data' }, 400);
      }
      const { fields, unreadable, photos, photoError, photoCount } = read.body;
      const draft = formFieldsToDraft(fields);
      if (stopped) return answer(json, draft, { ok: false, error: stopped }, photoCount, fields);
      const issues = unreadableIssues(unreadable);
      if (issues.length > 0) {
        await limits.refused.consume();
        return answer(json, draft, { ok: false, error: { kind: 'invalid-fields', issues } }, photoCount, fields);
      }
      if (photoError) {
        await limits.refused.consume();
        return answer(json, draft, { ok: false, error: { kind: 'photo-refused', photo: photoError } }, photoCount, fields);
      }
      return answer(json, draft, await submitCounted(limits, fields, draft, { chosen: photos, processor: processorFor(c) }), photoCount, fields);
    });
  };

  api.post(
    '/',
    quoteOperations.send,
    // A post with photos is streamed to disk under the limits of five photos; the JSON and form posts keep this one.
    limitBody(bodyLimits.json, { streamsMultipart: photoOptions !== undefined }),
    async (c) => {
      const type = mediaType(c);
      const isForm = type === 'application/x-www-form-urlencoded';
      const withPhotos = photoOptions !== undefined && type === 'multipart/form-data';
      if (!isForm && type !== 'application/json' && !withPhotos) {
        return fail(
          {
            error: 'unsupported-media-type',
            message: `Send application/json${photoOptions ? ', application/x-www-form-urlencoded or multipart/form-data' : ' or application/x-www-form-urlencoded'}`,
          },
          415,
        );
      }
      const limits = submissionLimits(c);
      // A client that has sent too much that was refused is refused whatever it sends, for a while.
      const refusals = await limits.refused.check();
      const stopped = refusals.allowed ? undefined : rateLimited(refusals);
      if (withPhotos) return postWithPhotos(c, photoOptions, limits, stopped);

      if (isForm) {
        const { fields, unreadable } = await readFormBody(c);
        const draft = formFieldsToDraft(fields);
        // Refused for now: the page again, every value kept, and a word on when to try again.
        if (stopped) return answer(false, draft, { ok: false, error: stopped }, 0, fields);
        // The form again, each spoiled field named: a browser never sends such bytes, so a person seeing
        // this has a broken browser or extension, and can type the value again.
        const issues = unreadableIssues(unreadable);
        if (issues.length > 0) {
          await limits.refused.consume();
          return answer(false, draft, { ok: false, error: { kind: 'invalid-fields', issues } }, 0, fields);
        }
        return answer(false, draft, await submitCounted(limits, fields, draft), 0, fields);
      }

      if (stopped) return withRetryAfter(fail(toWireError(stopped), 429), stopped);
      const read = await readJsonBody(c);
      if (!read.ok) {
        await limits.refused.consume();
        return fail(read.error, 400);
      }
      return answer(true, formFieldsToDraft({}), await submitCounted(limits, read.body, wireBodyToDraftInput(read.body)), 0, read.body);
    },
  );

  api.delete('/:id', quoteOperations.delete, limitBody(bodyLimits.none), requireStaff, async (c) => {
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
