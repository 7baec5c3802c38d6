import { isHTTPError, type KyInstance } from 'ky';
import type { NewlyStored, QuoteRepository } from '../../domain/ports/quote-repository';
import { type NewQuote, toNamedFields } from '../../domain/quote/quote';
import type { ProcessedPhoto } from '../../domain/photos/photos';
import type { Arrival } from '../../domain/spam/spam';
import { NotSignedIn } from '../../domain/staff/staff';
import { apiPaths, fromWireStoredQuote, WireStoredQuoteSchema } from '../http-api/wire';
import { arrivalFields } from './arrival-wire';
import { type RestClientOptions, readRetry, createApiClient } from './rest-client';
import { describeFailure, rateLimitOf, rejectionOf } from './rest-failure';

// A DELETE may be tried again too: deleting twice deletes no more. If a lost answer hid a delete that
// happened, the second try is told 404, which the caller hears as "already gone": true to the facts.
const deleteRetry = { ...readRetry, methods: ['delete'] };

const answered = (error: unknown, status: number) => isHTTPError(error) && error.response.status === status;

/** `/api/quote-requests/{id}`; the id is encoded, so no id can reach another path. */
const quoteRequestPath = (id: string) => `${apiPaths.quoteRequests}/${encodeURIComponent(id)}`;

/**
 * Keeps quote requests on our own server, through its REST API (adapters/http-api/wire.ts). Staff read
 * them back through RestQuoteInbox.
 */
export class RestQuoteRepository implements QuoteRepository {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  /**
   * `POST /api/quote-requests` with the fields and how the request arrived, for the server to judge;
   * the 201 is the same whether it judged spam or not. Photos go by RestPhotoSender, never here.
   */
  async insert(quote: NewQuote, _photos?: readonly ProcessedPhoto[], arrival?: Arrival): Promise<NewlyStored> {
    try {
      const stored = await this.#api
        .post(apiPaths.quoteRequests, { json: { ...toNamedFields(quote), ...arrivalFields(arrival) }, retry: 0 }) // never again: see readRetry
        .json(WireStoredQuoteSchema);
      return fromWireStoredQuote(stored);
    } catch (error) {
      throw rejectionOf(error) ?? rateLimitOf(error) ?? describeFailure('Storing the quote request', error, this.#timeoutMs);
    }
  }

  /** `DELETE /api/quote-requests/{id}`: 204 deleted, 404 not there, 401 no staff session. */
  async delete(id: string): Promise<boolean> {
    try {
      await this.#api.delete(quoteRequestPath(id), { retry: deleteRetry });
      return true;
    } catch (error) {
      if (answered(error, 404)) return false;
      if (answered(error, 401)) throw new NotSignedIn();
      throw describeFailure('Deleting the quote request', error, this.#timeoutMs);
    }
  }
}
