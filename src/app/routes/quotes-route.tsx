import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { InboxSearchSchema } from '../../../domain/inbox/inbox-search';
import { rootRoute } from './root-route';

/**
 * Staff only; its code, the sign-in form's included, loads when someone opens it, and on our server
 * at once: the page is only its "checking your sign-in" state until its scripts run. The inbox's
 * filters live in the address (see InboxSearchSchema).
 */
export const quotesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quotes',
  validateSearch: InboxSearchSchema,
  staticData: { scriptsAtOnce: true, staffPage: true },
  component: lazyRouteComponent(() => import('./quotes-page'), 'QuotesPage'),
});
