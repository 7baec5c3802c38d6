// @vitest-environment node
import { expect, test } from 'vitest';
import { createPageRenderer } from '../../render/page-renderer';
import { loadedBackend } from '../backends/backend';
import { testBackend } from '../../test-app.test-support';

const template = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

test('the privacy notice renders on a server, with no window, and its links are plain links', async () => {
  const { html, status } = await createPageRenderer(loadedBackend(testBackend()), { home: template, app: template, appAtOnce: template, appAfterPaint: template }).render('/privacy', {});

  expect(typeof window).toBe('undefined');
  expect(status).toBe(200);
  expect(html).toContain('<h1 id="privacy-title">Privacy Notice</h1>');
  expect(html).toContain('href="https://ico.org.uk/make-a-complaint/"');
  expect(html).toContain('href="/privacy"');
});
