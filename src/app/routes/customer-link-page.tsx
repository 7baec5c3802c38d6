import { reviewLinkPaths } from '../../../domain/reviews/review-paths';
import { CustomerLinkPage } from '../../components/customer/customer-link-page';
import { useAppContext } from '../app-context-provider';
import { getRouteApi } from '@tanstack/react-router';

/** The route's own API by its id, so this lazily loaded page never imports the route that loads it. */
const customerLinkRoute = getRouteApi('/r/$token');

/** The customer link, with what the route loaded and the address's word on what was just done. */
export function CustomerRequestRoutePage() {
  const { token } = customerLinkRoute.useParams();
  const search = customerLinkRoute.useSearch();
  const data = customerLinkRoute.useLoaderData();
  const customerLinkPage = useAppContext((context) => context.customerLinkPage);
  const now = useAppContext((context) => context.now);
  // The review link's address is worked out here, in the page's own chunk, not by every page's context.
  const base = customerLinkPage.apiLinkBase();
  const actions = {
    ...customerLinkPage,
    reviewHref: (linkToken: string) => (base === undefined ? undefined : `${base}${reviewLinkPaths(linkToken).leaveReview}`),
    stopHref: (linkToken: string) => (base === undefined ? undefined : `${base}${reviewLinkPaths(linkToken).stop}`),
  };
  return <CustomerLinkPage token={token} search={search} data={data} actions={actions} now={now} />;
}
