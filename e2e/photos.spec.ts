import sharp from 'sharp';
import { expect, openCard, openDemoStaffList, quoteForm, takeAPersonsTime, test } from './fixtures';

/** A phone-sized photo (12 megapixels, a few seconds' work to shrink in the page): a JPEG of a cold radiator's colours. */
async function phonePhoto(name: string, hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${String(hue)},60%,35%)"/><stop offset="1" stop-color="hsl(${String(hue + 40)},70%,80%)"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#fff" opacity="0.5"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer() };
}

test('a visitor sends photos with a request: thumbnails first, one removed, progress while they go; staff see them on the card', async ({ page }, testInfo) => {
  // Three 12-megapixel photos are made and shrunk in the page: most of a normal test's time on a slow machine.
  test.slow();
  const photos = await Promise.all([phonePhoto('radiator.jpg', 10), phonePhoto('valve.jpg', 200), phonePhoto('boiler.jpg', 120), phonePhoto('pipe.jpg', 40)]);
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Ada Photos');
  await form.getByLabel('Phone number').fill('07700 900557');
  await form.getByLabel('Service type').selectOption({ label: 'Heating Services' });
  await form.getByLabel('Describe the job').fill('Radiators cold upstairs; photos of the valves attached');

  await form.getByLabel('Photos (optional)').setInputFiles(photos);
  const chosen = form.getByRole('list', { name: 'Chosen photos' });
  await expect(chosen.getByRole('listitem')).toHaveCount(4);
  for (const image of await chosen.getByRole('img').all()) await expect(image).toHaveJSProperty('complete', true);
  await form.getByRole('button', { name: 'Remove valve.jpg' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await expect(chosen).not.toContainText('valve.jpg');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await form.getByLabel('Photos (optional)').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`form-with-photos-${String(width)}.png`) });
  }

  // A person takes a while over the form: on a quick machine this test alone would be "too fast", and held as spam.
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Get Free Quote' }).click();
  await expect(form.getByRole('progressbar', { name: 'Sending your photos' })).toBeVisible();
  // Three 12-megapixel photos are shrunk in the page before they are kept: seconds on a slow machine.
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!', { timeout: 30_000 });
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await expect(form.getByRole('list', { name: 'Chosen photos' })).toHaveCount(0);

  await openDemoStaffList(page);
  const card = await openCard(page, 'Ada Photos');
  const thumbnails = card.getByRole('list', { name: 'Photos (3)' }).getByRole('img');
  await expect(thumbnails).toHaveCount(3);
  await expect(thumbnails.first()).toHaveAccessibleName('Photo 1 of 3 from Ada Photos');
  // Shrunk in the page to the thumbnail's long side, with the shape kept: 4000 × 3000 became 320 × 240.
  await expect(thumbnails.first()).toHaveAttribute('width', '320');
  await expect(thumbnails.first()).toHaveAttribute('height', '240');
  // Thumbnails load as they come into view.
  await thumbnails.first().scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnails.first().evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([320, 240]);

  const full = page.waitForEvent('popup');
  await thumbnails.first().click();
  const opened = await full;
  expect(opened.url()).toMatch(/^blob:/);
  await opened.close();
});

test("the demo's requests show their photos on their cards", async ({ page }, testInfo) => {
  await page.goto('/');
  await openDemoStaffList(page);
  const card = await openCard(page, 'Tom Okafor');
  const thumbnails = card.getByRole('list', { name: 'Photos (2)' }).getByRole('img');
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.nth(1)).toHaveAccessibleName('Photo 2 of 2 from Tom Okafor');
  await expect.poll(() => thumbnails.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByRole('link', { name: 'Photo 1 of 2 from Tom Okafor' })).toHaveAttribute('target', '_blank');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.getByRole('list', { name: 'Photos (2)' }).scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath(`card-with-photos-${String(width)}.png`) });
  }
});

test('the photo picker looks like the form’s buttons, is reached by Tab and shows its focus', async ({ page }) => {
  await page.goto('/');
  const form = quoteForm(page);
  const picker = form.getByLabel('Photos (optional)');
  const button = await picker.evaluate((input) => {
    const style = getComputedStyle(input, '::file-selector-button');
    return { border: style.borderTopColor, colour: style.color, weight: style.fontWeight, radius: style.borderTopLeftRadius };
  });
  // The site's brand blue, bold, with the form's rounded corners: not the browser's grey button.
  expect(button).toEqual({ border: 'rgb(11, 74, 127)', colour: 'rgb(11, 74, 127)', weight: '600', radius: '8px' });

  await form.getByLabel('How did you hear about us? (optional)').focus();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  expect(await picker.evaluate((input) => getComputedStyle(input).boxShadow)).not.toBe('none');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  expect((await chooser).isMultiple()).toBe(true);
});
