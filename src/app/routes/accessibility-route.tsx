import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/** The accessibility statement; its text loads when someone opens it. */
export const accessibilityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accessibility',
  component: lazyRouteComponent(() => import('./accessibility-page'), 'AccessibilityPage'),
});
