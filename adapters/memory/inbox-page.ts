import {
  compareInInbox,
  cursorAfter,
  type InboxCursor,
  type InboxPage,
  type InboxQuery,
  isAfterCursor,
  matchesQuery,
  orderOf,
} from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';

/**
 * One page of the inbox out of every request, by the domain's own rules: the reference every other
 * store's query is tested against. The waiting order is judged as of the first page's time, which
 * the cursor keeps, so a request falling overdue between pages is neither skipped nor repeated.
 */
export function inboxPage(
  quotes: readonly InboxQuote[],
  { query, after, limit, now }: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date },
): InboxPage {
  const order = orderOf(query.view);
  const asOf = after?.order === 'waiting' ? after.asOf : now;
  const matches = quotes.filter((quote) => matchesQuery(quote, query)).sort(compareInInbox(order, asOf));
  const rest = after === null ? matches : matches.filter((quote) => isAfterCursor(quote, after));
  const page = rest.slice(0, Math.max(0, limit));
  const last = page.at(-1);
  return {
    quotes: page,
    total: matches.length,
    next: rest.length > page.length && last !== undefined ? cursorAfter(last, order, asOf) : null,
  };
}
