import { callBackLine } from '../../domain/quote/call-back';
import { expect, listAsStaff, quoteForm, signInAsStaff, test } from '../fixtures';

/** A name no other test uses, so tests sharing the server's database never see each other's requests. */
function uniqueName(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

test('with JavaScript, a request is stored by the server and is still on /quotes after a reload', async ({ page, consoleErrors }) => {
  const name = uniqueName('Jo Bloggs');
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill(name);
  // The visitor's first move brought the scripts, which take the form over.
  await expect(form).toHaveAttribute('novalidate', '');
  await form.getByLabel('Phone number').fill('07700 900555');
  await form.getByLabel('Email').fill('jo@example.co.uk');
  await form.getByLabel('Service type').selectOption('heating');
  await form.getByLabel('This is an emergency').check();
  await form.getByRole('button', { name: 'Request Emergency Service' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  await expect(page.getByRole('status')).toContainText(/We'll call you by \d\d:\d\d$|We'll call you by \d\d:\d\dFollow your request/);
  await expect(page).toHaveURL('/');

  await signInAsStaff(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('URGENT');
  await expect(card).toContainText('Heating Services');
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('with JavaScript, a bad field is named by the same rules before anything is sent', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Jo Bloggs');
  await expect(form).toHaveAttribute('novalidate', '');
  await form.getByLabel('Phone number').fill('12');
  await form.getByLabel('Service type').selectOption('general');
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(form).toContainText('Enter a UK or international phone number');
  await expect(form.getByLabel('Full name')).toHaveValue('Jo Bloggs');
  // Named by the scripts, in place: nothing went to the server.
  await expect(page).toHaveURL('/');
});

test('the pages come from the server whole, and an unknown one is a 404', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('Professional Plumbing &amp; Heating Services in SE1');

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Oops! Page not found');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts, the home page says it was received, and the request is stored', async ({ page, request }) => {
    const name = uniqueName('Ada Plain');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Professional Plumbing & Heating Services in SE1');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0777');
    await form.getByLabel('Service type').selectOption('bathroom');
    await form.getByLabel('Describe the job').fill('Shower tray cracked');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page).toHaveURL(/\/\?quote=submitted&link=[A-Za-z0-9_-]{43}#quote-section$/);
    await expect(page.getByRole('heading', { name: 'Request a Quote' })).toBeInViewport();
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
    await expect(form.getByLabel('Full name')).toHaveValue('');
    const thanks = (await page.getByRole('status').textContent()) ?? '';
    // The thanks give the customer their private link, scripts or not, and it opens their request.
    const token = new URL(page.url()).searchParams.get('link') ?? '';
    const follow = page.getByRole('status').getByRole('link', { name: 'Follow your request' });
    await expect(follow).toHaveAttribute('href', `/r/${token}`);
    await follow.click();
    await expect(page.getByText('Shower tray cracked')).toBeVisible();

    const stored = (await listAsStaff(request)) as { name: string; service_type: string; created_at: string }[];
    const mine = stored.find((quote) => quote.name === name);
    expect(mine).toMatchObject({ service_type: 'bathroom' });
    // When we will call, counted from when this request was received: after the spec's words, before the link.
    const line = callBackLine({ createdAt: new Date(mine?.created_at ?? 0), urgent: false });
    expect(thanks).toContain(`within 2 hours for standard quotes.${line}Follow your request`);
  });

  test('missing fields come back with the errors and every typed value kept, and nothing is stored', async ({ page, request }) => {
    const description = uniqueName('Leaking radiator valve');
    await page.goto('/');
    const form = quoteForm(page);
    // The browser's own required-field checks would stop an empty form: a person who slips past them
    // (an older browser, a script-less client) must still get the server's answer.
    await form.evaluate((element) => element.setAttribute('novalidate', ''));
    await form.getByLabel('Email').fill('kept@example.com');
    await form.getByLabel('Describe the job').fill(description);
    await form.getByLabel('This is an emergency').check();
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
      form.getByRole('button', { name: 'Get Free Quote' }).click(),
    ]);

    expect(response.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Request a Quote' })).toBeInViewport();
    await expect(page.getByRole('alert')).toContainText('Missing Information');
    await expect(page.getByRole('alert')).toContainText('Please fill in all required fields');
    await expect(form).toContainText('Enter your name');
    await expect(form).toContainText('Enter a phone number we can call you on');
    await expect(form.getByLabel('Email')).toHaveValue('kept@example.com');
    await expect(form.getByLabel('Describe the job')).toHaveValue(description);
    await expect(form.getByLabel('This is an emergency')).toBeChecked();

    const stored = (await listAsStaff(request)) as { description: string | null }[];
    expect(stored.some((quote) => quote.description === description)).toBe(false);
  });

  test('every problem comes back in one round: beside each field and in the summary', async ({ page }) => {
    await page.goto('/');
    const form = quoteForm(page);
    await form.evaluate((element) => element.setAttribute('novalidate', ''));
    await form.getByLabel('Full name').fill('Jo');
    await form.getByLabel('Phone number').fill('12');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page.getByRole('alert')).toContainText('Missing Information');
    for (const label of ['Phone number', 'Email', 'Service type']) await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('region', { name: 'There is a problem' }).getByRole('link')).toHaveCount(3);
    await expect(form.getByLabel('Email')).toHaveValue('not-an-email');
  });

  test('an invalid phone number is named beside the field, with the values kept', async ({ page }) => {
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill('Ada Plain');
    await form.getByLabel('Phone number').fill('12345');
    await form.getByLabel('Service type').selectOption('other');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(form).toContainText('Enter a UK or international phone number');
    await expect(form.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Full name')).toHaveValue('Ada Plain');
    await expect(form.getByLabel('Service type')).toHaveValue('other');
  });

  test('a postcode outside our area is taken, normalised, and the thanks say we will call to see if we can help', async ({ page, request }) => {
    const name = uniqueName('Ola Outside');
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0777');
    await form.getByLabel('Postcode (optional)').fill('n1 9gu');
    await form.getByLabel('Service type').selectOption('general');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page).toHaveURL(/\/\?quote=submitted&remark=postcode&link=[A-Za-z0-9_-]{43}#quote-section$/);
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
    await expect(page.getByRole('status')).toContainText("so we'll call to see if we can help.");
    const stored = (await listAsStaff(request)) as { name: string; postcode: string | null }[];
    expect(stored.find((quote) => quote.name === name)).toMatchObject({ postcode: 'N1 9GU' });
  });

  test('a postcode that is not one is named beside the field, with every value kept', async ({ page }) => {
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill('Ada Plain');
    await form.getByLabel('Phone number').fill('020 7946 0777');
    await form.getByLabel('Postcode (optional)').fill('Borough');
    await form.getByLabel('Service type').selectOption('other');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(form).toContainText('Enter a UK postcode like SE1 7PB, or leave postcode empty');
    await expect(form.getByLabel('Postcode (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Postcode (optional)')).toHaveValue('Borough');
    await expect(form.getByLabel('Full name')).toHaveValue('Ada Plain');
  });
});
