import type { APIRequestContext } from '@playwright/test';
import { e2eStaff, expect, quoteForm, test } from '../fixtures';

// A bot that fills the field only bots see, through the plain form as a script-less client posts it:
// answered as a person is, kept in the Spam folder, and rescued by staff with "Not spam".

interface Listed {
  id: string;
  name: string;
  status: string;
  spam: { reasons: { signal: string }[] } | null;
  activity: { kind: string; by: string }[];
}

async function view(request: APIRequestContext, name: string, inboxView: 'all' | 'spam'): Promise<Listed | undefined> {
  expect((await request.post('/api/session', { data: e2eStaff })).status()).toBe(200);
  const response = await request.get(`/api/quote-requests?view=${inboxView}&search=${encodeURIComponent(name)}`);
  expect(response.status()).toBe(200);
  const { quotes } = (await response.json()) as { quotes: Listed[] };
  return quotes.find((quote) => quote.name === name);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a post that fills the hidden honeypot is thanked as a person is, lands in Spam, and staff rescue it', async ({ page, request }) => {
    const name = `Spam Bot ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/');
    const form = quoteForm(page);
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone number').fill('020 7946 0777');
    await form.getByLabel('Service type').selectOption('general');
    // Hidden from people by CSS and from screen readers; a script filling every field fills it.
    await page.locator('input[name="website"]').fill('https://cheap-backlinks.example', { force: true });
    await form.getByRole('button', { name: 'Get Free Quote' }).click();

    await expect(page).toHaveURL(/\/\?quote=submitted&link=[A-Za-z0-9_-]{43}#quote-section$/);
    await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
    // The thanks page holds the form again, with a token of its own for the next request.
    await expect(page.locator('input[name="form_token"]')).toHaveValue(/^\d{13}\.[A-Za-z0-9_-]{43}$/);

    expect(await view(request, name, 'all')).toBeUndefined();
    const held = await view(request, name, 'spam');
    expect(held?.spam?.reasons.map(({ signal }) => signal)).toEqual(['honeypot']);

    const rescued = await request.post(`/api/quote-requests/${held?.id ?? ''}/activity`, { data: { kind: 'spam-cleared' } });
    expect(rescued.status()).toBe(201);
    expect(await view(request, name, 'spam')).toBeUndefined();
    const waiting = await view(request, name, 'all');
    expect(waiting?.status).toBe('new');
    expect(waiting?.activity).toContainEqual(expect.objectContaining({ kind: 'spam-cleared', by: e2eStaff.email }));
  });

  test('the form sent back with its errors has a fresh token too', async ({ page }) => {
    await page.goto('/');
    const form = quoteForm(page);
    const first = await page.locator('input[name="form_token"]').inputValue();
    await form.evaluate((element) => element.setAttribute('novalidate', ''));
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByRole('button', { name: 'Get Free Quote' }).click();
    await expect(page.getByRole('alert')).toContainText('Please fill in all required fields');
    const again = await page.locator('input[name="form_token"]').inputValue();
    expect(again).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(again).not.toBe(first);
  });
});
