import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { quoteForm } from '../fixtures';
import { listEveryRequest, staffCookie, startServer, stop } from './spawned-server';

// A server of its own with a limit of one stored request an hour: the shared one allows a thousand.
test('without JavaScript, a typo costs nothing, and a post over the limit gets the page back with every value and the friendly message', async ({ browser }) => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-limit-'));
  const started: ChildProcess[] = [];
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const server = await startServer(dataDir, started, { QUOTE_REQUESTS_PER_HOUR: '1', QUOTE_REFUSALS_PER_HOUR: '100' });
    const page = await context.newPage();
    const form = quoteForm(page);
    const post = async (fill: () => Promise<void>) => {
      await page.goto(`${server.url}/`);
      await fill();
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
        form.getByRole('button', { name: /Get Free Quote|Request Emergency Service/ }).click(),
      ]);
      return response.status();
    };

    // A phone number mistyped, then put right: one stored request, the allowance's whole hour.
    expect(await post(async () => {
      await form.getByLabel('Full name').fill('Ada Plain');
      await form.getByLabel('Phone number').fill('12345');
      await form.getByLabel('Service type').selectOption('other');
    })).toBe(400);
    await expect(form).toContainText('Enter a UK or international phone number');
    await form.getByLabel('Phone number').fill('020 7946 0777');
    const [stored] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
      form.getByRole('button', { name: 'Get Free Quote' }).click(),
    ]);
    expect(stored.status()).toBe(303);
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');

    // The next is over the limit: the form comes back as typed, with the wait and the phone number.
    expect(await post(async () => {
      await form.getByLabel('Full name').fill('Siobhán Ní Bhriain');
      await form.getByLabel('Phone number').fill('07700 900123');
      await form.getByLabel('Email').fill('siobhan@example.ie');
      await form.getByLabel('Postcode').fill('SE17 3AB');
      await form.getByLabel('Service type').selectOption('heating');
      await form.getByLabel('Describe the job').fill('Boiler pressure keeps dropping');
      await form.getByLabel('This is an emergency').check();
    })).toBe(429);
    await expect(page.getByRole('alert')).toContainText('Please Wait a Moment');
    await expect(page.getByRole('alert')).toContainText('We have had a lot of requests from your connection. Please try again in');
    await expect(page.getByRole('alert')).toContainText('or call us on 020 7946 0123.');
    await expect(form.getByLabel('Full name')).toHaveValue('Siobhán Ní Bhriain');
    await expect(form.getByLabel('Phone number')).toHaveValue('07700 900123');
    await expect(form.getByLabel('Email')).toHaveValue('siobhan@example.ie');
    await expect(form.getByLabel('Postcode')).toHaveValue('SE17 3AB');
    await expect(form.getByLabel('Service type')).toHaveValue('heating');
    await expect(form.getByLabel('Describe the job')).toHaveValue('Boiler pressure keeps dropping');
    await expect(form.getByLabel('This is an emergency')).toBeChecked();

    expect((await listEveryRequest(server.url, await staffCookie(server.url))).map(({ name }) => name)).toEqual(['Ada Plain']);
  } finally {
    await context.close();
    for (const child of started) await stop(child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
