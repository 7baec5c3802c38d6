import * as v from 'valibot';
import { isLoopbackAddress, isPublicAddress, parseIpAddress } from './ip-address';

// A push endpoint is an address the server (or the edge function) connects to on a staff member's
// word. Browsers' push services are public HTTPS hosts, so nothing else is taken: not this machine,
// not a private network, in whatever spelling the URL standard accepts for them. The URL parser
// already writes 0x7f000001, 2130706433, 0177.0.0.1 and 127.1 as 127.0.0.1, and IPv6 in one form.

const pushEndpointMaxLength = 2048;

export const pushEndpointMessages = {
  notAnAddress: "Endpoint must be the push service's address",
  tooLong: 'Endpoint is too long',
  notHttps: 'Endpoint must be an https address',
  credentials: 'Endpoint must not hold a user name or password',
  notPublic: 'Endpoint must be a push service on the internet, not this machine or a private network',
} as const;

/** Whether push endpoints on this machine (loopback) are taken too: for a push service run by tests, never in production. */
export interface PushEndpointOptions {
  allowLoopback?: boolean;
}

/** Names that never reach the internet: this machine, and the suffixes of local networks (RFC 6761, 6762, 8375). */
const localSuffixes = ['localhost', 'local', 'internal', 'lan', 'home.arpa'];

const isLocalName = (name: string) => !name.includes('.') || localSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));

/** A URL's host as DNS and the address parsers read it: no IPv6 brackets, no final dot. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/** Whether the host is this machine, by address or by the name that always means it. */
function isLoopbackHost(host: string): boolean {
  const address = parseIpAddress(host);
  return address ? isLoopbackAddress(address) : host === 'localhost' || host.endsWith('.localhost');
}

/** Why a push endpoint is not taken, or undefined when it is: an https address of a public host, without credentials. */
export function pushEndpointProblem(endpoint: string, { allowLoopback = false }: PushEndpointOptions = {}): string | undefined {
  if (endpoint.length > pushEndpointMaxLength) return pushEndpointMessages.tooLong;
  if (!URL.canParse(endpoint)) return pushEndpointMessages.notAnAddress;
  const url = new URL(endpoint);
  if (url.username !== '' || url.password !== '') return pushEndpointMessages.credentials;
  const host = hostOf(url);
  const onLoopback = allowLoopback && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(onLoopback && url.protocol === 'http:')) return pushEndpointMessages.notHttps;
  if (onLoopback) return undefined;
  const address = parseIpAddress(host);
  const isPublic = address ? isPublicAddress(address) : !isLocalName(host);
  return isPublic ? undefined : pushEndpointMessages.notPublic;
}

/**
 * Whether an address a push endpoint's name resolved to may be connected to: a public one, or with
 * `allowLoopback` this machine. Text that is not an address is not.
 */
export function isPushAddressAllowed(text: string, { allowLoopback = false }: PushEndpointOptions = {}): boolean {
  const address = parseIpAddress(text);
  return address !== undefined && (isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address)));
}

/** A push subscription's endpoint as the API and the stores take it, each refusal naming why. */
export const pushEndpointSchema = (options: PushEndpointOptions = {}) =>
  v.pipe(
    v.string('Endpoint must be text'),
    v.maxLength(pushEndpointMaxLength, pushEndpointMessages.tooLong),
    // Said once: a value too long is not judged again.
    v.check(
      (endpoint) => endpoint.length > pushEndpointMaxLength || pushEndpointProblem(endpoint, options) === undefined,
      (issue) => (typeof issue.input === 'string' ? pushEndpointProblem(issue.input, options) : undefined) ?? pushEndpointMessages.notAnAddress,
    ),
  );
