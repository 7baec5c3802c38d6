// @vitest-environment node
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { createAppContext } from './app-context';
import { createAppRouter } from './router';
import { testBackend } from './test-app';

/** Pages must render where there is no window or document, so they can be prerendered. */
async function renderOnServer(path: string) {
  const router = createAppRouter(createAppContext(testBackend()), createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

test('the home page renders to HTML without a browser, form included', async () => {
  const html = await renderOnServer('/');

  expect(typeof window).toBe('undefined');
  expect(html).toContain('Professional Plumbing &amp; Heating Services in SE1');
  expect(html).toContain('id="quote-section"');
  expect(html).toContain('method="post"');
  expect(html).toContain('Get Free Quote');
  // Before scripts run, the browser's own checks guard the required fields.
  expect(html).not.toContain('novalidate');
});

test('the 404 page renders to HTML without a browser', async () => {
  expect(await renderOnServer('/no-such-page')).toContain('Oops! Page not found');
});
