import { expect, openCard, openDemoStaffList, quoteForm, takeAPersonsTime, test } from './fixtures';

test('a request sent from the Business Profile’s link arrives with that channel and the visitor’s answer on the staff card, nothing kept on the device', async ({ page, context }) => {
  // A visitor's page and then the demo's inbox, in one test.
  test.slow();
  await page.goto('/?utm_source=gbp&utm_medium=organic');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Gina Profile');
  await form.getByLabel('Phone number').fill('07700 900561');
  await form.getByLabel('Service type').selectOption({ label: 'Heating Services' });
  await form.getByLabel('How did you hear about us?').selectOption({ label: 'Google Maps' });
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  await openDemoStaffList(page);
  const card = await openCard(page, 'Gina Profile');
  await expect(card.getByRole('definition').filter({ hasText: 'Google Business Profile' })).toHaveText('Google Business Profile · said: Google Maps');
});
