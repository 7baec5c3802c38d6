// @vitest-environment node
import { expect, test } from 'vitest';
import { createPageRenderer } from '../../render/page-renderer';
import { loadedBackend } from '../backends/backend';
import { testBackend } from '../../test-app.test-support';

const template = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

test('the accessibility statement renders on a server, with no window, linked from the footer', async () => {
  const { html, status } = await createPageRenderer(loadedBackend(testBackend()), { home: template, app: template, appAtOnce: template, appAfterPaint: template }).render('/accessibility', {});

  expect(typeof window).toBe('undefined');
  expect(status).toBe(200);
  expect(html).toContain('<h1 id="accessibility-title">Accessibility Statement</h1>');
  expect(html).toContain('<title>Accessibility Statement | SE1 Plumbing &amp; Heating</title>');
  expect(html).toContain('href="mailto:hello@se1plumbing.example"');
  expect(html).toContain('href="/accessibility"');
});
