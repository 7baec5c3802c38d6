// IP addresses, and which of them are on the public internet: the rule push endpoints are held to,
// in the page, on the server and in the edge function alike, so it is plain TypeScript.

/** An IPv4 address as a 32-bit number, or an IPv6 address as its eight 16-bit words. */
export type IpAddress = { version: 4; value: number } | { version: 6; words: readonly number[] };

const decimalOctet = /^(?:0|[1-9]\d{0,2})$/;

function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => decimalOctet.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

const hexWord = /^[0-9a-f]{1,4}$/i;

function parseIpv6(text: string): number[] | undefined {
  // A dotted IPv4 tail (::ffff:127.0.0.1) is its last two words.
  const tailAt = text.lastIndexOf(':');
  const tail = text.slice(tailAt + 1);
  let head = text;
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === undefined || tailAt < 0) return undefined;
    head = `${text.slice(0, tailAt + 1)}${Math.floor(v4 / 0x10000).toString(16)}:${(v4 % 0x10000).toString(16)}`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':'));
  const [before, after] = [words(halves[0]), words(halves[1])];
  if (![...before, ...after].every((word) => hexWord.test(word))) return undefined;
  const missing = 8 - before.length - after.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...before, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...after].map((word) => Number.parseInt(word, 16));
}

/** An address written as DNS answers and URLs write them (IPv6 without brackets or a zone); undefined for anything else. */
export function parseIpAddress(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const words = text.includes(':') ? parseIpv6(text) : undefined;
  return words && { version: 6, words };
}

/** `a.b.c.d/bits` as a range of IPv4 numbers. */
const v4Range = (cidr: string) => {
  const [address = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = parseIpv4(address) ?? 0;
  return (value: number) => value >= start && value < start + size;
};

/**
 * IPv4 ranges that are not the public internet (IANA's special-purpose registry): this network,
 * private networks, shared address space (CGNAT), loopback, link-local, protocol assignments,
 * documentation, the 6to4 relay, benchmarking, multicast, and the reserved block with broadcast.
 */
export const nonPublicIpv4Ranges = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
] as const;

const nonPublicIpv4 = nonPublicIpv4Ranges.map(v4Range);

const isPublicIpv4 = (value: number) => !nonPublicIpv4.some((inRange) => inRange(value));

/** The IPv4 address carried in two words of an IPv6 one. */
const embedded = (high: number | undefined, low: number | undefined) => (high ?? 0) * 0x10000 + (low ?? 0);

/**
 * Only global unicast (2000::/3) reaches the internet, less its special blocks: IETF protocol
 * assignments and Teredo (2001::/23), documentation (2001:db8::/32, 3fff::/20), and 6to4 (2002::/16)
 * unless the IPv4 address it carries is public. Outside it, NAT64's well-known prefix (64:ff9b::/96)
 * stands for the IPv4 address it carries. The rest (::, ::1, IPv4-mapped and -compatible addresses,
 * unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8 …) is never public.
 */
function isPublicIpv6(words: readonly number[]): boolean {
  const [first = 0, second = 0] = words;
  if (first === 0x64 && second === 0xff9b && words.slice(2, 6).every((word) => word === 0)) return isPublicIpv4(embedded(words[6], words[7]));
  if (first < 0x2000 || first > 0x3fff) return false;
  if (first === 0x2001 && second < 0x200) return false;
  if (first === 0x2001 && second === 0xdb8) return false;
  if (first === 0x3fff && second < 0x1000) return false;
  if (first === 0x2002) return isPublicIpv4(embedded(words[1], words[2]));
  return true;
}

/** Whether the address is on the public internet: nothing on this machine, a private network or a reserved block. */
export const isPublicAddress = (address: IpAddress): boolean => (address.version === 4 ? isPublicIpv4(address.value) : isPublicIpv6(address.words));

/** This machine: 127.0.0.0/8 or ::1. */
export const isLoopbackAddress = (address: IpAddress): boolean =>
  address.version === 4 ? address.value >>> 24 === 127 : address.words.every((word, index) => word === (index === 7 ? 1 : 0));
