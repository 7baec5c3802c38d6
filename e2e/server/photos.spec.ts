import sharp from 'sharp';
import { expect, openCard, quoteForm, signInAsStaff, test } from '../fixtures';

/** A sideways phone photo with the home's position in it: what the server must turn upright and clean. */
async function phonePhoto(name: string, hue: number) {
  const buffer = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: `hsl(${String(hue)}, 60%, 45%)` } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 5/1 0/1' } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a request with two photos arrives as a plain form post, and staff see both on its card, upright and without their location', async ({ browser, page }) => {
    const name = `Photo Plain ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0778');
    await form.getByLabel('Service type').selectOption('general');
    await form.getByLabel('Photos (optional)').setInputFiles([await phonePhoto('leak.jpg', 200), await phonePhoto('sink.jpg', 20)]);
    await form.getByRole('button', { name: 'Get Free Quote' }).click();
    await expect(page).toHaveURL(/\/\?quote=submitted&link=[A-Za-z0-9_-]{43}#quote-section$/);
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');

    // Staff, with JavaScript, in a browser of their own.
    const staff = await browser.newContext({ javaScriptEnabled: true });
    const staffPage = await staff.newPage();
    await signInAsStaff(staffPage);
    await staffPage.getByRole('searchbox', { name: 'Search' }).fill(name);
    await staffPage.getByRole('button', { name: 'Search', exact: true }).click();
    const card = await openCard(staffPage, name);
    const thumbnails = card.getByRole('img', { name: new RegExp(`^Photo \\d of 2 from ${name}`) });
    await expect(thumbnails).toHaveCount(2);
    for (const thumbnail of await thumbnails.all()) {
      await expect(thumbnail).toHaveJSProperty('complete', true);
      expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
    // The full-size photo, as the card links it: upright (the sideways 1600 × 1200 is now 1200 × 1600) and no EXIF at all.
    const link = card.getByRole('link', { name: /Photo 1 of 2/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/quote-requests\/[^/]+\/photos\/[^/]+$/);
    const full = await staffPage.request.get(href ?? '');
    expect(full.status()).toBe(200);
    expect(full.headers()['cache-control']).toBe('private, no-store');
    const metadata = await sharp(await full.body()).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Nobody else gets it.
    expect((await page.request.get(href ?? '')).status()).toBe(401);
    await staff.close();
  });
});
