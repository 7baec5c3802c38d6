import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { publicPushFetch } from './public-push-fetch';
import webPush from 'web-push';
import { requestAlertOf, type TestAlert } from '../../domain/alerts/alert-message';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { startLoopbackPushService } from './loopback-push-service.test-support';
import type { VapidKeys } from './vapid-keys';
import { alertTopic, pushDelivery, WebPushSender } from './web-push-sender';

/** The tests' push service is on loopback: allowed here, as only the tests allow it. */
const loopbackFetch = publicPushFetch({ allowLoopback: true });

const vapid: VapidKeys = { ...webPush.generateVAPIDKeys(), subject: 'mailto:office@se1-plumbing.example' };
const urgentQuote = sampleRequest({ id: 'b0c1d2e3-f405-4617-8829-3a4b5c6d7e8f', name: 'Tom Okafor', serviceType: 'emergency', urgent: true, postcode: 'SE1 9SG' });
const standardQuote = sampleRequest({ id: '0d1e2f30-4152-4637-8849-5a6b7c8d9e0f', urgent: false });

test('an urgent alert arrives decrypted, with high urgency, a short TTL, its request\'s topic and a valid VAPID token', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription('Chrome on Android');
    const message = { ...requestAlertOf(urgentQuote, 'new'), take: 'a-token' };
    const sentAt = Math.floor(Date.now() / 1000);
    expect(await new WebPushSender(vapid, { fetch: loopbackFetch }).send(device, message, { urgent: true })).toBe('delivered');
    const [received] = await service.waitFor(1);
    expect(received?.payload).toEqual(message);
    expect(received?.subscriptionId).toBe(device.id);
    expect(received?.ttl).toBe(600);
    expect(received?.urgency).toBe('high');
    expect(received?.topic).toBe(alertTopic(message));
    expect(received?.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(received?.vapidKey).toBe(vapid.publicKey);
    expect(received?.claims.aud).toBe(service.origin);
    expect(received?.claims.sub).toBe(vapid.subject);
    expect(received?.claims.exp).toBeGreaterThan(sentAt);
    expect(received?.claims.exp).toBeLessThanOrEqual(sentAt + 24 * 60 * 60);
    expect(service.rejected).toEqual([]);
  } finally {
    await service.close();
  }
});

test('a standard alert goes with normal urgency and an hour\'s TTL; a test alert with five minutes and a topic of its own', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const sender = new WebPushSender(vapid, { fetch: loopbackFetch });
    const testAlert: TestAlert = { kind: 'test', sentAt: new Date().toISOString() };
    await sender.send(device, requestAlertOf(standardQuote, 'reminder'));
    await sender.send(device, testAlert);
    const [standard, testAlertReceived] = await service.waitFor(2);
    expect(standard).toMatchObject({ ttl: pushDelivery.standard.ttlSeconds, urgency: 'normal', topic: alertTopic(requestAlertOf(standardQuote, 'new')) });
    expect(standard?.ttl).toBe(3600);
    expect(testAlertReceived).toMatchObject({ ttl: 300, urgency: 'normal', topic: 'test-alert', payload: testAlert });
    expect(service.rejected).toEqual([]);
  } finally {
    await service.close();
  }
});

test('every alert about one request shares its topic, and two requests never share one', () => {
  const steps = ['new', 'escalated', 'due-soon'] as const;
  const topics = new Set(steps.map((step) => alertTopic(requestAlertOf(urgentQuote, step))));
  expect(topics.size).toBe(1);
  expect(alertTopic(requestAlertOf(standardQuote, 'new'))).not.toBe(alertTopic(requestAlertOf(urgentQuote, 'new')));
  const longId = alertTopic(requestAlertOf(sampleRequest({ id: 'x'.repeat(64) }), 'new'));
  expect(longId).toMatch(/^[A-Za-z0-9_-]{32}$/);
});

test('only what a lock screen may show is sent, whatever the caller passes', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const leaky = { ...requestAlertOf(urgentQuote, 'new'), phone: urgentQuote.phone, description: urgentQuote.description };
    await new WebPushSender(vapid, { fetch: loopbackFetch }).send(device, leaky);
    const [received] = await service.waitFor(1);
    expect(received?.payload).toEqual(requestAlertOf(urgentQuote, 'new'));
    expect(JSON.stringify(received?.payload)).not.toContain(urgentQuote.phone);
  } finally {
    await service.close();
  }
});

test('410 and 404 say the subscription is gone', async () => {
  const service = await startLoopbackPushService();
  try {
    const expired = service.createSubscription();
    const unknown = service.createSubscription();
    const alive = service.createSubscription();
    service.expire(expired.id, 410);
    service.expire(unknown.id, 404);
    const sender = new WebPushSender(vapid, { fetch: loopbackFetch });
    const message = requestAlertOf(urgentQuote, 'new');
    expect(await sender.send(expired, message)).toBe('gone');
    expect(await sender.send(unknown, message)).toBe('gone');
    expect(await sender.send({ ...alive, endpoint: `${service.origin}/push/never-made` }, message)).toBe('gone');
    expect(await sender.send(alive, message)).toBe('delivered');
  } finally {
    await service.close();
  }
});

test('a push service that is down rejects with its status and what it said, and takes the alert once it is back', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const sender = new WebPushSender(vapid, { fetch: loopbackFetch });
    const message = requestAlertOf(urgentQuote, 'new');
    service.down();
    await expect(sender.send(device, message)).rejects.toThrow(`Push to ${new URL(service.origin).host} was refused: 503 Service Unavailable: The push service is down for maintenance`);
    service.up();
    expect(await sender.send(device, message)).toBe('delivered');
    expect(service.answers.map(({ status }) => status)).toEqual([503, 201]);
  } finally {
    await service.close();
  }
});

test('a push service that cannot be reached, or never answers, rejects saying so', async () => {
  const service = await startLoopbackPushService();
  const device = service.createSubscription();
  await service.close();
  const message = requestAlertOf(urgentQuote, 'new');
  await expect(new WebPushSender(vapid, { fetch: loopbackFetch }).send(device, message)).rejects.toThrow(/failed: fetch failed \(.*ECONNREFUSED/);

  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/push/x`;
    const started = performance.now();
    await expect(new WebPushSender(vapid, { fetch: loopbackFetch, timeoutMs: 300 }).send({ ...device, endpoint }, message)).rejects.toThrow('got no answer within 0.3 s');
    expect(performance.now() - started).toBeLessThan(5_000);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});
