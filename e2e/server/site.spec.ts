import { expect, holdScripts, listAsStaff, quoteForm, test } from '../fixtures';

// The site as our server sends it: prerendered pages, their caching and compression, what crawlers
// read, and the home page taken over by its scripts (on the visitor's first interaction) without a
// visible change.

test('the home page arrives whole as HTML, compressed, with a form token issued that second', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  // Brotli: the page with the second's token is compressed once that second.
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const html = await response.text();
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  for (const words of ['Professional Plumbing &amp; Heating Services in SE1', 'Our Professional Services', 'Power Flushing', 'Request a Quote', '020 7946 0123']) {
    expect(text).toContain(words);
  }

  // No ETag to revalidate with: a visit a second later gets the page again, with a new token.
  expect(response.headers().etag).toBeUndefined();
  const token = (page: string) => /<input[^>]*name="form_token"[^>]*value="(\d+\.[A-Za-z0-9_-]{43})"/.exec(page)?.[1];
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const again = await request.get('/', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': '*' } });
  expect(again.status()).toBe(200);
  expect(token(html)).toBeDefined();
  expect(token(await again.text())).not.toBe(token(html));
});

test('a page without the form arrives compressed, and revalidates with its ETag', async ({ request }) => {
  const response = await request.get('/privacy', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const etag = response.headers().etag ?? '';
  expect(etag).not.toBe('');
  const again = await request.get('/privacy', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } });
  expect(again.status()).toBe(304);
});

test('hashed assets are cached for a year; an unknown page is a 404 page', async ({ request }) => {
  const html = await (await request.get('/')).text();
  // The first file the page's loader names is its entry.
  const script = /<script>[^<]*?"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  expect(script).toMatch(/^\/assets\/home-/);
  const asset = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Oops! Page not found');
});

test('no script points at a source map, and no map is served: the original source stays ours', async ({ request }) => {
  const scripts = new Set<string>();
  for (const page of ['/', '/quotes', '/privacy']) {
    const html = await (await request.get(page)).text();
    // In a script tag or a preload (the staff page), or named by a page's loader (the others).
    for (const [, src] of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) if (src) scripts.add(src);
  }
  scripts.add('/quotes-sw.js');
  expect(scripts.size).toBeGreaterThan(2);
  for (const script of scripts) {
    const response = await request.get(script);
    expect(response.status(), script).toBe(200);
    expect(await response.text(), script).not.toMatch(/sourceMappingURL/);
    const map = await request.get(`${script}.map`);
    expect(map.status(), `${script}.map`).toBe(404);
  }
});

test('the prerendered pages’ file names are unknown paths too: /404.html is a 404, not a second home or staff page', async ({ request }) => {
  for (const path of ['/404.html', '/index.html', '/quotes/index.html', '/privacy/index.html']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('Oops! Page not found');
  }
});

test('crawlers find the sitemap, keep out of /quotes and /api, and read who the business is', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /quotes');
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toMatch(/Sitemap: https:\/\/.+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/privacy<\/loc>/);
  expect(sitemap).toMatch(/<loc>https:\/\/[^<]+\/accessibility<\/loc>/);
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);

  const html = await (await request.get('/')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<title>[^<]*Plumber[^<]*SE1[^<]*<\/title>/);
  expect(head).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/"/);
  expect(head).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/share-image\.png"/);
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  expect(JSON.parse(jsonLd)).toMatchObject({
    '@type': 'Plumber',
    telephone: '+442079460123',
    email: 'hello@se1plumbing.example',
    address: { '@type': 'PostalAddress', streetAddress: 'Unit 4, 12 Example Yard', addressLocality: 'London', postalCode: 'SE1 7ZZ', addressCountry: 'GB' },
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      identifier: '612345',
      url: 'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
    },
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ],
  });
  expect(jsonLd).not.toMatch(/aggregateRating|"Review"/);
});

test('the accessibility statement arrives prerendered, with the trust strip, reviews and footer details on the home page as plain HTML', async ({ request }) => {
  const statement = await request.get('/accessibility', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(statement.status()).toBe(200);
  expect(statement.headers()['content-encoding']).toBe('br');
  expect(statement.headers().etag).toBeDefined();
  const html = await statement.text();
  expect(html).toContain('<h1 id="accessibility-title">Accessibility Statement</h1>');
  expect(html).toContain('<title>Accessibility Statement | SE1 Plumbing &amp; Heating</title>');

  const home = await (await request.get('/')).text();
  expect(home).toContain('Gas Safe registered · No. 612345');
  expect(home).toContain('href="https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/"');
  expect(home).toContain('href="https://www.checkatrade.com/trades/se1plumbingheatingexample"');
  expect(home).toContain('href="mailto:hello@se1plumbing.example"');
  expect(home).toContain('href="/accessibility"');
});

for (const width of [390, 1280]) {
  test(`at ${String(width)} px the home page is taken over by its scripts, on the first interaction, without a visible change`, async ({ browser }, testInfo) => {
    // Six full-page screenshots of the long home page.
    test.slow();
    const shoot = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.goto('/');
      if (javaScriptEnabled) {
        const before = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        // A key that moves nothing and types nothing: the page's scripts load and take it over.
        await page.keyboard.press('Shift');
        await expect(quoteForm(page)).toHaveAttribute('novalidate', '');
        const after = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        await testInfo.attach(`home-${String(width)}-before-scripts.png`, { body: before, contentType: 'image/png' });
        await testInfo.attach(`home-${String(width)}-after-scripts.png`, { body: after, contentType: 'image/png' });
        expect(after.equals(before), `at ${String(width)} px the page looks the same before and after its scripts run`).toBe(true);
        await context.close();
        return after;
      }
      const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
      await context.close();
      return shot;
    };
    const withoutScripts = await shoot(false);
    const hydrated = await shoot(true);
    expect(hydrated.equals(withoutScripts), `at ${String(width)} px the page looks the same with scripts as without`).toBe(true);
  });
}

test('what a visitor types before the scripts arrive is kept and sent', async ({ page, request }) => {
  // The scripts the visitor's first move asks for arrive only once the form is filled in.
  const release = await holdScripts(page);
  const name = `Early Bird ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Phone number').fill('07700 900321');
  await form.getByLabel('Service type').selectOption('maintenance');
  await form.getByLabel('This is an emergency').check();
  await expect(form, 'the scripts have not taken the form over yet').not.toHaveAttribute('novalidate', '');
  release();
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await form.getByRole('button', { name: 'Request Emergency Service' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  await expect(page).toHaveURL('/');
  const stored = (await listAsStaff(request)) as { name: string; service_type: string; urgent: boolean }[];
  expect(stored.find((quote) => quote.name === name)).toMatchObject({ service_type: 'maintenance', urgent: true });
});

test('the smooth scroll to the form is left out for visitors who ask for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
});
