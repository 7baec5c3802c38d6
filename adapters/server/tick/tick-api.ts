import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Logger } from '../../../domain/ports/logger';
import type { WireError } from '../../http-api/wire';
import { bodyLimits, limitBody } from '../http/body-limit';

/** Where a scheduler asks the API to do, once, what our own server does on its timers. */
export const tickPath = '/api/tick';

export interface TickApiOptions {
  /** The secret the scheduler sends as its bearer token; at least 32 characters. */
  secret: string;
  /** Sends what waits in the outboxes, plans the alerts that fell due and purges what is past keeping: once. */
  tick: () => Promise<void>;
  logger: Logger;
}

const minimumSecretLength = 32;

/** Compared by their digests, in constant time: how long the answer takes tells nothing of the secret. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `POST /api/tick`, for a host with no timers of ours (Supabase runs the API only while a request is
 * served): its schedule posts here every minute with the tick secret. Anyone else is told 401 and
 * nothing is done.
 */
export function tickApi({ secret, tick, logger }: TickApiOptions) {
  if (secret.length < minimumSecretLength) throw new Error(`The tick secret must be at least ${String(minimumSecretLength)} characters`);
  const expected = digest(`Bearer ${secret}`);
  const api = new Hono();
  api.post('/', limitBody(bodyLimits.none), async (c) => {
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
      return c.json({ error: 'not-signed-in', message: 'The tick needs its secret' } satisfies WireError, 401);
    }
    try {
      await tick();
    } catch (error) {
      logger.error('The tick failed', error);
      return c.json({ error: 'storage-unavailable', message: 'The tick did not finish; the next one tries again' } satisfies WireError, 503);
    }
    return c.body(null, 204);
  });
  return api;
}
