import { createBackend } from '#backend';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageStateElementId, parsePageState } from '../adapters/http-api/page-state';
import { createAppContext } from './app-context';
import { createAppRouter } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const state = parsePageState(document.getElementById(pageStateElementId)?.textContent);
const router = createAppRouter(createAppContext(createBackend(), state));
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (container.firstElementChild) {
  // The server rendered this page: take it over as it is.
  await router.load();
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
