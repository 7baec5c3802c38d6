/**
 * Test-only: an msw server answering the REST API from api-handlers.ts, for the tests of this folder.
 * Only tests import it.
 */
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import { mswServer } from '../contracts/msw-server.test-support';
import { apiPaths } from '../http-api/wire';
import { InMemoryQuoteRepository } from '../memory/in-memory-quote-repository';
import { createApiHandlers } from './api-handlers.test-support';
import { RestQuoteInbox } from './rest-quote-inbox';
import { RestQuoteRepository } from './rest-quote-repository';

/** An msw server for the calling test file, with a way to give each test an API of its own. */
export function mockApi() {
  const server = mswServer();

  /**
   * The API on an origin of its own, so no two tests' stores ever answer for each other: `quotes` is
   * the store behind it, `repository` and `inbox` the browser's clients of it.
   */
  function restApi({ now, timeoutMs, staffEmail }: { now?: () => Date; timeoutMs?: number; staffEmail?: string | null } = {}) {
    const baseUrl = `http://${crypto.randomUUID()}.test`;
    const quotes = new InMemoryQuoteRepository(now ? { now } : {});
    server.use(
      ...createApiHandlers({
        baseUrl,
        quotes,
        inbox: quotes,
        ...(now === undefined ? {} : { now }),
        ...(staffEmail === undefined ? {} : { staffEmail }),
      }),
    );
    const client = { baseUrl, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
    const repository = new RestQuoteRepository(client);
    // Through the port, as the use cases see it.
    const inbox: QuoteInbox = new RestQuoteInbox(client);
    return { baseUrl, url: new URL(apiPaths.quoteRequests, baseUrl).href, quotes, repository, inbox };
  }

  return { server, restApi };
}

export const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
