import { isHTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import type { InboxCursor, InboxPage, InboxQuery } from '../../domain/inbox/inbox-query';
import type { QuoteNote } from '../../domain/inbox/inbox-quote';
import type { ViewCounts } from '../../domain/inbox/view-counts';
import type {
  CallAttemptOutcome,
  CallAttemptToRecord,
  ClearSpamOutcome,
  ClockRecord,
  NoStamp,
  NoteToAdd,
  ResendOutcome,
  SelfStampingQuoteInbox,
  SpamClearing,
  StatusChangeOutcome,
  StatusMove,
  TakeOutcome,
  TakeRequest,
} from '../../domain/ports/quote-inbox';
import { toInboxSearchParams } from '../http-api/inbox-params';
import {
  fromWireClockRecords,
  fromWireInboxPage,
  fromWireInboxQuote,
  fromWireNote,
  fromWireTaking,
  WireClockRecordsSchema,
  WireInboxPageSchema,
  WireInboxQuoteSchema,
  WireNoteSchema,
  WireResendSchema,
  WireViewCountsSchema,
  type WireNoteBody,
  type WireStatusChangeBody,
  toWireOutcome,
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

  /** `POST /api/quote-requests/{id}/status` with where staff saw it and where it goes. */
  async changeStatus({ id, from, to, ...outcome }: StatusMove<NoStamp>): Promise<StatusChangeOutcome> {
    try {
      const body: WireStatusChangeBody = { from, to, ...toWireOutcome(outcome) };
      const quote = await this.#api.post(quotePath(id, 'status'), { json: body, retry: 0 }).json(WireInboxQuoteSchema);
      return { outcome: 'changed', quote: fromWireInboxQuote(quote) };
    } catch (error) {
      if (answered(error, 404)) return { outcome: 'not-found' };
      const conflict = isHTTPError(error) && error.response.status === 409 ? v.safeParse(WireErrorSchema, error.data) : undefined;
      if (conflict?.success && conflict.output.current !== undefined) return { outcome: 'conflict', current: conflict.output.current };
      throw this.#failure('Changing the status of the quote request', error);
    }
  }

  /** `POST /api/quote-requests/{id}/take`, as the signed-in staff member. */
  async take({ id }: TakeRequest<NoStamp>): Promise<TakeOutcome> {
    try {
      const quote = await this.#api.post(quotePath(id, 'take'), { retry: 0 }).json(WireInboxQuoteSchema);
      return { outcome: 'taken', quote: fromWireInboxQuote(quote) };
    } catch (error) {
      if (answered(error, 404)) return { outcome: 'not-found' };
      const refusal = isHTTPError(error) && error.response.status === 409 ? v.safeParse(WireErrorSchema, error.data) : undefined;
      if (refusal?.success && refusal.output.taken !== undefined) return { outcome: 'already-taken', taken: fromWireTaking(refusal.output.taken) };
      if (refusal?.success && refusal.output.current !== undefined) return { outcome: 'not-waiting', current: refusal.output.current };
      throw this.#failure('Taking the quote request', error);
    }
  }

  /** `POST /api/quote-requests/{id}/call-attempts`, as the signed-in staff member at the server's time: 409 when it is not waiting. */
  async recordCallAttempt({ id }: CallAttemptToRecord<NoStamp>): Promise<CallAttemptOutcome> {
    try {
      return { outcome: 'recorded', quote: fromWireInboxQuote(await this.#api.post(quotePath(id, 'call-attempts'), { retry: 0 }).json(WireInboxQuoteSchema)) };
    } catch (error) {
      if (answered(error, 404)) return { outcome: 'not-found' };
      if (answered(error, 409)) return { outcome: 'not-waiting' };
      throw this.#failure('Recording the call', error);
    }
  }

  /** `POST /api/quote-requests/{id}/notes`; undefined when the server has no such request. */
  async addNote({ quoteId, text }: NoteToAdd<NoStamp>): Promise<QuoteNote | undefined> {
    try {
      const body: WireNoteBody = { text };
      return fromWireNote(await this.#api.post(quotePath(quoteId, 'notes'), { json: body, retry: 0 }).json(WireNoteSchema));
    } catch (error) {
      if (answered(error, 404)) return undefined;
      throw this.#failure('Adding the note', error);
    }
  }

  /** `POST /api/quote-requests/{id}/not-spam`: 200 moved to Waiting, 409 not in the Spam folder, 404 none. */
  async clearSpam({ id }: SpamClearing<NoStamp>): Promise<ClearSpamOutcome> {
    try {
      return { outcome: 'cleared', quote: fromWireInboxQuote(await this.#api.post(quotePath(id, 'not-spam'), { retry: 0 }).json(WireInboxQuoteSchema)) };
    } catch (error) {
      if (answered(error, 404)) return { outcome: 'not-found' };
      if (answered(error, 409)) return { outcome: 'not-spam' };
      throw this.#failure('Moving the quote request out of spam', error);
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
