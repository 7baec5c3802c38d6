import { expect, inboxCard, openDemoStaffList, test } from './fixtures';

// The demo's yearly reminders, offline in the page: its done heating jobs carry the reminders their
// customers agreed to, some already emailed, and Due for service lists those falling due.

test('the demo lists the services falling due, each leading to its request, whose reminder can be stopped', async ({ page, scanAccessibility }) => {
  await page.goto('/');
  await openDemoStaffList(page);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await nav.getByRole('link', { name: 'Due for service' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Due for service \(\d+\)$/);
  const count = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  const rows = page.getByRole('list', { name: /^Due for service/ }).getByRole('listitem');
  await expect(rows).toHaveCount(count);
  await expect(rows.filter({ hasText: /Reminded \d+ [A-Z][a-z]{2}/ }).first()).toBeVisible();
  expect(await scanAccessibility()).toEqual([]);

  const first = rows.first().getByRole('link');
  const name = (await first.textContent()) ?? '';
  const href = (await first.getAttribute('href')) ?? '';
  await first.click();
  // The request the link names is marked out among any others from the same customer, and opened.
  const card = inboxCard(page, name).and(page.locator('.quote-card-linked'));
  await expect(card.getByRole('button', { name: `Details, ${name}` })).toHaveAttribute('aria-expanded', 'true');
  const summary = card.locator('details.quote-reminder summary');
  await expect(summary).toHaveText(/^Yearly reminder: Next service due \d+ [A-Z][a-z]{2} \d{4}/);
  await summary.click();
  await card.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(page.getByRole('status')).toContainText('Reminders stopped');
  await expect(summary).toHaveText(/· reminders stopped$/);

  await nav.getByRole('link', { name: 'Due for service' }).click();
  await expect(heading).toHaveText(`Due for service (${String(count - 1)})`);
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
});
