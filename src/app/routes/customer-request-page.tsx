import { CustomerRequestPage } from '../../components/customer/customer-request-page';
import { useAppContext } from '../app-context-provider';
import { getRouteApi } from '@tanstack/react-router';

/** The route's own API by its id, so this lazily loaded page never imports the route that loads it. */
const customerRequestRoute = getRouteApi('/r/$token');

/** The customer's page, with what the route loaded and the address's word on what was just done. */
export function CustomerRequestRoutePage() {
  const { token } = customerRequestRoute.useParams();
  const search = customerRequestRoute.useSearch();
  const data = customerRequestRoute.useLoaderData();
  const customerPage = useAppContext((context) => context.customerPage);
  const now = useAppContext((context) => context.now);
  return <CustomerRequestPage token={token} search={search} data={data} actions={customerPage} now={now} />;
}
