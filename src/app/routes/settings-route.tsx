import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/** Staff only, as the inbox is: the staff's tools that are not the list, a tap away from it. */
export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quotes/settings',
  staticData: { scriptsAtOnce: true, staffPage: true },
  component: lazyRouteComponent(() => import('./settings-page'), 'SettingsPage'),
});
