import { compareInInbox, type InboxPage, type InboxQuery, orderOf } from '../../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';

/** How the list on screen differs from a first page read again just now. */
export interface InboxUpdates {
  /** Requests received since the newest one shown. */
  newRequests: number;
  /** Something else moved: a request shown was changed, left the view or changed places. */
  changed: boolean;
}

const versionOf = (quote: InboxQuote) => `${quote.status}|${quote.notes.length}|${quote.businessEmail?.sentAt?.getTime() ?? ''}|${quote.businessEmail?.lastError ?? ''}`;

/**
 * Compares the list staff are looking at with a fresh first page, over the part of the list the
 * page covers (up to its last request, in the view's order at `at`). Null when nothing differs.
 */
export function updatesBetween(shown: readonly InboxQuote[], fresh: InboxPage, query: InboxQuery, at: Date): InboxUpdates | null {
  const shownById = new Map(shown.map((quote) => [quote.id, quote]));
  const freshIds = new Set(fresh.quotes.map(({ id }) => id));
  const newest = Math.max(0, ...shown.map(({ createdAt }) => createdAt.getTime()));
  const newRequests = fresh.quotes.filter((quote) => !shownById.has(quote.id) && quote.createdAt.getTime() > newest).length;

  const compare = compareInInbox(orderOf(query.view), at);
  const last = fresh.quotes.at(-1);
  const covered = shown.filter((quote) => fresh.next === null || (last !== undefined && compare(quote, last) <= 0));
  const left = covered.some((quote) => !freshIds.has(quote.id));
  const edited = fresh.quotes.some((quote) => {
    const before = shownById.get(quote.id);
    return before !== undefined && versionOf(before) !== versionOf(quote);
  });
  const freshOrder = fresh.quotes.filter(({ id }) => shownById.has(id)).map(({ id }) => id);
  const shownOrder = covered.filter(({ id }) => freshIds.has(id)).map(({ id }) => id);
  const moved = freshOrder.join() !== shownOrder.join();

  // Not new, yet not on the list: moved into this view by someone else.
  const appeared = fresh.quotes.filter((quote) => !shownById.has(quote.id)).length > newRequests;

  const changed = left || appeared || edited || moved;
  return newRequests > 0 || changed ? { newRequests, changed } : null;
}
