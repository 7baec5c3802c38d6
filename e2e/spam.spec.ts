import { chooseView, expect, inboxCard, openCard, openDemoStaffList, quoteForm, test } from './fixtures';

test('a request that fills the hidden field lands in Spam with its reason; "Not spam" moves it to Waiting', async ({ page, scanAccessibility }, testInfo) => {
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Hugo Filler');
  await form.getByLabel('Phone number').fill('07700 900321');
  await form.getByLabel('Service type').selectOption({ label: 'Heating Services' });
  await form.getByLabel('Describe the job').fill('Boiler service, please');
  // What a form-filling script does and a person never sees: it fills every field, the hidden one too.
  await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = 'https://cheap-links.example';
  });
  await form.getByRole('button', { name: 'Get Free Quote' }).click();

  // Answered as any request is, with the link to follow it.
  const status = page.getByRole('status');
  await expect(status).toContainText('Quote Request Submitted!');
  await expect(status.getByRole('link', { name: 'Follow your request' })).toHaveAttribute('href', /^\/r\/[A-Za-z0-9_-]{43}$/);

  await openDemoStaffList(page);
  await expect(inboxCard(page, 'Hugo Filler')).toHaveCount(0);
  await chooseView(page, 'All');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests \(\d+\)/);
  await expect(inboxCard(page, 'Hugo Filler')).toHaveCount(0);

  await chooseView(page, 'Spam');
  const card = inboxCard(page, 'Hugo Filler');
  await expect(card).toContainText(/Spam score \d+/);
  await openCard(page, 'Hugo Filler');
  await expect(card).toContainText('Filled the hidden field only bots see');
  await expect(card).toContainText(/Spam score \d+/);
  await expect(card.getByRole('button', { name: "I'm on it" })).toHaveCount(0);
  // The demo's junk is there too, each with its reasons.
  await expect(await openCard(page, 'Jessica Miller (www.rankfirst.example)')).toContainText('Links in the name');
  expect(await scanAccessibility()).toEqual([]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`spam-view-${String(width)}.png`) });
  }

  await card.getByRole('button', { name: 'Not spam, Hugo Filler' }).click();
  await expect(page.getByRole('status')).toContainText('Moved to Waiting');
  await expect(card).toHaveCount(0);

  await chooseView(page, 'Waiting');
  const rescued = inboxCard(page, 'Hugo Filler');
  await expect(rescued).toContainText(/On time/);
  await openCard(page, 'Hugo Filler');
  await rescued.getByText(/^Timeline/).click();
  await expect(rescued).toContainText(/Moved from Spam \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by Demo/);
});
