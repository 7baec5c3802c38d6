import { backend } from '#backend';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageStateElementId, parsePageState } from '../../adapters/http-api/page-state';
import { createAppContext } from './app-context';
import { createAppRouter } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const state = parsePageState(document.getElementById(pageStateElementId)?.textContent);
const router = createAppRouter(createAppContext(backend, state));
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (container.firstElementChild) {
  // The server rendered this page: take it over as it is. Marked as rendered on a server, the router
  // draws what it drew there (no Suspense boundary of its own around the page), so hydration matches.
  router.ssr = { manifest: undefined };
  await router.load();
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
