/**
 * Test-only: an msw server answering the REST API from api-handlers.ts, for the tests of this folder.
 * Only tests import it.
 */
import { mswServer } from '../msw-server.test-support';
import { apiPaths } from '../http-api/wire';
import { InMemoryQuoteRepository } from '../memory/in-memory-quote-repository';
import { createApiHandlers } from './api-handlers.test-support';
import { RestQuoteRepository } from './rest-quote-repository';

/** An msw server for the calling test file, with a way to give each test an API of its own. */
export function mockApi() {
  const server = mswServer();

  /** The API on an origin of its own, so no two tests' stores ever answer for each other. */
  function restApi({ now, timeoutMs }: { now?: () => Date; timeoutMs?: number } = {}) {
    const baseUrl = `http://${crypto.randomUUID()}.test`;
    const quotes = new InMemoryQuoteRepository(now ? { now } : {});
    server.use(...createApiHandlers({ baseUrl, quotes }));
    const repository = new RestQuoteRepository({ baseUrl, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    return { baseUrl, url: new URL(apiPaths.quoteRequests, baseUrl).href, quotes, repository };
  }

  return { server, restApi };
}

export const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
