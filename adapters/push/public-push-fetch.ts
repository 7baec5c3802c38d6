import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, fetch } from 'undici';
import { isPushAddressAllowed, type PushEndpointOptions, pushEndpointProblem } from '../../domain/alerts/push-endpoint';
import type { PushFetch } from './web-push-sender';

/** Every address a name resolves to: the system's resolver, unless a test answers as DNS would. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true });

/** Refused before connecting: the endpoint, or what its name resolved to, is not a public host. */
class PushHostRefused extends Error {
  readonly code = 'EPUSHHOST';
}

/**
 * fetch for push endpoints on Node. The endpoint must keep the rule (domain/alerts/push-endpoint.ts); its
 * name is resolved as the connection is made, every address it resolves to must be public, and the
 * connection goes to an address so checked: a name that resolves to this machine or a private network
 * is never connected to, nor one that answers differently between a check and a connection.
 */
export function publicPushFetch({ resolve = systemResolve, ...rule }: PushEndpointOptions & { resolve?: Resolve } = {}): PushFetch {
  const checkedLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const refused = found.find(({ address }) => !isPushAddressAllowed(address, rule));
        const addresses = found.filter(({ family }) => !options.family || family === options.family);
        const first = addresses[0];
        if (refused !== undefined || first === undefined) {
          const why = refused === undefined ? `${hostname} has no address` : `${hostname} resolves to ${refused.address}, which is not a public address`;
          callback(new PushHostRefused(why), '');
        } else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
  // An address in the URL is never looked up, so the rule has judged it already.
  const dispatcher = new Agent({ connect: { lookup: checkedLookup } });
  return async (endpoint, init) => {
    const problem = pushEndpointProblem(endpoint, rule);
    if (problem !== undefined) throw new PushHostRefused(problem);
    return fetch(endpoint, { ...init, dispatcher });
  };
}
