import { Link } from '@tanstack/react-router';
import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useAppContext } from '../../app/app-context-provider';

/**
 * Where the request the address names is, when it is not in the list (someone took it on or moved it,
 * or it was deleted), said at the top where someone who tapped a notification looks first. From any
 * other view, a way to look for it among all requests.
 */
export function DeepLinkNotice({ id }: { id: string | undefined }) {
  const inbox = useAppContext((context) => context.inbox);
  const listed = useStore(inbox, (state) => state.quotes.some((quote) => quote.id === id));
  const loaded = useStore(inbox, (state) => state.status === 'loaded');
  const everywhere = useStore(inbox, (state) => state.query?.view === 'all');
  if (id === undefined || !loaded || listed) return null;
  return (
    <div className="deep-link-notice" role="status">
      <p>{everywhere ? inboxCopy.deepLink.notFound : inboxCopy.deepLink.notListed}</p>
      {!everywhere && (
        <Link to="/quotes" search={{ view: 'all', id }} className="button button-outline">
          {inboxCopy.deepLink.seeAll}
        </Link>
      )}
    </div>
  );
}
