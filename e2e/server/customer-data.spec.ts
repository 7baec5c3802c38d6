import { readFile } from 'node:fs/promises';
import { londonDay } from '../../domain/london-time';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { expect, openSettings, signInAsStaff, test } from '../fixtures';
import { pageFormToken } from './form-token';

// Tests share the server's database: this one works only on a customer of its own.
const marker = Math.random().toString(36).slice(2, 8);
const email = `subject.${marker}@example.co.uk`;
const phone = `07700 9${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
const international = `+44${phone.replace(/\D/g, '').slice(1)}`;

test('on a phone, staff find a customer by email, download what is held as JSON and CSV, and erase it all', async ({ page, request, scanAccessibility }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const quote of [
    sampleQuote({ name: `Subject ${marker}`, email, phone, description: `Leaking tap ${marker}` }),
    sampleQuote({ name: `Subject ${marker}`, email: null, phone: international, description: `Radiator ${marker}` }),
  ]) {
    expect((await request.post('/api/quote-requests', { data: { ...toNamedFields(quote), ...(await pageFormToken(request)) } })).status()).toBe(201);
  }
  await signInAsStaff(page);
  await openSettings(page);
  await page.getByRole('heading', { name: 'Customer data' }).click();
  await page.getByLabel('Email address').fill(email.toUpperCase());
  await page.getByLabel('Phone number').fill(international);
  await page.getByRole('button', { name: 'Find their data' }).click();

  const results = page.getByRole('region', { name: 'What we hold' });
  await expect(results).toContainText('2 requests, 0 notes, 0 status changes');
  await expect(results.getByRole('heading', { name: 'What we hold' })).toBeFocused();
  await expect(results).toContainText('Emails already sent are outside our systems');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await scanAccessibility()).toEqual([]);

  const today = londonDay(new Date());
  const [json] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download JSON' }).click()]);
  expect(json.suggestedFilename()).toBe(`customer-data-${today}.json`);
  const saved = JSON.parse(await readFile(await json.path(), 'utf8')) as { requests: { description: string }[] };
  expect(saved.requests.map(({ description }) => description).sort()).toEqual([`Leaking tap ${marker}`, `Radiator ${marker}`]);
  const [csv] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`customer-data-${today}.csv`);
  const bytes = await readFile(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').split('\r\n').filter((line) => line.includes(`Subject ${marker}`))).toHaveLength(2);

  await results.getByRole('button', { name: 'Erase all of it' }).click();
  await page.getByLabel('Type the email address or phone number again to confirm').fill(phone);
  expect(await scanAccessibility()).toEqual([]);
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Erased 2 requests' })).toBeFocused();
  await expect(page.getByText('Erased 2 requests, 0 history entries')).toBeVisible();

  const after = await page.request.get(`/api/customer-data?${new URLSearchParams({ email, phone }).toString()}`);
  expect(after.status()).toBe(200);
  expect(await after.json()).toMatchObject({ requests: [], emails: [] });
});
