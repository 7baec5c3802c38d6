import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryAlertSettings } from '../../../adapters/memory/in-memory-alert-settings.test-support';
import type { PushDevice } from '../../../domain/ports/push-devices';
import { testNow } from '../../inbox-test-data.test-support';
import { fakeBrowser, renderApp, testBackend } from '../../test-app.test-support';

const you = 'demo@se1plumbing.example';
const sam = 'sam.porter@se1plumbing.example';

function renderPanel({ alerts = new InMemoryAlertSettings({ staff: [you, sam], now: () => testNow }), browser = fakeBrowser() } = {}) {
  const rendered = renderApp({ path: '/quotes/settings', backend: testBackend({ alerts }), now: () => testNow, browser });
  return { ...rendered, alerts, browser };
}

async function openPanel(user: ReturnType<typeof renderPanel>['user']) {
  await user.click(await screen.findByRole('heading', { name: 'Alerts' }));
  return screen.findByRole('switch', { name: 'Alerts on this device' });
}

test('folded away at first, the panel reads the settings when opened: alerts off here, no devices, nobody on call', async () => {
  const { user } = renderPanel();
  expect(screen.queryByRole('switch')).toBeNull();

  const toggle = await openPanel(user);

  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(screen.getByText('This device gets no alerts.')).toBeTruthy();
  expect(screen.getByText(/No device gets your alerts yet/)).toBeTruthy();
  expect(screen.getByText('No shifts yet: every staff member is alerted about every request.')).toBeTruthy();
});

test('turned on, this device is listed as such; a test alert reaches it; turned off, it is gone', async () => {
  const shown: string[] = [];
  const alerts = new InMemoryAlertSettings({ staff: [you, sam], now: () => testNow, showAlert: (alert) => Promise.resolve(void shown.push(alert.kind)) });
  const { user, browser } = renderPanel({ alerts });
  const toggle = await openPanel(user);

  await user.click(toggle);

  expect(await screen.findByText('This device gets alerts.')).toBeTruthy();
  expect(toggle.getAttribute('aria-checked')).toBe('true');
  const devices = within(screen.getByRole('region', { name: 'Your devices' }));
  expect(devices.getByText('Chrome on Android')).toBeTruthy();
  expect(devices.getByText('This device')).toBeTruthy();
  expect(devices.getByText('Since 20/11/2026')).toBeTruthy();
  expect(devices.getByText(/No alert yet/)).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Send a test alert' }));
  expect(await screen.findByText('Sent to 1 device')).toBeTruthy();
  expect(shown).toEqual(['test']);
  expect(await devices.findByText('Last alert 12:00')).toBeTruthy();

  await user.click(toggle);
  expect(await screen.findByText('This device gets no alerts.')).toBeTruthy();
  expect(await alerts.devices()).toEqual([]);
  expect(browser.subscribed).toBe(false);
});

test('with a push key, the subscription this browser made is what the device is kept with', async () => {
  class PushingSettings extends InMemoryAlertSettings {
    added: unknown[] = [];
    override pushKey() {
      return Promise.resolve('BPublicKey');
    }
    override addDevice(device: Parameters<InMemoryAlertSettings['addDevice']>[0]): Promise<PushDevice> {
      this.added.push(device);
      return super.addDevice(device);
    }
  }
  const alerts = new PushingSettings({ staff: [you] });
  const { user } = renderPanel({ alerts });

  await user.click(await openPanel(user));

  await screen.findByText('This device gets alerts.');
  expect(alerts.added).toEqual([{ endpoint: 'https://push.example.net/send/this-one', p256dh: 'BNcR', auth: 'tBHI', label: 'Chrome on Android' }]);
});

test.for([
  ['permission-denied', /Notifications are blocked for this site\. Allow them in your browser’s site settings/],
  ['home-screen-first', /Add this page to your home screen first/],
  ['push-refused', /The push service did not accept this device/],
] as const)('when the browser answers %s, the switch stays off and says what to do', async ([problem, message]) => {
  const { user, alerts } = renderPanel({ browser: fakeBrowser({ problem }) });
  const toggle = await openPanel(user);

  await user.click(toggle);

  expect(await screen.findByText(message)).toBeTruthy();
  expect(document.getElementById('alert-switch-problem')?.textContent).toMatch(message);
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(toggle.getAttribute('aria-describedby')).toBe('alert-switch-state alert-switch-problem');
  expect(await alerts.devices()).toEqual([]);
});

test('with ten devices already, turning alerts on here says to remove one first, and the switch stays off', async () => {
  const alerts = new InMemoryAlertSettings({ staff: [you, sam], now: () => testNow });
  for (let index = 0; index < 10; index++) await alerts.addDevice({ endpoint: `local:Phone ${index}`, p256dh: '', auth: '', label: `Phone ${index}` });
  const { user } = renderPanel({ alerts });
  const toggle = await openPanel(user);

  await user.click(toggle);

  expect(await screen.findByText('You have 10 devices with alerts on. Remove one first.')).toBeTruthy();
  expect(document.getElementById('alert-switch-problem')?.textContent).toBe('You have 10 devices with alerts on. Remove one first.');
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(await alerts.devices()).toHaveLength(10);
});

test('another device is removed from the list, and a toast says it gets no more alerts', async () => {
  const alerts = new InMemoryAlertSettings({ staff: [you, sam], now: () => testNow });
  await alerts.addDevice({ endpoint: 'https://push.example.net/send/tablet', p256dh: 'x', auth: 'y', label: 'Safari on iPad' });
  const { user } = renderPanel({ alerts });
  await openPanel(user);

  await user.click(screen.getByRole('button', { name: 'Remove Safari on iPad' }));

  expect(await screen.findByText('Safari on iPad gets no more alerts.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Remove Safari on iPad' })).toBeNull();
  expect(await alerts.devices()).toEqual([]);
});

test('a test alert with no device says to turn alerts on first', async () => {
  const { user } = renderPanel();
  await openPanel(user);

  await user.click(screen.getByRole('button', { name: 'Send a test alert' }));

  expect(await screen.findByText('Turn alerts on for a device first.')).toBeTruthy();
});

test('a shift added and saved is the rota, and the panel says who is on call now', async () => {
  const { user, alerts } = renderPanel();
  await openPanel(user);

  await user.click(screen.getByRole('button', { name: 'Add a shift' }));
  const shift = within(screen.getByRole('group', { name: 'Shift 1' }));
  await user.selectOptions(shift.getByLabelText('Person'), 'Sam');
  await user.selectOptions(shift.getByLabelText('Day'), 'Friday');
  await user.click(screen.getByRole('button', { name: 'Save the rota' }));

  expect(await screen.findByText('Rota saved.')).toBeTruthy();
  expect(screen.getByText('On call now: Sam.')).toBeTruthy();
  expect((await alerts.rota()).shifts).toEqual([{ staff: sam, day: 'friday', start: '08:00', end: '18:00' }]);
});

test('a shift with a time left empty is not saved: the message is beside that field, which says it is invalid', async () => {
  const alerts = new InMemoryAlertSettings({ staff: [you, sam], shifts: [{ staff: you, day: 'friday', start: '08:00', end: '18:00' }] });
  const { user } = renderPanel({ alerts });
  await openPanel(user);
  expect(screen.getByText('On call now: Demo.')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Add a shift' }));
  const second = within(screen.getByRole('group', { name: 'Shift 2' }));
  await user.clear(second.getByLabelText('To'));
  await user.click(screen.getByRole('button', { name: 'Save the rota' }));

  expect(await screen.findByText('The rota was not saved: 1 field needs changing.')).toBeTruthy();
  const end = second.getByLabelText('To');
  expect(end.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(end.getAttribute('aria-describedby') ?? '')?.textContent).toBe('End must be a time like 08:00');
  expect((await alerts.rota()).shifts).toHaveLength(1);

  await user.click(second.getByRole('button', { name: 'Remove shift 2' }));
  expect(screen.queryByText('End must be a time like 08:00')).toBeNull();
});

test('settings that cannot be read say so, and can be read again', async () => {
  class Unreachable extends InMemoryAlertSettings {
    failing = true;
    override devices() {
      return this.failing ? Promise.reject(new Error('down')) : super.devices();
    }
  }
  const alerts = new Unreachable({ staff: [you] });
  const { user } = renderPanel({ alerts });
  await user.click(await screen.findByRole('heading', { name: 'Alerts' }));

  expect(await screen.findByText('Your alert settings could not be read just now. Please try again in a moment.')).toBeTruthy();
  alerts.failing = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('switch', { name: 'Alerts on this device' })).toBeTruthy();
});
