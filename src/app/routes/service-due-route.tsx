import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/** Staff only, as the inbox is: the yearly visits falling due. Its code rides in the settings page's chunk, as the report's does (see report-route.tsx). */
export const serviceDueRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quotes/service-due',
  staticData: { scriptsAtOnce: true, staffPage: true },
  component: lazyRouteComponent(() => import('./settings-page'), 'ServiceDuePage'),
});
