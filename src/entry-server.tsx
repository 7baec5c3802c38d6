import { createMemoryHistory, rootRouteId, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { pageStateElementId, serialisePageState } from '../adapters/http-api/page-state';
import type { PageRenderer } from '../adapters/server/page-renderer';
import { createAppContext } from './app-context';
import type { Backend } from './backends/backend';
import { createAppRouter } from './router';

const rootElement = '<div id="root"></div>';

/**
 * Renders pages on the server through the same routes and components as the browser, into the
 * built index.html, with the state the browser needs to hydrate them as they are.
 */
export function createPageRenderer(backend: Backend, template: string): PageRenderer {
  if (!template.includes(rootElement)) throw new Error(`The page template has no ${rootElement}`);
  return {
    async render(url, state) {
      const router = createAppRouter(createAppContext(backend, state), createMemoryHistory({ initialEntries: [url] }));
      await router.load();
      const app = renderToString(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      );
      const found = router.state.matches.some((match) => match.routeId !== rootRouteId && match.status !== 'notFound');
      const stateScript = `<script id="${pageStateElementId}" type="application/json">${serialisePageState(state)}</script>`;
      return {
        status: found ? 200 : 404,
        html: template.replace(rootElement, `<div id="root">${app}</div>${stateScript}`),
      };
    },
  };
}
