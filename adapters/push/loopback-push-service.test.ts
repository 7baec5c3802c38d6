import { createECDH, createPrivateKey, sign } from 'node:crypto';
import { expect, test } from 'vitest';
import { publicPushFetch } from './public-push-fetch';
import webPush from 'web-push';
import { requestAlertOf } from '../../domain/alerts/alert-message';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { startLoopbackPushService } from './loopback-push-service.test-support';
import { decryptAes128gcm } from './push-message-checks.test-support';
import { WebPushSender } from './web-push-sender';

/** The tests' push service is on loopback: allowed here, as only the tests allow it. */
const loopbackFetch = publicPushFetch({ allowLoopback: true });

// The checks a test leans on must be able to fail: each of these is a push a real service would refuse.

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:office@se1-plumbing.example' };
const message = requestAlertOf(sampleRequest({ urgent: true, serviceType: 'emergency' }), 'new');

/** An ES256 JWT signed by hand, for claims web-push would refuse to sign. */
function signJwt(claims: Record<string, unknown>, keys: { publicKey: string; privateKey: string }): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

async function post(endpoint: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer>): Promise<number> {
  const response = await fetch(endpoint, { method: 'POST', headers, body });
  await response.body?.cancel();
  return response.status;
}

function encrypted(device: { endpoint: string; p256dh: string; auth: string }) {
  const details = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
    vapidDetails: vapid,
    contentEncoding: 'aes128gcm',
    TTL: 60,
  });
  // TTL comes as a number, whatever web-push's types say.
  const given: Readonly<Record<string, string | number>> = details.headers;
  const headers = Object.fromEntries(Object.entries(given).filter(([name]) => name !== 'Content-Length').map(([name, value]) => [name, String(value)]));
  return { headers, body: new Uint8Array(details.body) };
}

test('a body encrypted for another subscription\'s keys is refused, and recorded as such', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const other = service.createSubscription();
    const sending = new WebPushSender(vapid, { fetch: loopbackFetch }).send({ endpoint: device.endpoint, p256dh: other.p256dh, auth: other.auth }, message);
    await expect(sending).rejects.toThrow(/400 Bad Request: record 0 does not decrypt/);
    const withOtherAuth = new WebPushSender(vapid, { fetch: loopbackFetch }).send({ endpoint: device.endpoint, p256dh: device.p256dh, auth: other.auth }, message);
    await expect(withOtherAuth).rejects.toThrow(/400/);
    expect(service.received).toEqual([]);
    expect(service.rejected.map(({ subscriptionId, reason }) => [subscriptionId, reason])).toEqual([
      [device.id, "record 0 does not decrypt with this subscription's keys"],
      [device.id, "record 0 does not decrypt with this subscription's keys"],
    ]);
  } finally {
    await service.close();
  }
});

test('a tampered body is refused', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const { headers, body } = encrypted(device);
    body[body.length - 20] = (body[body.length - 20] ?? 0) ^ 1;
    expect(await post(device.endpoint, headers, body)).toBe(400);
    expect(service.rejected[0]?.reason).toMatch(/does not decrypt/);
  } finally {
    await service.close();
  }
});

test('a VAPID token that is forged, for another audience, expired, too long-lived or without a contact is refused', async () => {
  const service = await startLoopbackPushService();
  try {
    const device = service.createSubscription();
    const now = Math.floor(Date.now() / 1000);
    const intruder = webPush.generateVAPIDKeys();
    const claims = { aud: service.origin, exp: now + 3600, sub: vapid.subject };
    const cases: [string, string][] = [
      // Signed by the intruder, presented as ours.
      [`vapid t=${signJwt(claims, intruder)}, k=${vapid.publicKey}`, 'the VAPID signature does not verify with k='],
      // Ours, its claims swapped for others: the signature no longer covers them.
      [`vapid t=${(() => { const [head, , sig] = signJwt(claims, vapid).split('.'); return `${head ?? ''}.${Buffer.from(JSON.stringify({ ...claims, sub: 'mailto:x@example.com' })).toString('base64url')}.${sig ?? ''}`; })()}, k=${vapid.publicKey}`, 'the VAPID signature does not verify with k='],
      [`vapid t=${signJwt({ ...claims, aud: 'https://fcm.googleapis.com' }, vapid)}, k=${vapid.publicKey}`, `aud is "https://fcm.googleapis.com", not ${service.origin}`],
      [`vapid t=${signJwt({ ...claims, exp: now - 60 }, vapid)}, k=${vapid.publicKey}`, 'the VAPID token has expired'],
      [`vapid t=${signJwt({ ...claims, exp: now + 25 * 3600 }, vapid)}, k=${vapid.publicKey}`, 'exp is more than 24 hours ahead'],
      [`vapid t=${signJwt({ aud: claims.aud, exp: claims.exp }, vapid)}, k=${vapid.publicKey}`, 'sub is not a mailto: or https: contact'],
      ['WebPush something', 'no "Authorization: vapid" header'],
    ];
    for (const [authorization] of cases) {
      const { headers, body } = encrypted(device);
      expect(await post(device.endpoint, { ...headers, Authorization: authorization }, body)).toBe(400);
    }
    expect(service.rejected.map(({ reason }) => reason)).toEqual(cases.map(([, reason]) => reason));
    expect(service.received).toEqual([]);
    // The same body with web-push's own header is taken: the refusals above are the claims', not the test's.
    const { headers, body } = encrypted(device);
    expect(await post(device.endpoint, headers, body)).toBe(201);
  } finally {
    await service.close();
  }
});

test('decryption follows RFC 8291: the example of its appendix A decrypts to its plaintext', () => {
  // RFC 8291 Appendix A, the user agent's keys and the message it receives.
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(Buffer.from('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'base64url'));
  const authSecret = Buffer.from('BTBZMqHH6r4Tts7J_aSIgg', 'base64url');
  const body = Buffer.from(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    'base64url',
  );
  expect(decryptAes128gcm(body, receiver, authSecret).toString('utf8')).toBe('When I grow up, I want to be a watermelon');
});
