import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isPushAddressAllowed, pushEndpointMessages, pushEndpointProblem } from './push-endpoint';

const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = ([a, b, c, d]: readonly number[]) => [a, b, c, d].join('.');
const numberOf = ([a = 0, b = 0, c = 0, d = 0]: readonly number[]) => ((a * 256 + b) * 256 + c) * 256 + d;

/** The spellings of one IPv4 address the URL standard reads as it: a number, hex, octal, and the short forms. */
const spellings = (address: readonly number[]) => {
  const [a = 0, b = 0, c = 0, d = 0] = address;
  const value = numberOf(address);
  return [
    dotted(address),
    String(value),
    `0x${value.toString(16)}`,
    address.map((octet) => `0${octet.toString(8)}`).join('.'),
    address.map((octet) => `0x${octet.toString(16)}`).join('.'),
    `${a}.${b}.${c * 256 + d}`,
    `${a}.${b * 65536 + c * 256 + d}`,
    `${dotted(address)}.`,
  ];
};

test('an IPv4 address gets the same answer however the URL spells it', () => {
  fc.assert(
    fc.property(octets, (address) => {
      const verdicts = spellings(address).map((host) => pushEndpointProblem(`https://${host}/push/x`));
      expect(new Set(verdicts).size).toBe(1);
    }),
  );
});

test('this machine, private networks and reserved blocks are refused in every spelling; a public address is taken', () => {
  const refused = ['127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1'];
  for (const address of refused) {
    for (const host of spellings(address.split('.').map(Number))) {
      expect(pushEndpointProblem(`https://${host}/push/x`), host).toBe(pushEndpointMessages.notPublic);
    }
  }
  for (const address of ['8.8.8.8', '142.250.187.202', '172.32.0.1', '100.128.0.1', '11.0.0.1', '192.169.0.1']) {
    expect(pushEndpointProblem(`https://${address}/push/x`), address).toBeUndefined();
  }
});

test('an IPv4 address inside IPv6 is refused when mapped, and judged as itself in NAT64 and 6to4', () => {
  fc.assert(
    fc.property(octets, (address) => {
      const [a, b, c, d] = address;
      const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      expect(pushEndpointProblem(`https://[::ffff:${dotted(address)}]/x`)).toBe(pushEndpointMessages.notPublic);
      expect(pushEndpointProblem(`https://[0:0:0:0:0:ffff:${hex}]/x`)).toBe(pushEndpointMessages.notPublic);
      expect(pushEndpointProblem(`https://[::${dotted(address)}]/x`)).toBe(pushEndpointMessages.notPublic);
      const asItself = pushEndpointProblem(`https://${dotted(address)}/x`);
      expect(pushEndpointProblem(`https://[64:ff9b::${dotted(address)}]/x`)).toBe(asItself);
      expect(pushEndpointProblem(`https://[2002:${hex}::1]/x`)).toBe(asItself);
    }),
  );
});

test('IPv6 beyond global unicast, and its special blocks, are refused; a global address is taken', () => {
  for (const host of ['::', '::1', '0:0:0:0:0:0:0:1', 'fe80::1', 'febf::1', 'fc00::1', 'fdff:ffff::1', 'ff02::1', '2001:db8::1', '2001::1', '2001:1ff::1', '3fff::1', '100::1', '64:ff9b:1::1', '::ffff:0:1']) {
    expect(pushEndpointProblem(`https://[${host}]/push/x`), host).toBe(pushEndpointMessages.notPublic);
  }
  for (const host of ['2a00:1450:4009:81f::200a', '2606:4700::6810:84e5', '2001:4860:4860::8888', '3ffe::1']) {
    expect(pushEndpointProblem(`https://[${host}]/push/x`), host).toBeUndefined();
  }
});

test('names of this machine and of local networks are refused, with or without a final dot', () => {
  for (const host of ['localhost', 'LocalHost', 'localhost.', 'push.localhost', 'a.b.localhost.', 'printer.local', 'db.internal', 'nas.lan', 'router.home.arpa', 'intranet', 'intranet.']) {
    expect(pushEndpointProblem(`https://${host}/push/x`), host).toBe(pushEndpointMessages.notPublic);
  }
  expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
  expect(pushEndpointProblem('https://updates.push.services.mozilla.com./wpush/v2/abc')).toBeUndefined();
});

test('only https, without a user name or password, and an address at all', () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ minLength: 1 }), (url, user) => {
      const withUser = new URL(url);
      withUser.username = user;
      if (withUser.username !== '') expect(pushEndpointProblem(withUser.href)).toBe(pushEndpointMessages.credentials);
    }),
  );
  expect(pushEndpointProblem('https://push.example@127.0.0.1/x')).toBe(pushEndpointMessages.credentials);
  expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/abc')).toBe(pushEndpointMessages.notHttps);
  expect(pushEndpointProblem('wss://fcm.googleapis.com/fcm/send/abc')).toBe(pushEndpointMessages.notHttps);
  expect(pushEndpointProblem('not a url')).toBe(pushEndpointMessages.notAnAddress);
  expect(pushEndpointProblem(`https://push.example.net/${'x'.repeat(2048)}`)).toBe(pushEndpointMessages.tooLong);
});

test('allowing loopback takes this machine over http or https, and nothing else that is not public', () => {
  const loopback = { allowLoopback: true };
  for (const endpoint of ['http://127.0.0.1:4000/push/x', 'https://127.0.0.1/push/x', 'http://[::1]:4000/x', 'http://localhost:4000/x', 'http://127.1:4000/x']) {
    expect(pushEndpointProblem(endpoint, loopback), endpoint).toBeUndefined();
    expect(pushEndpointProblem(endpoint), endpoint).toBeDefined();
  }
  for (const endpoint of ['http://10.0.0.1/x', 'https://192.168.1.1/x', 'http://push.example.net/x', 'https://[::ffff:127.0.0.1]/x', 'http://user@127.0.0.1/x']) {
    expect(pushEndpointProblem(endpoint, loopback), endpoint).toBeDefined();
  }
});

test('a resolved address is taken only when public, or on loopback when that is allowed', () => {
  expect(isPushAddressAllowed('142.250.187.202')).toBe(true);
  expect(isPushAddressAllowed('2a00:1450:4009:81f::200a')).toBe(true);
  for (const address of ['127.0.0.1', '::1', '10.0.0.5', '::ffff:127.0.0.1', 'fe80::1%eth0', 'fe80::1', 'not an address', '']) {
    expect(isPushAddressAllowed(address), address).toBe(false);
  }
  expect(isPushAddressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
  expect(isPushAddressAllowed('::1', { allowLoopback: true })).toBe(true);
  expect(isPushAddressAllowed('10.0.0.5', { allowLoopback: true })).toBe(false);
});
