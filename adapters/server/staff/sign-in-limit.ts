import type { RateLimit } from '../http/rate-limit';
import type { SignInLimit } from './staff-api';

/** The two counts of failed sign-ins; see docs/decisions/013-sign-in-without-lockout.md. */
export interface SignInLimits {
  /** Failures of one client on one email: tight, and forgotten once that client signs in to it. */
  perClientAndEmail: RateLimit;
  /** Failures of one client on any email: looser, so one client cannot try many accounts. */
  perClient: RateLimit;
}

/**
 * Only failures count. Each attempt is counted as it comes and refunded once its password proves
 * right: counting after the (slow) password check would let a burst of attempts sent together all
 * pass before any of them was counted.
 */
export function signInLimit({ perClientAndEmail, perClient }: SignInLimits): SignInLimit {
  const pairKey = (client: string, email: string) => `${client} ${email}`;
  return {
    attempt: async (client, email) => {
      const counts = [
        { limit: perClientAndEmail, key: pairKey(client, email) },
        { limit: perClient, key: client },
      ];
      const decisions = await Promise.all(counts.map(({ limit, key }) => limit.consume(key)));
      const waits = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
      if (waits.length === 0) return { allowed: true };
      // An attempt refused unchecked is no failure: give back what it took from the counts that let it through.
      await Promise.all(counts.filter((_, index) => decisions[index]?.allowed).map(({ limit, key }) => limit.refund(key)));
      return { allowed: false, retryAfterSeconds: Math.max(...waits) };
    },
    succeeded: async (client, email) => {
      await Promise.all([perClientAndEmail.reset(pairKey(client, email)), perClient.refund(client)]);
    },
  };
}
