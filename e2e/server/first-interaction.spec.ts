import { createHash } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, holdScripts, listAsStaff, quoteForm, test } from '../fixtures';

// The public pages our server sends ask for nothing beyond themselves until the visitor acts on
// them: their scripts load on the first pointer press, key press or focus into the page, through a
// small loader written into the page and allowed by its hash in the Content-Security-Policy.

/** A name no other test uses, so tests sharing the server's database never see each other's requests. */
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/** Every request the page makes from now on, by path (with its query). */
function recordRequests(page: Page): string[] {
  const made: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    made.push(`${url.pathname}${url.search}`);
  });
  return made;
}

/** What the console says of anything the Content-Security-Policy refused. */
function recordPolicyViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** Waits well past the page's load: every idle callback, timer and lazy fetch a script could start has had its chance. */
async function waitWellPastLoad(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
}

const scriptRequests = (made: readonly string[]) => made.filter((path) => path.endsWith('.js'));

for (const { path, status } of [
  { path: '/', status: 200 },
  { path: '/privacy', status: 200 },
  { path: '/accessibility', status: 200 },
  { path: '/no-such-page', status: 404 },
]) {
  test(`${path} asks for nothing but itself until the visitor acts`, async ({ page }) => {
    const made = recordRequests(page);
    const refused = recordPolicyViolations(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await waitWellPastLoad(page);
    // The page itself, once; nothing else: its stylesheet and its icon are written into it.
    expect(made).toEqual([path]);
    expect(refused).toEqual([]);

    // Once the visitor acts, the page's scripts come, with everything they import at once.
    await page.keyboard.press('Shift');
    await expect.poll(() => scriptRequests(made).length).toBeGreaterThan(3);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
}

test('the loader runs under the server’s own policy, which names it by its hash and allows nothing else inline', async ({ page }) => {
  const refused = recordPolicyViolations(page);
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|strict-dynamic/);
  const html = (await response?.text()) ?? '';
  const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map(([, text]) => text ?? '');
  expect(inline).toHaveLength(1);
  const hash = `'sha256-${createHash('sha256').update(inline[0] ?? '', 'utf8').digest('base64')}'`;
  expect(scriptSrc.split(' ')).toContain(hash);

  await page.keyboard.press('Shift');
  await expect(quoteForm(page), 'the loader ran, and the scripts it loaded took the form over').toHaveAttribute('novalidate', '');
  expect(refused).toEqual([]);
});

test('the first key press loads the scripts; what is typed while they arrive is kept and sent with them', async ({ page, request }) => {
  const made = recordRequests(page);
  const release = await holdScripts(page);
  await page.goto('/');
  await waitWellPastLoad(page);
  expect(scriptRequests(made)).toEqual([]);

  // A keyboard user: Tab from the top of the page to the form. The first Tab is the first interaction.
  const form = quoteForm(page);
  const name = form.getByLabel('Full name');
  await page.keyboard.press('Tab');
  await expect.poll(() => scriptRequests(made).length, 'the first key press asked for the scripts').toBeGreaterThan(3);
  for (let presses = 0; presses < 20 && !(await name.evaluate((field) => field === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(name).toBeFocused();
  const typed = uniqueName('Keyboard Kim');
  await page.keyboard.type(typed);
  await page.keyboard.press('Tab');
  await page.keyboard.type('07700 900432');
  await form.getByLabel('Service type').selectOption('general');
  await expect(form, 'the scripts have not taken the form over yet').not.toHaveAttribute('novalidate', '');

  release();
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(name).toHaveValue(typed);
  // The scripts found the visitor in the form: the code that sends it is on its way before they send.
  await expect.poll(() => made.some((path) => /^\/assets\/rest-ports-[\w-]+\.js$/.test(path))).toBe(true);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  // Sent by the scripts, in place: the page never left.
  await expect(page).toHaveURL('/');
  expect(JSON.stringify(await listAsStaff(request))).toContain(typed);
});

/**
 * The requests of each document the page shows, in turn: a new list starts with each navigation of
 * the page (a form's post, and the page it is redirected to, are each one).
 */
function recordDocuments(page: Page): string[][] {
  const documents: string[][] = [];
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push([]);
    const url = new URL(request.url());
    documents.at(-1)?.push(`${url.pathname}${url.search}`);
  });
  return documents;
}

test('a request sent before the scripts arrive goes as the plain form post, answered by the server’s thanks page', async ({ page, request }) => {
  const documents = recordDocuments(page);
  const release = await holdScripts(page);
  await page.goto('/');
  const name = uniqueName('Racing Ray');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Phone number').fill('020 7946 0432');
  await form.getByLabel('Service type').selectOption('heating');
  await expect.poll(() => scriptRequests(documents.flat()).length, 'the visitor’s first move asked for the scripts').toBeGreaterThan(3);
  const posted = page.waitForRequest((candidate) => candidate.method() === 'POST');
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  expect((await posted).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(page).toHaveURL(/\/\?quote=submitted&link=[A-Za-z0-9_-]{43}#quote-section$/);
  // Only now may the scripts the first page asked for come: too late for a page that has gone.
  release();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  await expect(page.getByRole('status').getByRole('link', { name: 'Follow your request' })).toBeVisible();
  const stored = (await listAsStaff(request)) as { name: string; service_type: string }[];
  expect(stored.filter((quote) => quote.name === name)).toEqual([expect.objectContaining({ service_type: 'heating' })]);

  // The thanks page is the home page: it too waits for the visitor before asking for its scripts.
  await waitWellPastLoad(page);
  const thanks = new URL(page.url());
  expect(documents.at(-1)).toEqual([`${thanks.pathname}${thanks.search}`]);
});

test('the home page sent back with errors after a plain post waits for the visitor too, then takes over what is there', async ({ page }) => {
  const documents = recordDocuments(page);
  const release = await holdScripts(page);
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Ada Early');
  // A number the browser's own checks let through, and the server's rules do not.
  await form.getByLabel('Phone number').fill('12345');
  await form.getByLabel('Service type').selectOption('other');
  const [answer] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
    form.getByRole('button', { name: 'Get Free Quote' }).click(),
  ]);
  expect(answer.status()).toBe(400);
  await expect(form).toContainText('Enter a UK or international phone number');
  release();
  await waitWellPastLoad(page);
  expect(documents.at(-1)).toEqual([new URL(answer.url()).pathname]);

  await page.keyboard.press('Shift');
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(form).toContainText('Enter a UK or international phone number');
  await expect(form.getByLabel('Full name')).toHaveValue('Ada Early');
  await expect(form.getByLabel('Phone number')).toHaveValue('12345');
  expect(scriptRequests(documents.at(-1) ?? []).length).toBeGreaterThan(3);
});

test('pressing Get Free Quote on the empty form as the very first move gets the specification’s notice, and posts nothing', async ({ page }) => {
  const made = recordRequests(page);
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posts.push(sent.url());
  });
  const release = await holdScripts(page);
  await page.goto('/');
  await waitWellPastLoad(page);
  const form = quoteForm(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  // The browser's own bubble was held back, and the scripts were asked for, but have not come yet.
  await expect.poll(() => scriptRequests(made).length).toBeGreaterThan(3);
  await expect(form).toHaveAttribute('data-submit-pending', '');
  await expect(page.getByText('Missing Information')).toHaveCount(0);
  release();

  await expect(page.getByRole('alert')).toContainText('Missing Information');
  await expect(page.getByRole('alert')).toContainText('Please fill in all required fields');
  await expect(form.getByLabel('Full name')).toBeFocused();
  await expect(form.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).not.toHaveAttribute('data-submit-pending');
  await expect(page).toHaveURL('/');
  expect(posts).toEqual([]);
});

test('the 404 page logs the visited path as it opens, before its scripts, and once only after they come', async ({ page }) => {
  const made = recordRequests(page);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('404 Error')) logged.push(message.text());
  });
  await page.goto('/no-such-page');
  await expect.poll(() => logged).toEqual(['404 Error: User attempted to access non-existent route: /no-such-page']);
  expect(scriptRequests(made)).toEqual([]);

  await page.keyboard.press('Shift');
  await expect.poll(() => scriptRequests(made).length).toBeGreaterThan(3);
  await waitWellPastLoad(page);
  expect(logged).toEqual(['404 Error: User attempted to access non-existent route: /no-such-page']);
});
