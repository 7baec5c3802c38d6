import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

interface Fixtures {
  /** Every message the page logged with console.error. */
  consoleErrors: string[];
  /** Fails the test if the page asked any host but ours for anything: the demo runs offline. */
  onlyOurHost: undefined;
  /** Scans the page against WCAG 2.2 A and AA and returns the violations. */
  scanAccessibility: () => Promise<Awaited<ReturnType<AxeBuilder['analyze']>>['violations']>;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
  onlyOurHost: [
    async ({ page, baseURL }, use) => {
      const ours = new URL(baseURL ?? '').origin;
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== ours) elsewhere.push(request.url());
      });
      await use(undefined);
      expect(elsewhere, 'requests to other hosts').toEqual([]);
    },
    { auto: true },
  ],
  scanAccessibility: async ({ page }, use) => {
    await use(async () => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      return results.violations;
    });
  },
});

export { expect };

/** The quote form, found as a visitor finds it: by its title. */
export function quoteForm(page: Page) {
  return page.getByRole('form', { name: 'Request a Quote' });
}
