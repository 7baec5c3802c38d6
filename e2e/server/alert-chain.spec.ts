import { staffName } from '../../domain/alerts/on-call';
import { startLoopbackPushService } from '../../adapters/push/loopback-push-service.test-support';
import { e2eStaff, expect, openCard, openSettings, quoteForm, signInAsStaff, test } from '../fixtures';
import { clickNotification, openInboxWithWorker, pushToInboxWorker, shownNotifications } from '../inbox-worker';

// The whole chain, as `npm start` runs it: a staff member turns alerts on in the inbox; a visitor's
// request from the form is pushed by the server, encrypted and signed, to a push service on loopback
// that decrypts it; the DevTools protocol hands what it received to the browser's service worker, as
// the phone's push service would; the notification shows, and its "I'm on it" takes the request.
// Chromium cannot subscribe to a push service here (its own is Google's, out of reach), so the page is
// given a subscription on the loopback service instead: the one part that is not the browser's own.

test('alerts on, a request from the form buzzes this device within a second, and "I\'m on it" takes it', async ({ context, page, baseURL }) => {
  // The worker's install, the settings page, a request sent and its push, end to end.
  test.slow();
  const origin = new URL(baseURL ?? '').origin;
  const pushService = await startLoopbackPushService();
  try {
    const subscription = pushService.createSubscription('Chromium on Linux');
    await context.grantPermissions(['notifications'], { origin });
    await context.addInitScript((given: { endpoint: string; p256dh: string; auth: string }) => {
      const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)).buffer;
      const fake = {
        endpoint: given.endpoint,
        expirationTime: null,
        getKey: (name: string) => bytes(name === 'p256dh' ? given.p256dh : given.auth),
        toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: { p256dh: given.p256dh, auth: given.auth } }),
        unsubscribe: () => {
          localStorage.removeItem('test-push-subscribed');
          return Promise.resolve(true);
        },
      };
      // Kept across page loads, as a browser keeps its subscription.
      PushManager.prototype.subscribe = function subscribe() {
        localStorage.setItem('test-push-subscribed', 'yes');
        return Promise.resolve(fake as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(localStorage.getItem('test-push-subscribed') === 'yes' ? (fake as unknown as PushSubscription) : null);
      };
    }, subscription);

    await signInAsStaff(page);
    const worker = await openInboxWithWorker(context, page);
    await openSettings(page);
    await page.getByText('Alerts', { exact: true }).click();
    await page.getByRole('switch', { name: 'Alerts on this device' }).click();
    await expect(page.getByText('This device gets alerts.')).toBeVisible();

    const push = await pushToInboxWorker(context, page, origin);

    const firstName = `Zed${Math.random().toString(36).slice(2, 7)}`;
    const visitor = await context.newPage();
    await visitor.goto('/');
    const form = quoteForm(visitor);
    await form.getByLabel('Full name').fill(`${firstName} Okafor`);
    // Sent by the page's scripts, which the visitor's first move brought.
    await expect(form).toHaveAttribute('novalidate', '');
    await form.getByLabel('Phone number').fill('07700 900555');
    await form.getByLabel('Postcode').fill('se1 7pb');
    await form.getByLabel('Service type').selectOption('emergency');
    await form.getByLabel('This is an emergency').check();
    const created = visitor.waitForResponse((response) => response.url().endsWith('/api/quote-requests') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Request Emergency Service' }).click();
    expect((await created).status()).toBe(201);
    const acknowledgedAt = Date.now();

    // Other tests share this server; this request's alert is the one with this first name.
    const ours = () => pushService.received.find((push) => (push.payload as { firstName?: string }).firstName === firstName);
    await expect.poll(ours, { timeout: 1_000 }).toBeDefined();
    const received = ours();
    expect(pushService.rejected).toEqual([]);
    expect(received).toMatchObject({ urgency: 'high', ttl: 600 });
    const alert = received?.payload as { quoteId: string; take: string };
    // Our part ends when the push service has it, within the second; the phone's own part is its
    // worker showing the alert as the message is delivered, timed from the delivery (here the
    // DevTools protocol stands in for the push service, whose own delay is not ours to measure).
    expect(Date.now() - acknowledgedAt).toBeLessThan(1_000);
    await push(JSON.stringify(received?.payload));
    const tag = `quote-${alert.quoteId}`;
    await expect
      .poll(async () => (await shownNotifications(page)).find((shown) => shown.tag === tag), { timeout: 1_000 })
      .toMatchObject({ title: 'URGENT · Emergency Plumbing · SE1', body: `${firstName} · waiting under 1 min`, actions: [{ action: 'take', title: "I'm on it" }] });

    await clickNotification(worker, tag, 'take');
    await expect.poll(async () => (await shownNotifications(page)).map((shown) => shown.tag)).not.toContain(tag);
    await page.goto('/quotes');
    const card = await openCard(page, `${firstName} Okafor`);
    await expect(card).toContainText(`Taken by ${staffName(e2eStaff.email)}`);
    // Nobody is on the rota, so everyone was alerted.
    await expect(card).toContainText('Alerted all');

    // Alerts off again: later requests of other tests go to no push service of this one's.
    await openSettings(page);
    const alertsSwitch = page.getByRole('switch', { name: 'Alerts on this device' });
    if (!(await alertsSwitch.isVisible())) await page.getByText('Alerts', { exact: true }).click();
    await expect(alertsSwitch).toBeChecked();
    await alertsSwitch.click();
    await expect(alertsSwitch).not.toBeChecked();
    await expect(page.getByText('This device gets no alerts.')).toBeVisible();
  } finally {
    await pushService.close();
  }
});
