import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { DatabaseError, type Pool } from 'pg';
import {
  type IRateLimiterPostgresOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimit, RateLimitDecision } from './rate-limit';
import type { Logger } from '../../../domain/ports/logger';
import type { WireError } from '../../http-api/wire';
import { clientAddress } from './client-address';

/**
 * Where the counts live. Memory is per process; PostgreSQL lets several servers behind one address share
 * them, so a client cannot multiply its allowance by the number of servers. Every limit may share one
 * table: each keeps its rows apart by its name.
 */
export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; pool: Pool; tableName?: string };

export interface RateLimitOptions {
  /** Tells this limit's counts from the others' in a shared store: `quote-form`, `sign-in-email`. */
  name: string;
  /** Requests allowed per key in each window. */
  points: number;
  /** The window, which starts at a key's first request. */
  durationSeconds: number;
  store: RateLimitStore;
  logger: Logger;
  /** What the middleware counts by; by default the client's address (its /64 network for IPv6). */
  keyOf?: (c: Context) => string;
  /** For the default keyOf: whether X-Forwarded-For is our proxy's word (see clientAddress). */
  trustProxy?: boolean;
}

const namePattern = /^[a-z0-9-]{1,64}$/;
const tableNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Counts requests per key and refuses those over the limit. When the store fails (the database is
 * down) the request is let through and the failure logged: a visitor with a burst pipe whom we refuse
 * through our own fault calls a competitor, which costs more than some extra spam while the database
 * is down (when the form cannot store anything anyway).
 */
export function createRateLimit(options: RateLimitOptions): RateLimit {
  const { name, logger } = options;
  if (!namePattern.test(name)) throw new Error(`A rate limit's name must match ${namePattern}: ${name}`);
  const limiterOf = openLimiter(options);
  const keyOf = options.keyOf ?? ((c: Context) => networkOf(clientAddress(c, { trustProxy: options.trustProxy ?? false })));

  const consume = async (key: string): Promise<RateLimitDecision> => {
    try {
      await (await limiterOf()).consume(storedKey(key));
      return { allowed: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
      logger.error(`Rate limit ${name} could not count a request, so let it through`, refusal);
      return { allowed: true };
    }
  };

  return {
    consume,
    check: async (key) => {
      try {
        const used = await (await limiterOf()).get(storedKey(key));
        if (used === null || used.consumedPoints < options.points) return { allowed: true };
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(used.msBeforeNext / 1000)) };
      } catch (error) {
        logger.error(`Rate limit ${name} could not read a count, so let a request through`, error);
        return { allowed: true };
      }
    },
    refund: async (key) => {
      try {
        await (await limiterOf()).reward(storedKey(key), 1);
      } catch (error) {
        logger.error(`Rate limit ${name} could not give a point back`, error);
      }
    },
    reset: async (key) => {
      try {
        await (await limiterOf()).delete(storedKey(key));
      } catch (error) {
        logger.error(`Rate limit ${name} could not forget a key`, error);
      }
    },
    middleware: async (c, next) => {
      const decision = await consume(keyOf(c));
      if (decision.allowed) {
        await next();
        return;
      }
      const seconds = decision.retryAfterSeconds;
      const body = {
        error: 'rate-limited',
        message: `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or call us.`,
        retry_after_seconds: seconds,
      } satisfies WireError & { retry_after_seconds: number };
      return c.json(body, 429, { 'Retry-After': String(seconds) });
    },
  };
}

function openLimiter({ name, points, durationSeconds, store }: RateLimitOptions): () => Promise<RateLimiterAbstract> {
  const shared = { keyPrefix: name, points, duration: durationSeconds };
  if (store.kind === 'memory') {
    const limiter = new RateLimiterMemory(shared);
    return () => Promise.resolve(limiter);
  }
  const tableName = store.tableName ?? 'rate_limits';
  // The library puts the table's name into its SQL as it is.
  if (!tableNamePattern.test(tableName)) throw new Error(`A rate limit table's name must match ${tableNamePattern}`);
  const options = { ...shared, storeClient: store.pool, storeType: 'pool', tableName };
  let ready: Promise<RateLimiterAbstract> | undefined;
  // The library creates its table in the background and, until it has, refuses every count; if that
  // fails (the database is down at start) it never tries again. So we wait for it, and on failure start
  // afresh at the next request rather than failing open forever.
  return () =>
    (ready ??= openPostgresLimiter(options).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
}

async function openPostgresLimiter(options: IRateLimiterPostgresOptions, attemptsLeft = 3): Promise<RateLimiterPostgres> {
  try {
    return await new Promise((resolve, reject) => {
      const limiter = new RateLimiterPostgres(options, (error) => {
        if (error) reject(error);
        else resolve(limiter);
      });
    });
  } catch (error) {
    // Servers starting together all run CREATE TABLE IF NOT EXISTS, which PostgreSQL does not make
    // atomic: a loser may get "already exists" (42P07, 42710) once the winner's table is there. The
    // library forgives only the other form of it (23505).
    const lostTheRace = error instanceof DatabaseError && (error.code === '42P07' || error.code === '42710');
    if (lostTheRace && attemptsLeft > 1) return openPostgresLimiter(options, attemptsLeft - 1);
    throw error;
  }
}

/** What a client's requests are counted by: its address, or for IPv6 its /64 network. */
export const clientKey = (c: Context, trust: { trustProxy: boolean }): string => networkOf(clientAddress(c, trust));

/**
 * Hashed, so the table holds no visitor's address or email, and every key fits its 255 characters
 * whatever a caller counts by.
 */
const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * An IPv6 client usually has a whole /64 network to itself and can pick any address in it for each
 * request; counting addresses apart would give it 2^64 allowances.
 */
function networkOf(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${groups.join(':')}::/64`;
}
