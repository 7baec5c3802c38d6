import { expect, quoteForm, takeAPersonsTime, test } from './fixtures';
import { clickNotification, openInboxWithWorker, shownNotifications } from './inbox-worker';

// The demo's phone buzzes for real: with no push service and no network, a request sent from the
// home page is shown as an alert by the inbox's service worker, and "I'm on it" takes it in the page.

test('a request sent in the demo, offline, shows its alert through the inbox worker, which hands "I\'m on it" to the page', async ({ context, page, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
  const worker = await openInboxWithWorker(context, page);
  await context.setOffline(true);

  // To the home page inside the application: its requests live in this page's memory.
  await page.locator('a.brand').click();
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Priya Shah');
  await form.getByLabel('Phone number').fill('07700 900777');
  await form.getByLabel('Postcode (optional)').fill('se17 1aa');
  await form.getByLabel('Service type').selectOption({ label: 'Emergency Plumbing' });
  await form.getByLabel('This is an emergency').check();
  await takeAPersonsTime(page);
  await form.getByRole('button', { name: 'Request Emergency Service' }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');

  await expect.poll(() => shownNotifications(page)).toEqual([
    {
      title: 'URGENT · Emergency Plumbing · SE17',
      body: 'Priya · waiting under 1 min',
      tag: expect.stringMatching(/^quote-/) as unknown as string,
      requireInteraction: true,
      actions: [{ action: 'take', title: "I'm on it" }],
    },
  ]);
  const [alert] = await shownNotifications(page);

  // The worker hands "I'm on it" to this page, which holds the request: nothing is left to say.
  const handed = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data));
      }),
  );
  await clickNotification(worker, alert?.tag ?? '', 'take');
  expect(await handed).toEqual({ type: 'take', quoteId: alert?.tag.replace(/^quote-/, '') });
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await page.waitForTimeout(500);
  expect(await shownNotifications(page)).toEqual([]);
});

test('nothing is shown when the inbox was never opened in this browser', async ({ context, page, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const form = quoteForm(page);
  await form.getByLabel('Full name').fill('Sam Lee');
  await form.getByLabel('Phone number').fill('07700 900778');
  await form.getByLabel('Service type').selectOption({ label: 'Maintenance' });
  await form.getByRole('button', { name: /Get Free Quote/ }).click();
  await expect(page.getByRole('status')).toContainText('Quote Request Submitted!');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(errors).toEqual([]);
});
