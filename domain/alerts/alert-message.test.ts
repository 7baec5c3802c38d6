import * as v from 'valibot';
import { expect, test } from 'vitest';
import { AlertMessageSchema, alertBody, alertTag, alertTarget, alertTitle, firstNameOf, messageAlertOf, requestAlertOf } from './alert-message';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

const request = sampleRequest({
  id: '3f9c2a10-8b7e-4d21-9c55-0f1e2d3c4b5a',
  name: 'Tom Okafor',
  serviceType: 'emergency',
  urgent: true,
  postcode: 'SE1 7PB',
  createdAt: new Date('2026-11-23T15:40:00Z'),
});

test('an alert tells the service, urgency, district, first name and id, and nothing a lock screen should not show', () => {
  const alert = requestAlertOf(request, 'new');
  expect(alert).toEqual({
    kind: 'request',
    quoteId: request.id,
    step: 'new',
    service: 'emergency',
    urgent: true,
    district: 'SE1',
    firstName: 'Tom',
    createdAt: '2026-11-23T15:40:00.000Z',
  });
  const text = JSON.stringify(alert);
  for (const secret of [request.phone, request.email ?? '', request.description ?? '', 'Okafor', '7PB']) expect(text).not.toContain(secret);
  expect(v.parse(AlertMessageSchema, alert)).toEqual(alert);
});

test('the notification reads "URGENT · Emergency Plumbing · SE1" / "Tom · waiting 2 min"', () => {
  const alert = requestAlertOf(request, 'new');
  expect(alertTitle(alert)).toBe('URGENT · Emergency Plumbing · SE1');
  expect(alertBody(alert, new Date('2026-11-23T15:42:10Z'))).toBe('Tom · waiting 2 min');
  expect(alertBody(alert, new Date('2026-11-23T15:40:20Z'))).toBe('Tom · waiting under 1 min');
  const standard = requestAlertOf({ ...request, urgent: false, serviceType: 'heating', postcode: null }, 'reminder');
  expect(alertTitle(standard)).toBe('Heating Services');
  expect(alertBody(standard, new Date('2026-11-23T17:10:00Z'))).toBe('Tom · waiting 1 h 30 min');
});

test('tapping opens that request on /quotes, and a newer alert replaces an older one of the same request', () => {
  const alert = requestAlertOf(request, 'escalated');
  expect(alertTarget(alert)).toBe(`/quotes?id=${request.id}`);
  expect(alertTag(alert)).toBe(alertTag(requestAlertOf(request, 'new')));
  expect(alertTag({ kind: 'test', sentAt: '2026-11-23T15:40:00.000Z' })).not.toBe(alertTag(alert));
});

test('a first name is one word, however the name was typed', () => {
  expect(firstNameOf('  Zoë   Brontë ')).toBe('Zoë');
  expect(firstNameOf('')).toBe('');
  expect(Array.from(firstNameOf('A'.repeat(100)))).toHaveLength(40);
});

test('what a push carries is checked before it is shown', () => {
  expect(v.safeParse(AlertMessageSchema, { kind: 'request', quoteId: 'x' }).success).toBe(false);
  expect(v.safeParse(AlertMessageSchema, { kind: 'test', sentAt: 'yesterday' }).success).toBe(false);
  expect(v.safeParse(AlertMessageSchema, '<script>').success).toBe(false);
});

test('a customer\'s message reads "Message from Tom · URGENT", carries no words of theirs, and opens the request', () => {
  const alert = messageAlertOf(request);
  expect(alert).toEqual({ kind: 'customer-message', quoteId: request.id, service: 'emergency', urgent: true, district: 'SE1', firstName: 'Tom' });
  expect(v.parse(AlertMessageSchema, alert)).toEqual(alert);
  expect(alertTitle(alert)).toBe('Message from Tom · URGENT');
  expect(alertBody(alert, new Date())).toBe('Emergency Plumbing · SE1 · open the request to read it');
  expect(alertTarget(alert)).toBe(`/quotes?id=${request.id}`);
  // Its own tag: it does not replace the request's alert on the phone.
  expect(alertTag(alert)).not.toBe(alertTag(requestAlertOf(request, 'new')));
  expect(alertTitle(messageAlertOf({ ...request, name: ' ' }))).toBe('Message from a customer · URGENT');
});
