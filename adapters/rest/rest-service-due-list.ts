import type { KyInstance } from 'ky';
import * as v from 'valibot';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { ServiceDueList } from '../../domain/ports/service-due-list';
import { fromWireInboxQuote, WireInboxQuoteSchema } from '../http-api/inbox-wire';
import { apiPaths } from '../http-api/wire';
import { createApiClient, readRetry, type RestClientOptions } from './rest-client';
import { staffCall } from './rest-failure';

const DueListSchema = v.object({ quotes: v.array(WireInboxQuoteSchema) });

/** Staff's "Due for service" list on our server: `GET /api/quote-requests/service-due?until=…&limit=…`. */
export class RestServiceDueList implements ServiceDueList {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  async findDueForService(until: string, limit: number): Promise<InboxQuote[]> {
    const answer = await staffCall('Reading the requests due for service', this.#timeoutMs, () =>
      this.#api.get(`${apiPaths.quoteRequests}/service-due`, { searchParams: { until, limit }, retry: readRetry }).json(DueListSchema),
    );
    return answer.quotes.map(fromWireInboxQuote);
  }
}
