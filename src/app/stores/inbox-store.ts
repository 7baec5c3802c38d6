import { createStore } from 'zustand/vanilla';
import { copy } from '../../../domain/copy';
import type { FindQuotesResult } from '../../../domain/inbox/find-quotes';
import { type InboxCursor, type InboxQuery, matchesQuery, defaultInboxQuery, type InboxPage } from '../../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import type { InboxSummary, InboxSummaryResult } from '../../../domain/inbox/inbox-summary';
import type { ViewCounts } from '../../../domain/inbox/view-counts';
import type { ViewCountsResult } from '../../../domain/inbox/read-view-counts';
import type { InboxFirstScreen } from '../../../domain/inbox/inbox-first-screen';
import { type InboxUpdates, updatesBetween } from './inbox-updates';
import { type ToastStore, toastSlot } from './toast-store';

interface InboxState {
  /** 'idle' until the first load; 'loaded' even after a failed load, which keeps the last list. */
  status: 'idle' | 'loading' | 'loaded';
  /** The query the list shows; null before the first load. */
  query: InboxQuery | null;
  /** Every page read so far, in the view's order. */
  quotes: readonly InboxQuote[];
  /** How many requests match the query in all. */
  total: number;
  /** True when the store holds no request at all, not merely none that matches the query. */
  storeEmpty: boolean;
  next: InboxCursor | null;
  loadingMore: boolean;
  summary: InboxSummary | null;
  summaryFailed: boolean;
  /** How many requests each view holds, for its tab; null until read. */
  viewCounts: ViewCounts | null;
  /** The host keeps the emails to the business but has no mail server to send them yet, as its last page said. */
  emailNotSetUp: boolean;
  /** What changed in the store since the list was read, found by {@link InboxState.checkForUpdates}. */
  updates: InboxUpdates | null;
  /** Reads the first page of `query` (and the summary); a later load wins over an earlier one. */
  load: (query: InboxQuery) => Promise<void>;
  /** Reads the current query again from its first page. */
  reload: () => Promise<void>;
  /** Appends the next page; resolves to how many requests it added. */
  showMore: () => Promise<number>;
  /** Reads the summary and the views' counts again. */
  refreshSummary: () => Promise<void>;
  /**
   * Reads the first page again without touching the list, so nothing moves under someone's hands:
   * the total and summary are brought up to date, and `updates` says whether the list is behind. An
   * empty list, which has nothing to move, is simply filled.
   */
  checkForUpdates: () => Promise<void>;
  /** Puts a request's new version in its place, or takes it off the list if it has left the view. */
  replaceQuote: (quote: InboxQuote) => void;
  /** Changes a request where it stands in the list. */
  updateQuote: (id: string, change: (quote: InboxQuote) => InboxQuote) => void;
  /** Takes a request off the list (deleted), then finds out whether it was the last one stored. */
  removeQuote: (id: string) => void;
  /** Forgets everything, as when the staff member signs out. */
  clear: () => void;
}

export interface InboxDeps {
  findQuotes: (request: { query: InboxQuery; after: InboxCursor | null; now: Date; limit?: number }) => Promise<FindQuotesResult>;
  inboxSummary: (now: Date) => Promise<InboxSummaryResult>;
  viewCounts: () => Promise<ViewCountsResult>;
  now: () => Date;
  toasts: ToastStore;
  /** The store asked for a staff session it no longer has (expired, or ended elsewhere). */
  onNotSignedIn: () => void;
}

const empty = { status: 'idle', query: null, quotes: [], total: 0, storeEmpty: false, next: null, loadingMore: false, summary: null, summaryFailed: false, viewCounts: null, updates: null, emailNotSetUp: false } as const;

const everything: InboxQuery = { ...defaultInboxQuery, view: 'all' };
const isEverything = (query: InboxQuery) =>
  query.view === 'all' && query.search === '' && query.serviceType === null && query.urgent === null && query.from === null && query.to === null;

/** What the inbox shows at first from what the server read for the page, as a load of it would. */
const shownFrom = ({ query, page, summary, counts }: InboxFirstScreen) => ({
  status: 'loaded' as const,
  query,
  quotes: page.quotes,
  total: page.total,
  storeEmpty: page.quotes.length === 0 && counts?.all === 0,
  next: page.next,
  summary,
  viewCounts: counts,
  emailNotSetUp: page.emailNotSetUp === true,
});

/** The staff inbox: one query's pages, its total, and the response times above it; `first`, what a server-rendered page showed. */
export function createInboxStore({ findQuotes, inboxSummary, viewCounts, now, toasts, onNotSignedIn }: InboxDeps, first?: InboxFirstScreen) {
  const toast = toastSlot(toasts, 'quote-list');
  // Each load (or sign-out) starts a new generation; answers to an older one are dropped.
  let generation = 0;
  // The query the server drew the page for: the page's first load of it has nothing new to read.
  let drawn = first && JSON.stringify(first.query);
  let checkFailing = false;
  return createStore<InboxState>()((set, get) => {
    const notSignedIn = () => {
      generation += 1;
      set({ ...empty });
      onNotSignedIn();
    };
    /**
     * Whether a query's empty first page means the store holds nothing at all: the All view's total
     * says so; any other view or filter asks for one request of the All view. Unknown counts as not.
     */
    const holdsNothing = async (query: InboxQuery, page: Pick<InboxPage, 'quotes' | 'total'>) => {
      if (page.quotes.length > 0) return false;
      if (isEverything(query)) return page.total === 0;
      const all = await findQuotes({ query: everything, after: null, now: now(), limit: 1 });
      return all.ok && all.page.quotes.length === 0;
    };
    const without = (id: string) =>
      set(({ quotes, total }) => (quotes.some((quote) => quote.id === id) ? { quotes: quotes.filter((quote) => quote.id !== id), total: Math.max(0, total - 1) } : {}));

    return {
      ...empty,
      ...(first && shownFrom(first)),
      load: async (query) => {
        const alreadyShown = drawn === JSON.stringify(query);
        drawn = undefined;
        if (alreadyShown) return;
        const current = ++generation;
        set({ status: 'loading', query, updates: null });
        void get().refreshSummary();
        const result = await findQuotes({ query, after: null, now: now() });
        if (current !== generation) return;
        if (result.ok) {
          const storeEmpty = await holdsNothing(query, result.page);
          if (current !== generation) return;
          toast.clear();
          set({ status: 'loaded', quotes: result.page.quotes, total: result.page.total, storeEmpty, next: result.page.next, loadingMore: false, emailNotSetUp: result.page.emailNotSetUp === true });
        } else if (result.error.kind === 'not-signed-in') {
          notSignedIn();
        } else {
          set({ status: 'loaded', loadingMore: false });
          toast.show({ ...copy.toasts.listFailed, variant: 'destructive' });
        }
      },
      reload: async () => {
        const { query } = get();
        if (query) await get().load(query);
      },
      showMore: async () => {
        const { query, next, loadingMore } = get();
        if (!query || !next || loadingMore) return 0;
        const current = generation;
        set({ loadingMore: true });
        const result = await findQuotes({ query, after: next, now: now() });
        if (current !== generation) return 0;
        if (!result.ok) {
          set({ loadingMore: false });
          if (result.error.kind === 'not-signed-in') notSignedIn();
          else toast.show({ ...copy.toasts.listFailed, variant: 'destructive' });
          return 0;
        }
        // A request already shown (moved by someone since the first page) is not shown twice.
        const shown = new Set(get().quotes.map(({ id }) => id));
        const added = result.page.quotes.filter(({ id }) => !shown.has(id));
        set(({ quotes }) => ({ quotes: [...quotes, ...added], total: result.page.total, next: result.page.next, loadingMore: false }));
        return added.length;
      },
      refreshSummary: async () => {
        const current = generation;
        const [result, counts] = await Promise.all([inboxSummary(now()), viewCounts()]);
        if (current !== generation) return;
        if ((!result.ok && result.error.kind === 'not-signed-in') || (!counts.ok && counts.error.kind === 'not-signed-in')) {
          notSignedIn();
          return;
        }
        // Counts that cannot be read keep the last ones: a tab's number is a guide, not a promise.
        if (counts.ok) set({ viewCounts: counts.counts });
        if (result.ok) set({ summary: result.summary, summaryFailed: false });
        else set({ summaryFailed: true });
      },
      checkForUpdates: async () => {
        const { query, status } = get();
        if (!query || status !== 'loaded') return;
        const current = generation;
        void get().refreshSummary();
        const at = now();
        const result = await findQuotes({ query, after: null, now: at });
        if (current !== generation) return;
        if (!result.ok) {
          if (result.error.kind === 'not-signed-in') notSignedIn();
          // Said once, not every minute while the connection stays down.
          else if (!checkFailing) toast.show({ ...copy.toasts.listFailed, variant: 'destructive' });
          checkFailing = true;
          return;
        }
        checkFailing = false;
        set({ emailNotSetUp: result.page.emailNotSetUp === true });
        // An empty list has no place, note or focus to lose: what arrived is simply shown.
        if (get().quotes.length === 0 && result.page.quotes.length > 0) {
          set({ quotes: result.page.quotes, total: result.page.total, next: result.page.next, storeEmpty: false, updates: null });
          return;
        }
        set(({ quotes }) => ({ total: result.page.total, updates: updatesBetween(quotes, result.page, query, at) }));
      },
      replaceQuote: (quote) => {
        const { query } = get();
        if (query && !matchesQuery(quote, query)) without(quote.id);
        else get().updateQuote(quote.id, () => quote);
      },
      updateQuote: (id, change) =>
        set(({ quotes }) => ({ quotes: quotes.map((quote) => (quote.id === id ? change(quote) : quote)) })),
      removeQuote: (id) => {
        without(id);
        const { query, quotes, total, next } = get();
        if (query === null || quotes.length > 0 || next !== null) return;
        // The last one shown is gone: perhaps the last one stored.
        const current = generation;
        void holdsNothing(query, { quotes, total }).then((storeEmpty) => {
          if (current === generation) set({ storeEmpty });
        });
      },
      clear: () => {
        generation += 1;
        set({ ...empty });
      },
    };
  });
}

export type InboxStore = ReturnType<typeof createInboxStore>;
