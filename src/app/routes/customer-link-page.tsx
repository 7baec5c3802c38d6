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
  return <CustomerLinkPage token={token} search={search} data={data} actions={customerLinkPage} now={now} />;
}
