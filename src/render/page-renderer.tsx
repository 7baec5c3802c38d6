import { createMemoryHistory, rootRouteId, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pageStateElementId, serialisePageState } from '../../adapters/http-api/page-state';
import type { PageRenderer } from '../../adapters/server/pages/page-renderer';
import { createAppContext } from '../app/app-context';
import type { BackendModule } from '../app/backends/backend';
import { createAppRouter } from '../app/router';

const rootElement = '<div id="root"></div>';

/**
 * The built page for each kind of page. Each holds an empty `<div id="root">`.
 */
export interface PageTemplates {
  /** The home page, whose script hydrates only its islands, loaded on the visitor's first interaction. */
  home: string;
  /** Every other page, whose script runs the whole application, loaded on the visitor's first interaction. */
  app: string;
  /** A page whose route needs its scripts as soon as it arrives (the staff inbox): the whole application, at once. */
  appAtOnce: string;
  /**
   * Such a page as the server drew it with what its reader came for (the inbox with its requests, the
   * report, the sign-in form): the whole application, as soon as the page is painted.
   */
  appAfterPaint: string;
}

/**
 * React puts a page's <title>, <meta> and <link> elements first in what it renders; they belong in
 * the document's head, where crawlers and browsers read them.
 */
function splitHead(app: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/.exec(app)?.[0] ?? '';
  return { head: hoisted, body: app.slice(hoisted.length) };
}

/**
 * Renders pages through the same routes and components as the browser, into the built page, with
 * the state the browser needs to hydrate them as they are. The build prerenders pages with it; our
 * server renders with it what depends on a request (a form sent back with its errors).
 */
export function createPageRenderer(backend: BackendModule, templates: PageTemplates): PageRenderer {
  for (const template of [templates.home, templates.app, templates.appAtOnce, templates.appAfterPaint]) {
    if (!template.includes(rootElement)) throw new Error(`A page template has no ${rootElement}`);
  }
  return {
    async render(url, state) {
      const router = createAppRouter(createAppContext(backend, state), createMemoryHistory({ initialEntries: [url] }));
      await router.load();
      const { head, body } = splitHead(
        renderToString(
          <StrictMode>
            <RouterProvider router={router} />
          </StrictMode>,
        ),
      );
      const found = router.state.matches.some((match) => match.routeId !== rootRouteId && match.status !== 'notFound');
      const atOnce = router.state.matches.some((match) => match.staticData.scriptsAtOnce === true);
      const template =
        found && router.state.location.pathname === '/'
          ? templates.home
          : atOnce
            ? state.inbox === undefined && state.staffPage === undefined
              ? templates.appAtOnce
              : templates.appAfterPaint
            : templates.app;
      const stateScript = `<script id="${pageStateElementId}" type="application/json">${serialisePageState(state)}</script>`;
      return {
        status: found ? 200 : 404,
        html: template
          .replace(/<title>[^<]*<\/title>\s*/, '')
          .replace(/<meta\s+name="description"[^>]*>\s*/, '')
          .replace('</head>', () => `${head}</head>`)
          // A function, so that '$&' and the like in what a visitor typed are left as they are.
          .replace(rootElement, () => `<div id="root">${body}</div>${stateScript}`),
      };
    },
  };
}
