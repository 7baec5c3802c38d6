import { isHTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import type { CustomerMessageResult, CustomerLinkResult, ReviewLinkResult, StopReviewsResult } from '../../domain/customer-link/customer-link-actions';
import { reviewPaths } from '../../domain/reviews/review-paths';
import { reminderPaths } from '../../domain/reminders/reminder-paths';
import { type BookingResult, type RemindResult, reminderServiceField, type StopRemindersResult } from '../../domain/reminders/customer-reminders';
import { WireServiceBookingSchema } from '../http-api/service-booking-wire';
import { customerFormPaths, fromWireCustomerView, WireCustomerViewSchema, WireQuoteRefusalSchema } from '../http-api/customer-link-wire';
import { type QuoteAnswerInput, type QuoteAnswerKind, type QuoteAnswerShown, quotePaths } from '../../domain/priced-quote/quote-answer';
import { customerLinkApiPath } from '../../domain/customer-link/customer-link';
import { WireErrorSchema } from '../http-api/wire';
import { createApiClient, readRetry, type RestClientOptions } from './rest-client';

/** `/api/r/{token}`; the token is encoded, so no token can reach another path. */
const linkPath = (token: string) => `${customerLinkApiPath}/${encodeURIComponent(token)}`;

const notFound = { ok: false, error: { kind: 'not-found' } } as const;
const ReviewLinkSchema = v.object({ url: v.pipe(v.string(), v.url()) });
const unavailable = { ok: false, error: { kind: 'storage-failure' } } as const;

/**
 * A customer link on our own server (adapters/server/customer-link/customer-link-api.ts), for
 * the page's script: the server's clock and rules decide, and a failure to reach it is told as the
 * store's failure, so the page says to try again or call.
 */
export class RestCustomerLinks {
  readonly #api: KyInstance;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api } = createApiClient(options));
  }

  /** `GET /api/r/{token}`. */
  view(token: string): Promise<CustomerLinkResult> {
    return this.#ask(() => this.#api.get(linkPath(token), { retry: readRetry }).json());
  }

  /** `POST /api/r/{token}/messages` with `{"message": …}`; never sent twice, so a message is never added twice. */
  async sendMessage(token: string, text: string): Promise<CustomerMessageResult> {
    try {
      return await this.#ask(() => this.#api.post(`${linkPath(token)}${customerFormPaths.messages}`, { json: { message: text }, retry: 0 }).json());
    } catch (error) {
      if (!isHTTPError(error) || error.response.status !== 400) return unavailable;
      const wire = v.safeParse(WireErrorSchema, error.data);
      return { ok: false, error: { kind: 'invalid-message', message: wire.success ? wire.output.message : 'Your message could not be sent' } };
    }
  }

  /** `POST /api/r/{token}/close`: closing twice closes no more, so a lost answer may be asked again. */
  close(token: string): Promise<CustomerLinkResult> {
    return this.#ask(() => this.#api.post(`${linkPath(token)}${customerFormPaths.close}`, { retry: { ...readRetry, methods: ['post'] } }).json());
  }

  /** `POST /api/r/{token}/review`: the customer follows the link to review us; recorded, and where to go. */
  async openReview(token: string): Promise<ReviewLinkResult> {
    try {
      const answer = v.safeParse(ReviewLinkSchema, await this.#api.post(`${linkPath(token)}${reviewPaths.leaveReview}`, { retry: { ...readRetry, methods: ['post'] } }).json());
      return answer.success ? { ok: true, url: answer.output.url } : unavailable;
    } catch (error) {
      return isHTTPError(error) && error.response.status === 404 ? notFound : unavailable;
    }
  }

  /** `POST /api/r/{token}/stop-reviews`, asking for JSON: the request's address is never asked for a review again. */
  async stopReviews(token: string): Promise<StopReviewsResult> {
    try {
      await this.#api.post(`${linkPath(token)}${reviewPaths.stopReviews}`, { headers: { accept: 'application/json' }, retry: { ...readRetry, methods: ['post'] } });
      return { ok: true };
    } catch (error) {
      return isHTTPError(error) && error.response.status === 404 ? notFound : unavailable;
    }
  }

  /** `POST /api/r/{token}/reminder` with `{"service": …}`: the same reminder set twice is set once. */
  async remind(token: string, service: string): Promise<RemindResult> {
    try {
      const view = v.safeParse(WireCustomerViewSchema, await this.#api.post(`${linkPath(token)}${reminderPaths.remind}`, { json: { service }, retry: { ...readRetry, methods: ['post'] } }).json());
      return view.success ? { ok: true, view: fromWireCustomerView(view.output) } : unavailable;
    } catch (error) {
      if (!isHTTPError(error)) return unavailable;
      const { status } = error.response;
      if (status === 404) return notFound;
      if (status === 409) return { ok: false, error: { kind: 'not-done' } };
      if (status !== 400) return unavailable;
      const wire = v.safeParse(WireErrorSchema, error.data);
      return { ok: false, error: { kind: 'invalid-service', message: wire.success ? wire.output.message : reminderServiceField.message } };
    }
  }

  /** `POST /api/r/{token}/stop-reminders`, asking for JSON: the address is never reminded again. */
  async stopReminders(token: string): Promise<StopRemindersResult> {
    try {
      await this.#api.post(`${linkPath(token)}${reminderPaths.stop}`, { headers: { accept: 'application/json' }, retry: { ...readRetry, methods: ['post'] } });
      return { ok: true };
    } catch (error) {
      return isHTTPError(error) && error.response.status === 404 ? notFound : unavailable;
    }
  }

  /** `GET /api/r/{token}/booking`: the quote form filled in for the next visit. */
  async booking(token: string): Promise<BookingResult> {
    try {
      const answer = v.safeParse(WireServiceBookingSchema, await this.#api.get(`${linkPath(token)}${reminderPaths.booking}`, { retry: readRetry }).json());
      if (!answer.success) return unavailable;
      const { draft, service, lastDone, due } = answer.output;
      return { ok: true, booking: { draft, service, lastDone, due } };
    } catch (error) {
      return isHTTPError(error) && error.response.status === 404 ? notFound : unavailable;
    }
  }

  /**
   * `POST /api/r/{token}/quote/accept` or `/decline`, never sent twice by itself (the guard would
   * refuse the second, and the customer would read "already accepted" for their own first press).
   */
  async answerQuote(token: string, answer: QuoteAnswerKind, input: QuoteAnswerInput): Promise<QuoteAnswerShown> {
    const body = answer === 'accept' ? { version: input.version, earlyStart: input.earlyStart } : { version: input.version, reason: input.reason };
    try {
      const view = v.safeParse(WireCustomerViewSchema, await this.#api.post(`${linkPath(token)}${quotePaths[answer]}`, { json: body, retry: 0 }).json());
      return view.success ? { ok: true, view: fromWireCustomerView(view.output) } : unavailable;
    } catch (error) {
      if (!isHTTPError(error)) return unavailable;
      const { status } = error.response;
      if (status === 404) return notFound;
      // ky has read the body already: what the server answered is its `data`.
      const answered: unknown = error.data;
      if (status === 409) {
        const refusal = v.safeParse(WireQuoteRefusalSchema, answered);
        return refusal.success ? { ok: false, error: { kind: 'refused', message: refusal.output.message, view: fromWireCustomerView(refusal.output.view) } } : unavailable;
      }
      const wire = v.safeParse(WireErrorSchema, answered);
      const field = wire.success ? wire.output.fields?.[0] : undefined;
      return status === 400 && field ? { ok: false, error: { kind: 'invalid-answer', field: field.field, message: field.message } } : unavailable;
    }
  }

  /** The view the server answered; "not found" for its 404; a failure for anything else. Rethrows a 400 for sendMessage. */
  async #ask(request: () => Promise<unknown>): Promise<CustomerLinkResult> {
    try {
      const view = v.safeParse(WireCustomerViewSchema, await request());
      return view.success ? { ok: true, view: fromWireCustomerView(view.output) } : unavailable;
    } catch (error) {
      if (isHTTPError(error) && error.response.status === 404) return notFound;
      if (isHTTPError(error) && error.response.status === 400) throw error;
      return unavailable;
    }
  }
}
