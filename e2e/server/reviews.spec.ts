import type { APIRequestContext, Page } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { writeReviewUrl } from '../../domain/reviews/review-ask';
import { reviewCopy } from '../../domain/reviews/review-copy';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, test } from '../fixtures';
import { quotesPath } from './spawned-server';

// A done job's review, as the customer meets it in a real browser on our server: "Leave us a review"
// on their page, through our server to the business's review page, and "Stop review emails" from the
// emails' link, with scripts and without.

/** Sends a request as a script would, marks it done as staff, and gives its id and token. */
async function doneJob(request: APIRequestContext, email: string): Promise<{ id: string; token: string }> {
  const response = await request.post(quotesPath, { data: toNamedFields(sampleQuote({ name: `Done ${Math.random().toString(36).slice(2, 8)}`, email })) });
  expect(response.status()).toBe(201);
  const { id, customer_token: token } = (await response.json()) as { id: string; customer_token: string };
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  for (const [from, to] of [['new', 'contacted'], ['contacted', 'won'], ['won', 'done']] as const) {
    expect((await request.post(`${quotesPath}/${id}/activity`, { data: { kind: 'status-moved', from, to } })).status()).toBe(201);
  }
  return { id, token };
}

/** When staff see the review link followed, if they do. */
async function openedAt(request: APIRequestContext, id: string): Promise<string | null | undefined> {
  for (const view of ['all', 'spam']) {
    const page = (await (await request.get(`${quotesPath}?view=${view}&limit=500`)).json()) as { quotes: { id: string; activity: { kind: string; at: string }[] }[] };
    const found = page.quotes.find((quote) => quote.id === id);
    if (found) return found.activity.find((entry) => entry.kind === 'review-opened')?.at ?? null;
  }
  return undefined;
}

/** The business's review page stands in for Google's, which this machine cannot reach. */
const reviewPageStandsIn = (page: Page) =>
  page.route(`${new URL(writeReviewUrl).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Write a review</title><h1>Write a review</h1>' }));

for (const scripts of [false, true]) {
  test.describe(scripts ? 'with JavaScript' : 'without JavaScript', () => {
    // The review link is meant to leave for the business's review page, which the test stands in for.
    test.use({ javaScriptEnabled: scripts, allowedElsewhere: [writeReviewUrl] });

    test('a done job’s page offers Leave us a review, which goes through our server to the review page, and staff see it opened', async ({ page, request }) => {
      const { id, token } = await doneJob(request, `reviewer.${String(scripts)}@example.co.uk`);
      await reviewPageStandsIn(page);
      await page.goto(`/r/${token}`);
      await expect(page.locator('[aria-current="step"]')).toContainText('Done');
      const section = page.getByRole('region', { name: reviewCopy.customerPage.heading });
      await expect(section).toContainText(reviewCopy.customerPage.lead);
      const link = section.getByRole('link', { name: reviewCopy.leaveReview });
      await expect(link).toHaveAttribute('href', `/api/r/${token}/review`);
      expect(await openedAt(request, id)).toBeNull();

      await link.click();
      await page.waitForURL(writeReviewUrl);
      await expect(page.getByRole('heading', { name: 'Write a review' })).toBeVisible();
      await expect.poll(() => openedAt(request, id)).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    test('Stop review emails, from an email’s link, asks once and then says it is done', async ({ page, request, scanAccessibility }) => {
      const { token } = await doneJob(request, `stopper.${String(scripts)}@example.co.uk`);
      const response = await page.goto(`/api/r/${token}/stop-reviews`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewCopy.stopPage.title);
      // axe runs as a script in the page: it checks the pages where scripts run, the same HTML as without.
      if (scripts) expect(await scanAccessibility()).toEqual([]);
      await page.getByRole('button', { name: reviewCopy.stopPage.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewCopy.stopPage.doneTitle);
      await expect(page.getByText(reviewCopy.stopPage.done)).toBeVisible();
      if (scripts) expect(await scanAccessibility()).toEqual([]);
    });
  });
}
