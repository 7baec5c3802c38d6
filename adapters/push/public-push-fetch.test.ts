import { countingListener } from './counting-listener.test-support';
import { createECDH, randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import webPush from 'web-push';
import { nonPublicIpv4Ranges } from '../../domain/alerts/ip-address';
import { isPushAddressAllowed } from '../../domain/alerts/push-endpoint';
import { publicPushFetch, type Resolve } from './public-push-fetch';
import { startLoopbackPushService } from './loopback-push-service.test-support';
import { WebPushSender } from './web-push-sender';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:office@se1-plumbing.example' };
const browser = createECDH('prime256v1');
const keys = { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const testAlert = { kind: 'test', sentAt: new Date().toISOString() } as const;

/** DNS as an attacker who owns a name would answer it. */
const answering =
  (records: Record<string, string[]>): Resolve =>
  (hostname) =>
    Promise.resolve((records[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));


test('a public-looking name that resolves to this machine or a private network is never connected to', async () => {
  const listener = await countingListener();
  try {
    const dns = answering({
      'push.attacker.example': ['127.0.0.1'],
      'metadata.attacker.example': ['169.254.169.254'],
      'mixed.attacker.example': ['142.250.187.202', '10.0.0.5'],
      'mapped.attacker.example': ['::ffff:127.0.0.1'],
      'v6.attacker.example': ['::1'],
    });
    const sender = new WebPushSender(vapid, { fetch: publicPushFetch({ resolve: dns }) });
    for (const name of ['push.attacker.example', 'metadata.attacker.example', 'mixed.attacker.example', 'mapped.attacker.example', 'v6.attacker.example', 'nothing.attacker.example']) {
      await expect(sender.send({ endpoint: `https://${name}:${listener.port}/push/x`, ...keys }, testAlert), name).rejects.toThrow(
        new RegExp(`Push to ${name.replaceAll('.', '\\.')}:\\d+ failed: fetch failed \\(${name.replaceAll('.', '\\.')} (resolves to .*, which is not a public address|has no address)\\)`),
      );
    }
    expect(listener.connections()).toBe(0);
  } finally {
    await listener.close();
  }
});

test('the connection goes to the address that was checked: a name allowed to resolve to loopback reaches it', async () => {
  const listener = await countingListener();
  try {
    const sender = new WebPushSender(vapid, { fetch: publicPushFetch({ allowLoopback: true, resolve: answering({ 'push.attacker.example': ['127.0.0.1'] }) }) });
    await expect(sender.send({ endpoint: `https://push.attacker.example:${listener.port}/push/x`, ...keys }, testAlert)).rejects.toThrow(/failed/);
    expect(listener.connections()).toBe(1);
  } finally {
    await listener.close();
  }
});

test('an endpoint that breaks the rule is refused before anything is resolved or sent', async () => {
  const service = await startLoopbackPushService();
  const asked: string[] = [];
  const resolve: Resolve = (hostname) => {
    asked.push(hostname);
    return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
  };
  try {
    const device = service.createSubscription();
    const sender = new WebPushSender(vapid, { fetch: publicPushFetch({ resolve }) });
    await expect(sender.send(device, testAlert)).rejects.toThrow('Endpoint must be an https address');
    await expect(sender.send({ ...device, endpoint: device.endpoint.replace('http:', 'https:') }, testAlert)).rejects.toThrow('Endpoint must be a push service on the internet');
    await expect(sender.send({ ...device, endpoint: 'https://localhost./push/x' }, testAlert)).rejects.toThrow('Endpoint must be a push service on the internet');
    expect(asked).toEqual([]);
    expect(service.answers).toEqual([]);
  } finally {
    await service.close();
  }
});

test('the domain\'s verdict on an address agrees with Node\'s BlockList over the same ranges', () => {
  // One list each: a BlockList judges an IPv4 address against its IPv6 rules too, as IPv4-mapped.
  const blockedV4 = new BlockList();
  for (const range of nonPublicIpv4Ranges) {
    const [address = '', bits = ''] = range.split('/');
    blockedV4.addSubnet(address, Number(bits), 'ipv4');
  }
  // Outside global unicast, and its special blocks, IPv6 never reaches the internet.
  const blockedV6 = new BlockList();
  for (const [address, bits] of [['::', 3], ['4000::', 2], ['8000::', 1], ['2001::', 23], ['2001:db8::', 32], ['3fff::', 20]] as const) {
    blockedV6.addSubnet(address, bits, 'ipv6');
  }
  const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((octets) => octets.join('.'));
  fc.assert(
    fc.property(ipv4, (address) => {
      expect(isPushAddressAllowed(address), address).toBe(!blockedV4.check(address, 'ipv4'));
    }),
    { numRuns: 5_000 },
  );
  // NAT64 and 6to4 carry an IPv4 address, judged as itself: the domain's own tests cover them.
  const ipv6 = fc
    .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
    .filter(([first = 0, second = 0]) => first !== 0x2002 && !(first === 0x64 && second === 0xff9b))
    .chain((words) => fc.constantFrom(words.map((word) => word.toString(16)).join(':'), new URL(`http://[${words.map((word) => word.toString(16)).join(':')}]`).hostname.slice(1, -1)));
  fc.assert(
    fc.property(ipv6, (address) => {
      expect(isPushAddressAllowed(address), address).toBe(!blockedV6.check(address, 'ipv6'));
    }),
    { numRuns: 5_000 },
  );
});
