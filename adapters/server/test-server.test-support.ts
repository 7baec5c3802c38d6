import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { PageState } from '../http-api/page-state';
import { type Database, openPostgresDatabase, openSqliteDatabase } from '../sql/database';
import { migrateToLatest } from '../sql/migrate';
import { SqlQuoteRepository } from '../sql/sql-quote-repository';
import { createServerApp } from './app';
import type { RequestLogEntry } from './request-log';
import { type RunningServer, startServer } from './start-server';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated database of each kind, and how to throw it away. */
export const databases = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quotes-server-'));
    const db = openSqliteDatabase(join(dir, 'quotes.sqlite'));
    await migrateToLatest(db);
    return {
      db,
      drop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  },
  postgres: async () => {
    const schema = `test_server_${randomUUID().replaceAll('-', '')}`;
    const admin = openPostgresDatabase(postgresUrl);
    await admin.schema.createSchema(schema).execute();
    const db = openPostgresDatabase(postgresUrl, { schema });
    await migrateToLatest(db);
    return {
      db,
      drop: async () => {
        await admin.schema.dropSchema(schema).cascade().execute();
        await admin.destroy();
      },
    };
  },
} satisfies Record<string, () => Promise<{ db: Kysely<Database>; drop: () => Promise<void> }>>;

export interface TestServer extends RunningServer {
  db: Kysely<Database>;
  logs: RequestLogEntry[];
  /** What the page renderer was asked to render, in order. */
  rendered: { url: string; state: PageState }[];
  stop: () => Promise<void>;
}

/**
 * The real server app over a real database on an ephemeral port. Pages are rendered by a stand-in
 * that records what it was asked (the React renderer is the browser tests' business).
 */
export async function startTestServer(
  kind: keyof typeof databases,
  options: { renderDelayMs?: number; now?: () => Date } = {},
): Promise<TestServer> {
  const { db, drop } = await databases[kind]();
  const quotes = new SqlQuoteRepository(db, options.now ? { now: options.now } : {});
  const logs: RequestLogEntry[] = [];
  const rendered: TestServer['rendered'] = [];
  const app = createServerApp({
    quotes,
    notifier: { quoteSubmitted: () => Promise.resolve() },
    logger: { error: () => undefined },
    isReady: () => quotes.isReachable(),
    pages: {
      render: async (url, state) => {
        rendered.push({ url, state });
        if (options.renderDelayMs) await new Promise((resolve) => setTimeout(resolve, options.renderDelayMs));
        return { html: `<!doctype html><title>${url}</title>`, status: url === '/no-such-page' ? 404 : 200 };
      },
    },
    assetsDir: tmpdir(),
    writeLog: (entry) => logs.push(entry),
  });
  const server = await startServer(app, { host: '127.0.0.1', port: 0 });
  return {
    ...server,
    db,
    logs,
    rendered,
    stop: async () => {
      await server.close();
      // A test may have closed the database already, to see the server without it.
      await db.destroy().catch(() => undefined);
      await drop();
    },
  };
}
