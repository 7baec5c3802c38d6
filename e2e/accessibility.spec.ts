import { expect, openDemoStaffList, openSettings, test } from './fixtures';

for (const [page, path] of [
  ['the home page', '/'],
  ['the staff sign-in page', '/quotes'],
  ['the privacy notice', '/privacy'],
  ['the accessibility statement', '/accessibility'],
  ['the 404 page', '/no-such-page'],
] as const) {
  test(`${page} has no accessibility violations`, async ({ page: browserPage, scanAccessibility }) => {
    await browserPage.goto(path);
    await expect(browserPage.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scanAccessibility()).toEqual([]);
  });
}

test('the form with its errors showing has no accessibility violations', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(page.getByRole('alert')).toContainText('Missing Information');
  expect(await scanAccessibility()).toEqual([]);
});

test('the staff list, signed in, has no accessibility violations', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  await openDemoStaffList(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests \(\d+\)/);
  expect(await scanAccessibility()).toEqual([]);
});

test('the Alerts panel, open with a shift on the rota, has no accessibility violations', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  await openDemoStaffList(page);
  await openSettings(page);
  await page.getByText('Alerts', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Alerts on this device' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a shift' }).click();
  await page.getByRole('group', { name: 'Shift 1' }).getByLabel('To').fill('');
  await page.getByRole('button', { name: 'Save the rota' }).click();
  await expect(page.getByText('End must be a time like 08:00')).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);
});
