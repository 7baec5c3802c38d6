import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AppContext } from './app-context';
import { accessibilityRoute } from './routes/accessibility-route';
import { customerLinkRoute } from './routes/customer-link-route';
import { homeRoute } from './routes/home-route';
import { privacyRoute } from './routes/privacy-route';
import { quotesRoute } from './routes/quotes-route';
import { rootRoute } from './routes/root-route';
import { settingsRoute } from './routes/settings-route';
import { reportRoute } from './routes/report-route';
import { serviceDueRoute } from './routes/service-due-route';

const routeTree = rootRoute.addChildren([homeRoute, quotesRoute, settingsRoute, reportRoute, serviceDueRoute, privacyRoute, accessibilityRoute, customerLinkRoute]);

/** The site's routes, bound to one set of stores; tests pass a memory history. */
export function createAppRouter(context: AppContext, history?: RouterHistory) {
  // No scroll restoration: it needs an inline script in every page, which our Content-Security-Policy
  // forbids. Each navigation still starts at the top of the new page.
  return createRouter({ routeTree, context, ...(history ? { history } : {}), scrollRestoration: false });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The page is no use without its scripts, so they load as it arrives; every other page works
     * without them and loads them on the visitor's first interaction (see src/render/page-templates.ts).
     */
    scriptsAtOnce?: boolean;
    /** A page for staff: it carries the staff header, not the public one with its "Call Now". */
    staffPage?: boolean;
    /** The page shows its toasts in its own flow, beside what they are about, rather than over it. */
    toastsInPage?: boolean;
  }
}
