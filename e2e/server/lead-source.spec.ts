import { expect, openCard, quoteForm, signInAsStaff, test } from '../fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a request sent from the Business Profile’s link arrives with that channel on the staff card', async ({ browser, page, context }) => {
    // A visitor's plain post, then staff signing in with a browser of their own.
    test.slow();
    const name = `Gina Plain ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/?utm_source=gbp&utm_medium=organic');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0779');
    await form.getByLabel('Service type').selectOption('general');
    // As long as a person takes, so the spam rules do not hold it.
    await page.waitForTimeout(4_000);
    await form.getByRole('button', { name: 'Get Free Quote' }).click();
    await expect(page).toHaveURL(/\/\?quote=submitted&link=[A-Za-z0-9_-]{43}#quote-section$/);
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
    expect(await context.cookies()).toEqual([]);

    const staff = await browser.newContext({ javaScriptEnabled: true });
    const staffPage = await staff.newPage();
    await signInAsStaff(staffPage);
    await staffPage.getByRole('searchbox', { name: 'Search' }).fill(name);
    await staffPage.getByRole('button', { name: 'Search', exact: true }).click();
    const card = await openCard(staffPage, name);
    await expect(card.getByRole('definition').filter({ hasText: 'Google Business Profile' })).toHaveText('Google Business Profile');
    await staff.close();
  });
});
