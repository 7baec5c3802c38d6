import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

interface Fixtures {
  /** Every message the page logged with console.error. */
  consoleErrors: string[];
  /** Fails the test if the page asked any host but ours for anything: the demo runs offline. */
  onlyOurHost: undefined;
  /** Addresses elsewhere a test means the page to go to (a link out that the test stands in for). */
  allowedElsewhere: readonly string[];
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
  allowedElsewhere: [[], { option: true }],
  onlyOurHost: [
    async ({ page, baseURL, allowedElsewhere }, use) => {
      const ours = new URL(baseURL ?? '').origin;
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== ours && !allowedElsewhere.includes(request.url())) elsewhere.push(request.url());
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

/**
 * Waits until the page's scripts have taken `element` over. On our server a public page loads its
 * scripts on the visitor's first interaction, so a test of what they do waits for them, as a visitor
 * who is quicker than their connection would. React marks each element it takes over with its props.
 */
export async function takenOverByScripts(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), { message: 'the page’s scripts took it over' })
    .toBe(true);
}

/** Goes to the staff list through the footer, as staff do, signing in with the demo account. */
export async function openDemoStaffList(page: Page) {
  await page.getByRole('link', { name: 'Staff: quote requests' }).click();
  await page.getByRole('button', { name: 'Sign in with the demo account' }).click();
}

/** The staff account the server under test is started with (STAFF_EMAIL and STAFF_PASSWORD). */
export const e2eStaff = { email: 'e2e-staff@example.co.uk', password: 'e2e staff password' };

/** Signs in on /quotes with the sign-in form, as a staff member would. */
export async function signInAsStaff(page: Page) {
  await page.goto('/quotes');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Email').fill(e2eStaff.email);
  await form.getByLabel('Password').fill(e2eStaff.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // The list, and its count, come once the inbox's first page is read: on a loaded machine, seconds.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests \(\d+\)/, { timeout: 15_000 });
}

/** The latest 500 stored requests of every status, read through the API as a signed-in staff member. */
export async function listAsStaff(request: APIRequestContext): Promise<unknown> {
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  const response = await request.get('/api/quote-requests?view=all&limit=500');
  expect(response.status()).toBe(200);
  const page: unknown = await response.json();
  return typeof page === 'object' && page !== null && 'quotes' in page ? page.quotes : undefined;
}

/** The card of the request from `name` in the inbox. */
export function inboxCard(page: Page, name: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** Opens the card of the request from `name`, if it is folded, as staff tap "Details"; returns the card. */
export async function openCard(page: Page, name: string) {
  const card = inboxCard(page, name);
  const details = card.getByRole('button', { name: `Details, ${name}`, exact: true });
  if ((await details.getAttribute('aria-expanded')) === 'false') await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  return card;
}

/**
 * Marks the request from `name` won or lost as staff do: its button, then the question it asks, the
 * job's value typed (`value`) or why it was lost chosen (`reason`, the list's words), or left empty.
 */
export async function markOutcome(page: Page, name: string, to: 'won' | 'lost', answer?: string) {
  const action = to === 'won' ? 'Mark won' : 'Mark lost';
  await inboxCard(page, name).getByRole('button', { name: `${action}, ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}: ${name}` });
  if (answer !== undefined) {
    if (to === 'won') await dialog.getByLabel('Job value (£, optional)').fill(answer);
    else await dialog.getByLabel('Why was it lost? (optional)').selectOption({ label: answer });
  }
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Goes to the staff's settings through the staff header, as staff do. */
export async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** Opens a card (if folded) and its notes (if folded away), and adds one. */
export async function addNote(page: Page, name: string, text: string) {
  const card = await openCard(page, name);
  const field = card.getByLabel('Add a note');
  if (!(await field.isVisible())) await card.getByText(/^Notes \(\d+\)$/).click();
  await field.fill(text);
  await card.getByRole('button', { name: 'Add note' }).click();
  await expect(card.locator('.note-list').getByRole('listitem').filter({ hasText: text })).toBeVisible();
}

/** The inbox's view tabs are radio buttons; a person clicks the tab's label. */
export async function chooseView(page: Page, label: string) {
  await page.getByRole('search', { name: 'Filter quote requests' }).getByText(label, { exact: true }).click();
}

/**
 * Waits as long as a person at least takes from the page opening to sending the form, so the spam
 * rules do not take a test for a script that posts at once ("too fast": under three seconds).
 */
export async function takeAPersonsTime(page: Page) {
  await page.waitForFunction(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance.now() > (navigation?.loadEventEnd ?? 0) + 4_000;
  });
}

/**
 * Holds every script the page asks for until the returned function is called: what a visitor does
 * while the scripts are on their way.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // The page that asked may be gone by now.
    await route.continue().catch(() => undefined);
  });
  return () => release();
}
