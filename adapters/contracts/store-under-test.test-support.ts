import { defaultInboxQuery, inboxPageMax, type InboxCursor, type InboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { QuoteRepository, QuoteRetention } from '../../domain/ports/quote-repository';
import { type QuoteRequest, quoteFieldList } from '../../domain/quote/quote';

/**
 * A store as the contract suites drive it: its two ports, and how to throw it away afterwards. Its
 * inbox may be one told who and when or one that stamps its own (see QuoteInbox).
 */
export interface StoreUnderTest<Inbox extends QuoteInbox = QuoteInbox> {
  repository: QuoteRepository;
  inbox: Inbox;
  cleanup?: () => Promise<void>;
}

/**
 * Makes an empty store whose `insert` stamps `createdAt` with `now()`, so the tests control time.
 * Each call must give a store of its own: the tests never share one.
 */
export type MakeStore<Inbox extends QuoteInbox = QuoteInbox> = (options: { now: () => Date }) => Promise<StoreUnderTest<Inbox>> | StoreUnderTest<Inbox>;

/** A store that also deletes what it has kept too long, as the retention contract drives it. */
export interface RetainingStoreUnderTest extends StoreUnderTest {
  retention: QuoteRetention;
}

/** Like {@link MakeStore}, for a store that purges. */
export type MakeRetainingStore = (options: { now: () => Date }) => Promise<RetainingStoreUnderTest> | RetainingStoreUnderTest;

/** Runs `use` on a fresh store, and cleans it up however `use` ends. */
export async function withStore<Store extends StoreUnderTest>(
  make: (options: { now: () => Date }) => Promise<Store> | Store,
  now: () => Date,
  use: (store: Store) => Promise<void>,
): Promise<void> {
  const store = await make({ now });
  try {
    await use(store);
  } finally {
    await store.cleanup?.();
  }
}

/** Every page of `query`, followed cursor by cursor: the requests in order, and each page's total. */
export async function readAll(
  inbox: QuoteInbox,
  query: InboxQuery,
  now: Date,
  limit: number = inboxPageMax,
): Promise<{ quotes: InboxQuote[]; totals: number[] }> {
  const quotes: InboxQuote[] = [];
  const totals: number[] = [];
  let after: InboxCursor | null = null;
  do {
    const page = await inbox.findPage({ query, after, limit, now });
    quotes.push(...page.quotes);
    totals.push(page.total);
    after = page.next;
    // A store whose cursor never ends would otherwise hang the suite.
    if (totals.length > 1000) throw new Error('findPage kept answering a next page');
  } while (after !== null);
  return { quotes, totals };
}

/** The stored request alone, without the inbox's status, history, notes and email. */
export function requestOf(quote: QuoteRequest): QuoteRequest {
  return { id: quote.id, createdAt: quote.createdAt, ...Object.fromEntries(quoteFieldList.map((field) => [field, quote[field]])) } as QuoteRequest;
}

/** Every stored request, newest first, as the repository stored it. */
export async function listAll(inbox: QuoteInbox, now: Date): Promise<QuoteRequest[]> {
  const { quotes } = await readAll(inbox, { ...defaultInboxQuery, view: 'all' }, now);
  return quotes.map(requestOf);
}

/**
 * Runs one run of a property on a store shared by every run, deleting what the run stored afterwards:
 * each run starts empty without the cost of making a store (a migrated database) for each.
 */
export async function inEmptiedStore<Store extends StoreUnderTest>(store: Store, use: (store: Store) => Promise<void>): Promise<void> {
  const ids: string[] = [];
  const repository: QuoteRepository = {
    insert: async (quote, photos, arrival) => {
      const stored = await store.repository.insert(quote, photos, arrival);
      ids.push(stored.id);
      return stored;
    },
    delete: (id) => store.repository.delete(id),
  };
  try {
    await use({ ...store, repository });
  } finally {
    for (const id of ids) await store.repository.delete(id);
  }
}
