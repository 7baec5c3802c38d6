import ky, { type KyInstance } from 'ky';
import type { QuoteRepository } from '../../domain/ports';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { apiPaths, fromWireQuote, toWireNewQuote, WireQuoteListSchema, WireQuoteSchema } from '../http-api/wire';
import { describeFailure, rejectionOf } from './rest-failure';

export interface RestQuoteRepositoryOptions {
  /**
   * Where the API lives. API paths are absolute ('/api/...'), so only the origin counts. Left out, the
   * page's own origin: the server that served the page also answers its API.
   */
  baseUrl?: string;
  /** How long one attempt may wait for an answer, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// Only the safe GET is tried again: a POST whose answer was lost may already be stored, and sending
// it again could store the visitor's request twice. 500 is a fault that a second try will not mend.
const listRetry = {
  limit: 2,
  methods: ['get'],
  statusCodes: [502, 503, 504],
  // A Retry-After of an hour must not keep staff waiting for their list for an hour.
  maxRetryAfter: 5_000,
};

/** Keeps quote requests on our own server, through its REST API (adapters/http-api/wire.ts). */
export class RestQuoteRepository implements QuoteRepository {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor({ baseUrl, timeoutMs = 10_000, fetch }: RestQuoteRepositoryOptions = {}) {
    this.#timeoutMs = timeoutMs;
    this.#api = ky.create({
      timeout: timeoutMs,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(fetch === undefined ? {} : { fetch }),
    });
  }

  async insert(quote: NewQuote): Promise<QuoteRequest> {
    try {
      const stored = await this.#api
        .post(apiPaths.quoteRequests, { json: toWireNewQuote(quote), retry: 0 }) // never again: see listRetry
        .json(WireQuoteSchema);
      return fromWireQuote(stored);
    } catch (error) {
      throw rejectionOf(error) ?? describeFailure('Storing the quote request', error, this.#timeoutMs);
    }
  }

  async listNewestFirst(): Promise<readonly QuoteRequest[]> {
    try {
      const listed = await this.#api.get(apiPaths.quoteRequests, { retry: listRetry }).json(WireQuoteListSchema);
      return listed.map(fromWireQuote);
    } catch (error) {
      throw describeFailure('Reading the quote requests', error, this.#timeoutMs);
    }
  }
}
