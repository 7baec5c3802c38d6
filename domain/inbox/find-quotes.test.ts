import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { findQuotes } from './find-quotes';
import { defaultInboxQuery, type InboxCursor, inboxPageMax, inboxPageSize } from './inbox-query';
import type { QuoteRequest } from '../quote/quote';
import { NotSignedIn } from '../staff/staff';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

const now = new Date('2026-05-14T12:00:00Z');

function requests(count: number, urgentEvery = 3): QuoteRequest[] {
  return Array.from({ length: count }, (_, index) =>
    sampleRequest({
      id: `q${String(index).padStart(4, '0')}`,
      createdAt: new Date(now.getTime() - (index + 1) * 60_000),
      name: `Customer ${index}`,
      phone: `07700 900${String(index % 1000).padStart(3, '0')}`,
      urgent: index % urgentEvery === 0,
    }),
  );
}

test('the first page holds 50 waiting requests in the waiting order, with the total and a next page', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: requests(60) });
  const { logger, errors } = recordingLogger();

  const first = await findQuotes({ inbox, logger }, { query: defaultInboxQuery, after: null, now });
  if (!first.ok) throw new Error(first.error.kind);
  expect(first.page.quotes).toHaveLength(inboxPageSize);
  expect(first.page.total).toBe(60);
  expect(first.page.quotes[0]?.urgent).toBe(true);

  const second = await findQuotes({ inbox, logger }, { query: defaultInboxQuery, after: first.page.next, now });
  if (!second.ok) throw new Error(second.error.kind);
  expect(second.page.quotes).toHaveLength(10);
  expect(second.page.next).toBeNull();
  const ids = [...first.page.quotes, ...second.page.quotes].map(({ id }) => id);
  expect(new Set(ids).size).toBe(60);
  expect(errors).toEqual([]);
});

test('the filters of the query are applied', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: requests(30) });
  const deps = { inbox, logger: recordingLogger().logger };
  const find = async (urgent: boolean | null, search: string) => {
    const result = await findQuotes(deps, { query: { ...defaultInboxQuery, view: 'all', urgent, search }, after: null, now });
    return result.ok ? result.page.quotes.map(({ name }) => name) : result.error.kind;
  };
  // Every third is urgent (0, 3, 6 …); only Customer 15 has 15 in its name or phone.
  expect(await find(true, '15')).toEqual(['Customer 15']);
  expect(await find(false, '15')).toEqual([]);
  expect(await find(true, '')).toHaveLength(10);
});

test('a page holds at least one request and at most 500, whatever is asked', async () => {
  const limits: number[] = [];
  class CountingStore extends InMemoryQuoteRepository {
    override findPage(request: Parameters<InMemoryQuoteRepository['findPage']>[0]) {
      limits.push(request.limit);
      return super.findPage(request);
    }
  }
  const inbox = new CountingStore({ seed: requests(inboxPageMax + 1) });
  const deps = { inbox, logger: recordingLogger().logger };
  const sizes: number[] = [];
  for (const limit of [0, -5, 2.7, 10_000, Number.POSITIVE_INFINITY]) {
    const result = await findQuotes(deps, { query: defaultInboxQuery, after: null, now, limit });
    sizes.push(result.ok ? result.page.quotes.length : -1);
  }
  expect(limits).toEqual([1, 1, 2, 500, 500]);
  expect(sizes).toEqual([1, 1, 2, 500, 500]);
});

test('a cursor from the page before is followed', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: requests(5) });
  const deps = { inbox, logger: recordingLogger().logger };
  const seen: string[] = [];
  let after: InboxCursor | null = null;
  do {
    const result = await findQuotes(deps, { query: { ...defaultInboxQuery, view: 'all' }, after, now, limit: 2 });
    if (!result.ok) throw new Error(result.error.kind);
    seen.push(...result.page.quotes.map(({ id }) => id));
    after = result.page.next;
  } while (after !== null);
  expect(seen).toEqual(['q0000', 'q0001', 'q0002', 'q0003', 'q0004']);
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  const result = await findQuotes({ inbox: failingQuoteInbox(new NotSignedIn()), logger }, { query: defaultInboxQuery, after: null, now });
  expect(result).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();
  const result = await findQuotes({ inbox: failingQuoteInbox(failure), logger }, { query: defaultInboxQuery, after: null, now });
  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Reading the inbox failed', cause: failure }]);
});
