import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { e2eStaff, expect, openCard, openSettings, signInAsStaff, test } from '../fixtures';
import { pageFormToken } from './form-token';

const marker = () => Math.random().toString(36).slice(2, 8);

test('script and HTML typed into the form reach staff as text, never as markup', async ({ page, request }) => {
  const id = marker();
  const name = `<img src=x onerror="window.injected='${id}'"> Mallory ${id}`;
  const description = `<script>window.injected='${id}'</script><b>bold</b> "quotes" & ampersands`;
  const sent = await request.post('/api/quote-requests', {
    data: { ...toNamedFields(sampleQuote({ name, serviceType: 'other', description })), ...(await pageFormToken(request)) },
  });
  expect(sent.status()).toBe(201);
  page.on('dialog', (dialog) => {
    throw new Error(`a script ran and opened a dialog: ${dialog.message()}`);
  });

  await signInAsStaff(page);
  await page.goto(`/quotes?q=${encodeURIComponent(`Mallory ${id}`)}`);
  const card = page.getByRole('article').filter({ hasText: `Mallory ${id}` });
  await expect(card.getByRole('heading')).toHaveText(name);
  await openCard(page, name);
  await expect(card).toContainText(description);
  expect(await card.locator('img, script, b').count()).toBe(0);
  expect(await page.evaluate(() => (window as { injected?: string }).injected)).toBeUndefined();
});

test('signing out ends the session: the list is gone, and the old cookie opens nothing', async ({ page, context }) => {
  await signInAsStaff(page);
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite])).toEqual([['staff_session', true, 'Lax']]);

  await openSettings(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  const replay = await page.request.fetch('/api/quote-requests', {
    headers: { cookie: `staff_session=${cookies[0]?.value ?? ''}` },
  });
  expect(replay.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
});

test('staff delete a request after confirming, and it is gone for good', async ({ page, request }) => {
  const name = `Delete Me ${marker()}`;
  expect((await request.post('/api/quote-requests', { data: { ...toNamedFields(sampleQuote({ name })), ...(await pageFormToken(request)) } })).status()).toBe(201);
  await signInAsStaff(page);
  await page.goto(`/quotes?q=${encodeURIComponent(name)}`);
  await openCard(page, name);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(name);
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete request from ${name}` }).click();
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Quote Requests/);
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
});

test('a wrong password is refused on the sign-in form', async ({ page }) => {
  await page.goto('/quotes');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Email').fill(e2eStaff.email);
  await form.getByLabel('Password').fill('not the password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText('That email and password do not match a staff account.');
});

test('npm run staff adds an account from the command line, with the password typed in', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-staff-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const add = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', 'Owner@Example.co.uk'], {
      env,
      input: 'a long enough password\n',
      encoding: 'utf8',
    });
    expect(add.stdout).toContain('Staff account owner@example.co.uk created.');
    expect(add.status).toBe(0);

    const weak = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', 'second@example.co.uk'], { env, input: 'short\n', encoding: 'utf8' });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Staff password: Password must be at least 12 characters');

    const list = spawnSync('npm', ['run', '--silent', 'staff', '--', 'list'], { env, encoding: 'utf8' });
    expect(list.stdout.trim()).toBe('owner@example.co.uk');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
