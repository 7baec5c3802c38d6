// Our Node server's parts of the shared composition (adapters/server/compose/): what only this host has.
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Pool } from 'pg';
import { business } from '../../domain/business';
import { publicPushFetch } from '../../adapters/push/public-push-fetch';
import { composeHost } from '../../adapters/server/compose/compose-host';
import type { RateLimitStore } from '../../adapters/server/http/rate-limits';
import type { ServerConfig } from '../../adapters/server/server-config';
import type { Database } from '../../adapters/sql/database';

/** The host over its database, as server-main.ts runs it; `close` ends what it opened beside the database. */
export async function composeNodeHost(db: Kysely<Database>, config: ServerConfig, env: Readonly<Record<string, string | undefined>>) {
  // Several servers on one PostgreSQL share their counts there; a single SQLite server keeps them in memory.
  const limitPool = config.DATABASE_URL ? new Pool({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 5000 }) : undefined;
  limitPool?.on('error', (error) => console.error('Rate limit database connection failed', error));
  const limitStore: RateLimitStore = limitPool ? { kind: 'postgres', pool: limitPool } : { kind: 'memory' };
  const photoDir = config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'photos');
  const host = await composeHost(
    db,
    { config, env },
    {
      // Pushes reach public HTTPS hosts only, each address pinned as checked; this machine too only when the tests' switch is set.
      publicPushFetch,
      allowLoopbackPush: config.PUSH_ALLOW_LOOPBACK_FOR_TESTS,
      limitStore,
      trustProxy: config.TRUST_PROXY,
      // This server answers the review links, and shows the page that stops them, at the site's own address.
      reviewLinks: { apiAt: () => new URL(config.SITE_URL ?? business.siteUrl).origin, stopOnCustomerPage: false },
      photoDir,
      now: () => new Date(),
    },
  );
  return {
    ...host,
    close: async () => {
      host.email.close();
      await limitPool?.end();
    },
  };
}
