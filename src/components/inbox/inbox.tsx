import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAppContext } from '../../app/app-context-provider';
import { filtersOf, queryOf } from '../../../domain/inbox/inbox-search';
import { DeepLinkNotice } from './deep-link-notice';
import { EmailSetupBanner } from './email-delivery-status';
import { InboxFilters } from './inbox-filters';
import { InboxList } from './inbox-list';
import { InboxToolbar } from './inbox-toolbar';
import { InboxUpdatesBanner } from './inbox-updates-banner';
import { useInboxRefresh } from './use-inbox-refresh';

/**
 * The staff inbox, for a signed-in staff member: the requests first, under what waits and the views;
 * the filters in the address decide what it lists. The other staff tools are on the settings page.
 */
export function Inbox() {
  const inbox = useAppContext((context) => context.inbox);
  const search = useSearch({ from: '/quotes' });
  // The search object may be new on each render; its content is what matters, and of it only the
  // filters: opening one request (a notification's link) does not read the list again.
  const searchKey = JSON.stringify(filtersOf(search));

  useEffect(() => {
    void inbox.getState().load(queryOf(search));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searchKey stands for search
  }, [inbox, searchKey]);
  useInboxRefresh();

  return (
    <section className="inbox" aria-labelledby="quotes-title">
      <InboxToolbar />
      <EmailSetupBanner />
      <DeepLinkNotice id={search.id} />
      <InboxFilters search={search} />
      <InboxUpdatesBanner />
      <InboxList linkedId={search.id} />
    </section>
  );
}
