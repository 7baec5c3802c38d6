import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { copy } from '../../../domain/copy';
import { defaultInboxQuery, type InboxQuery, inboxPageSize } from '../../../domain/inbox/inbox-query';
import { useAppContext } from '../../app/app-context-provider';
import { QuoteCard, quoteHeadingId } from './quote-card';
import { useNow } from './use-now';

/** With nothing stored the specification's text, whatever the view; otherwise why nothing matches. */
function emptyMessage(query: InboxQuery | null, storeEmpty: boolean): string {
  if (query === null || storeEmpty) return copy.quotes.empty;
  const filtered = query.search !== '' || query.serviceType !== null || query.urgent !== null || query.from !== null || query.to !== null;
  if (filtered) return inboxCopy.empty.filtered;
  if (query.view === 'all') return copy.quotes.empty;
  if (query.view === 'spam') return inboxCopy.empty.spam;
  return query.view === defaultInboxQuery.view ? inboxCopy.empty.waiting : inboxCopy.empty.view(inboxCopy.views[query.view]);
}

/**
 * The requests read so far, one card each, the response clocks ticking; then how many of how many,
 * and a button for the next page, which takes focus to the first request it brought. `linkedId`: the
 * request the address names (what a notification opens), brought into view, marked out and focused.
 */
export function InboxList({ linkedId }: { linkedId?: string | undefined }) {
  const inbox = useAppContext((context) => context.inbox);
  const status = useStore(inbox, (state) => state.status);
  const quotes = useStore(inbox, (state) => state.quotes);
  const total = useStore(inbox, (state) => state.total);
  const query = useStore(inbox, (state) => state.query);
  const storeEmpty = useStore(inbox, (state) => state.storeEmpty);
  const more = useStore(inbox, (state) => state.next !== null);
  const loadingMore = useStore(inbox, (state) => state.loadingMore);
  const now = useNow();
  // Where the page being read will start: its first card takes focus once it is on screen.
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    const first = from === null ? undefined : quotes[from];
    if (first === undefined) return;
    focusFrom.current = null;
    document.getElementById(quoteHeadingId(first.id))?.focus();
  }, [quotes]);

  const linkedListed = linkedId !== undefined && quotes.some(({ id }) => id === linkedId);
  // Each request the address names is brought into view once, not again whenever the list changes.
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (linkedId === undefined || !linkedListed || broughtIntoView.current === linkedId) return;
    broughtIntoView.current = linkedId;
    const heading = document.getElementById(quoteHeadingId(linkedId));
    const card = heading?.closest('article');
    // Not every browser engine scrolls (the tests' has no layout): where it cannot, focus still brings the card near.
    if (card && typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [linkedId, linkedListed]);

  const showMore = async () => {
    focusFrom.current = quotes.length;
    if ((await inbox.getState().showMore()) === 0) focusFrom.current = null;
  };

  if (quotes.length === 0) {
    return <p className="list-message">{status === 'loaded' ? emptyMessage(query, storeEmpty) : inboxCopy.loading}</p>;
  }
  return (
    <>
      <ul className="quote-list" aria-busy={status === 'loading'}>
        {quotes.map((quote) => (
          <li key={quote.id}>
            <QuoteCard quote={quote} now={now} linked={quote.id === linkedId} />
          </li>
        ))}
      </ul>
      <div className="inbox-paging">
        <p aria-live="polite">{inboxCopy.paging.showing(quotes.length, Math.max(total, quotes.length))}</p>
        {more && (
          <button
            type="button"
            className="button button-outline"
            aria-disabled={loadingMore}
            onClick={() => {
              if (!loadingMore) void showMore();
            }}
          >
            {inboxCopy.paging.showMore(Math.min(inboxPageSize, Math.max(1, total - quotes.length)))}
          </button>
        )}
      </div>
    </>
  );
}
