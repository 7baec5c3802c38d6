import { isHTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import type { InboxCursor, InboxPage, InboxQuery } from '../../domain/inbox/inbox-query';
import type { ViewCounts } from '../../domain/inbox/view-counts';
import type { ClockRecord, NoStamp, RecordOutcome, ResendOutcome, SelfStampingQuoteInbox, StepToRecord } from '../../domain/ports/quote-inbox';
import { toInboxSearchParams } from '../http-api/inbox-params';
import {
  fromWireActivity,
  fromWireClockRecords,
  fromWireInboxPage,
  fromWireInboxQuote,
  refusalFromBody,
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireRecordedSchema,
  WireResendSchema,
  WireViewCountsSchema,
} from '../http-api/inbox-wire';
import { apiPaths, WireErrorSchema } from '../http-api/wire';
import { answered, staffCall, staffCallFailure } from './rest-failure';
import { type RestClientOptions, readRetry, createApiClient } from './rest-client';


const quotePath = (id: string, action: string) => `${apiPaths.quoteRequests}/${encodeURIComponent(id)}/${action}`;

/**
 * Staff's inbox on our own server, through its REST API (adapters/server/inbox/inbox-api.ts). The server
 * records who made a change and when from its session and its own clock, so this client is told
 * neither (a SelfStampingQuoteInbox): a browser's word on either is not evidence. Reads are tried again when
 * the server is briefly unavailable; changes never are, as a lost answer may hide one that was made.
 */
export class RestQuoteInbox implements SelfStampingQuoteInbox {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  /** `GET /api/quote-requests?…`; `now` is the server's to choose, so it is not sent either. */
  async findPage({ query, after, limit }: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }): Promise<InboxPage> {
    const page = await this.#call('Reading the inbox', () =>
      this.#api
        .get(apiPaths.quoteRequests, { searchParams: toInboxSearchParams({ query, after, limit }), retry: readRetry })
        .json(WireInboxPageSchema),
    );
    const read = fromWireInboxPage(page);
    if (read === undefined) throw new Error('Reading the inbox failed: the server answered a cursor it cannot have written');
    return read;
  }

  /**
   * `POST /api/quote-requests/{id}/activity` with the step, as the signed-in staff member at the server's
   * time; `POST .../take` for taking one on, which alerts' tokens share.
   */
  async record({ id, step }: StepToRecord<NoStamp>): Promise<RecordOutcome> {
    try {
      if (step.kind === 'taken') {
        const quote = fromWireInboxQuote(await this.#api.post(quotePath(id, 'take'), { retry: 0 }).json(WireInboxQuoteSchema));
        const entry = quote.activity.findLast((recorded) => recorded.kind === 'taken');
        if (entry === undefined) throw new Error('The server answered a taken request with no taking in its log');
        return { outcome: 'recorded', quote, entry };
      }
      const recorded = await this.#api.post(quotePath(id, 'activity'), { json: step, retry: 0 }).json(WireRecordedSchema);
      return { outcome: 'recorded', quote: fromWireInboxQuote(recorded.quote), entry: fromWireActivity(recorded.entry) };
    } catch (error) {
      if (answered(error, 404)) return { outcome: 'not-found' };
      const body = isHTTPError(error) && error.response.status === 409 ? v.safeParse(WireErrorSchema, error.data) : undefined;
      const refusal = body?.success ? refusalFromBody(body.output) : undefined;
      if (refusal !== undefined) return { outcome: 'refused', refusal };
      throw this.#failure('Recording the step', error);
    }
  }

  /** `GET /api/quote-requests/clock-records?since=`. */
  async clockRecords(since: Date): Promise<readonly ClockRecord[]> {
    const wire = await this.#call('Reading the response times', () =>
      this.#api
        .get(`${apiPaths.quoteRequests}/clock-records`, { searchParams: { since: since.toISOString() }, retry: readRetry })
        .json(WireClockRecordsSchema),
    );
    return fromWireClockRecords(wire);
  }

  /** `GET /api/quote-requests/counts`. */
  async viewCounts(): Promise<ViewCounts> {
    return this.#call('Counting the requests in each view', () =>
      this.#api.get(`${apiPaths.quoteRequests}/counts`, { retry: readRetry }).json(WireViewCountsSchema),
    );
  }

  /** `POST /api/quote-requests/{id}/resend-email`: the server sends it now, by its own clock. */
  async resendBusinessEmail(id: string): Promise<ResendOutcome> {
    try {
      return (await this.#api.post(quotePath(id, 'resend-email'), { retry: 0 }).json(WireResendSchema)).outcome;
    } catch (error) {
      if (answered(error, 404)) return 'not-found';
      throw this.#failure('Resending the business email', error);
    }
  }

  #call<T>(action: string, request: () => Promise<T>): Promise<T> {
    return staffCall(action, this.#timeoutMs, request);
  }

  #failure(action: string, error: unknown): Error {
    return staffCallFailure(action, error, this.#timeoutMs);
  }
}
