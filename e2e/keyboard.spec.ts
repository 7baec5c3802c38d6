import { expect, quoteForm, test } from './fixtures';

test('the quote form can be filled and sent with the keyboard alone, with focus always visible', async ({ page }) => {
  await page.goto('/');
  // Skip link first, then on to the form through the Get Free Quote link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const getFreeQuote = page.locator('.hero').getByRole('link', { name: 'Get Free Quote' });
  await getFreeQuote.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#quote-section')).toBeFocused();

  const form = quoteForm(page);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Full name')).toBeFocused();
  const ring = await form.getByLabel('Full name').evaluate((element) => getComputedStyle(element).boxShadow);
  expect(ring).not.toBe('none');
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('07700 900222');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@example.co.uk');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Postcode (optional)')).toBeFocused();
  await page.keyboard.type('se1 7pb');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Service type')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Radiator valve dripping');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('How did you hear about us? (optional)')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // The photos field is reached and passed like any other: choosing files is the system's own dialog.
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Photos (optional)')).toBeFocused();
  expect(await form.getByLabel('Photos (optional)').evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('This is an emergency')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Request Emergency Service' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
});

test('every control on the home page is at least 24 by 24 pixels, or is text in a line', async ({ page }) => {
  await page.goto('/');
  const small = await page.locator('a, button, input, select, textarea').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const visible = box.width > 0 && box.height > 0 && !element.closest('[aria-hidden="true"]');
        const inline = element.tagName === 'A' && getComputedStyle(element).display === 'inline';
        return visible && !inline && (box.width < 24 || box.height < 24);
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(small).toEqual([]);
});
