import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AppContext } from './app-context';
import { homeRoute } from './routes/home-route';
import { quotesRoute } from './routes/quotes-route';
import { rootRoute } from './routes/root-route';

const routeTree = rootRoute.addChildren([homeRoute, quotesRoute]);

/** The site's routes, bound to one set of stores; tests pass a memory history. */
export function createAppRouter(context: AppContext, history?: RouterHistory) {
  return createRouter({ routeTree, context, ...(history ? { history } : {}), scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
