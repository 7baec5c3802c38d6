import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/** Staff only; its code, the sign-in form's included, loads when someone opens it. */
export const quotesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quotes',
  component: lazyRouteComponent(() => import('./quotes-page'), 'QuotesPage'),
});
