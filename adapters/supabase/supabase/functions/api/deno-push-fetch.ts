import { isPushAddressAllowed, type PushEndpointOptions, pushEndpointProblem } from '../../../../../domain/alerts/push-endpoint.ts';
import { parseIpAddress } from '../../../../../domain/alerts/ip-address.ts';
import type { PushFetch } from '../../../../push/web-push-sender.ts';

/** Every A and AAAA record of a name; none when it has neither. */
async function addressesOf(hostname: string): Promise<string[]> {
  const answers = await Promise.allSettled([Deno.resolveDns(hostname, 'A'), Deno.resolveDns(hostname, 'AAAA')]);
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

/**
 * fetch for push endpoints in the edge function: the endpoint must keep the rule
 * (domain/alerts/push-endpoint.ts), and every address its name resolves to now must be public, or nothing is
 * sent. Deno's fetch resolves the name again as it connects, so unlike the Node server's this cannot
 * pin the address it checked: a name that changes its answer within that moment is not caught here.
 */
export function publicPushFetch(rule: PushEndpointOptions = {}): PushFetch {
  return async (endpoint, init) => {
    const problem = pushEndpointProblem(endpoint, rule);
    if (problem !== undefined) throw new Error(problem);
    const hostname = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
    if (parseIpAddress(hostname) === undefined) {
      const addresses = await addressesOf(hostname);
      if (addresses.length === 0) throw new Error(`${hostname} has no address`);
      const refused = addresses.find((address) => !isPushAddressAllowed(address, rule));
      if (refused !== undefined) throw new Error(`${hostname} resolves to ${refused}, which is not a public address`);
    }
    return fetch(endpoint, init);
  };
}
