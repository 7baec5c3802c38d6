import { expect, test } from 'vitest';
import { type AlertMessage, alertBody, alertTitle } from '../../domain/alerts/alert-message';
import type { OnCallShift } from '../../domain/alerts/on-call';
import type { PushTarget } from '../../domain/ports/push-devices';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';
import { pushMessageAlert, pushQuoteAcceptedAlert } from './customer-message-alert';

const device = (staff: string, id: string): PushTarget => ({ id, staff, label: 'Pixel', endpoint: `https://push.example/${id}`, p256dh: 'key', auth: 'auth' });
const devices: Record<string, PushTarget[]> = {
  'sam@example.co.uk': [device('sam@example.co.uk', 'sam-phone')],
  'priya@example.co.uk': [device('priya@example.co.uk', 'priya-phone'), device('priya@example.co.uk', 'priya-tablet')],
};
// Friday 20 November 2026, 09:00 in London.
const now = () => new Date('2026-11-20T09:00:00Z');

function alertWith(rota: OnCallShift[], outcome: (target: PushTarget) => Promise<'delivered' | 'gone'>) {
  const sent: { device: string; message: AlertMessage; urgent: boolean | undefined }[] = [];
  const forgotten: string[] = [];
  const alert = pushMessageAlert({
    sender: {
      send: (target, message, options) => {
        sent.push({ device: (target as PushTarget).id, message, urgent: options?.urgent });
        return outcome(target as PushTarget);
      },
    },
    rota: { readRota: () => Promise.resolve(rota) },
    staffEmails: () => Promise.resolve(Object.keys(devices)),
    targets: (staff) => Promise.resolve(devices[staff] ?? []),
    forgetDevice: (id) => {
      forgotten.push(id);
      return Promise.resolve();
    },
    logger: { error: () => undefined },
    now,
  });
  return { alert, sent, forgotten };
}

const quote = sampleInboxQuote({ name: 'Tom Okafor', urgent: true, serviceType: 'emergency', postcode: 'SE1 7PB' });

test('whoever is on call gets "Message from Tom · URGENT" on each device, without the message', async () => {
  const { alert, sent } = alertWith([{ staff: 'priya@example.co.uk', day: 'friday', start: '08:00', end: '18:00' }], () => Promise.resolve('delivered'));
  await alert.customerWrote(quote, 'The leak is worse now');
  expect(sent.map(({ device: id }) => id)).toEqual(['priya-phone', 'priya-tablet']);
  expect(sent[0]?.message).toEqual({ kind: 'customer-message', quoteId: quote.id, service: 'emergency', urgent: true, district: 'SE1', firstName: 'Tom' });
  expect(sent[0]?.urgent).toBe(true);
  expect(JSON.stringify(sent)).not.toContain('worse');
});

test('with nobody on the rota now, everyone hears; a device that is gone is forgotten', async () => {
  const { alert, sent, forgotten } = alertWith([], (target) => Promise.resolve(target.id === 'sam-phone' ? 'gone' : 'delivered'));
  await alert.customerWrote(quote, 'Hello');
  expect(sent).toHaveLength(3);
  expect(forgotten).toEqual(['sam-phone']);
});

test('rejects when there were devices and none took it, so the failure is logged', async () => {
  const { alert } = alertWith([], () => Promise.reject(new Error('push service down')));
  await expect(alert.customerWrote(quote, 'Hello')).rejects.toThrow(/No device on call/);
});

test('a quote accepted tells whoever is on call "Quote accepted", with the first name and total only', async () => {
  const sent: AlertMessage[] = [];
  const alert = pushQuoteAcceptedAlert({
    sender: { send: (_target, message) => {
        sent.push(message);
        return Promise.resolve('delivered');
      },
    },
    rota: { readRota: () => Promise.resolve([{ staff: 'sam@example.co.uk', day: 'friday', start: '08:00', end: '18:00' }]) },
    staffEmails: () => Promise.resolve(Object.keys(devices)),
    targets: (staff) => Promise.resolve(devices[staff] ?? []),
    forgetDevice: () => Promise.resolve(),
    logger: { error: () => undefined },
    now,
  });
  await alert.quoteAccepted(quote, 125_400);
  expect(sent).toEqual([{ kind: 'quote-accepted', quoteId: quote.id, firstName: 'Tom', totalPence: 125_400 }]);
  const [message] = sent;
  if (!message) throw new Error('No alert sent');
  expect(alertTitle(message)).toBe('Quote accepted');
  expect(alertBody(message, now())).toBe('Tom · £1,254.00');
});

test('a quote accepted that no device took rejects, so it is logged', async () => {
  const alert = pushQuoteAcceptedAlert({
    sender: { send: () => Promise.reject(new Error('push service down')) },
    rota: { readRota: () => Promise.resolve([]) },
    staffEmails: () => Promise.resolve(Object.keys(devices)),
    targets: (staff) => Promise.resolve(devices[staff] ?? []),
    forgetDevice: () => Promise.resolve(),
    logger: { error: () => undefined },
    now,
  });
  await expect(alert.quoteAccepted(quote, 100)).rejects.toThrow(/No device on call took the alert of an accepted quote/);
});
