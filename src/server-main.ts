// The server's composition root: configuration, database, adapters, and a clean stop on SIGTERM.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '../adapters/http-api/wire';
import { createServerApp } from '../adapters/server/app';
import { LogNotifier } from '../adapters/server/log-notifier';
import { readServerConfig } from '../adapters/server/server-config';
import { startServer } from '../adapters/server/start-server';
import { openPostgresDatabase, openSqliteDatabase } from '../adapters/sql/database';
import { migrateToLatest } from '../adapters/sql/migrate';
import { SqlQuoteRepository } from '../adapters/sql/sql-quote-repository';
import type { Backend } from './backends/backend';
import { createPageRenderer } from './entry-server';

const config = readServerConfig(process.env);
const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
const writeLine = (line: string) => process.stdout.write(`${line}\n`);

const db = config.DATABASE_URL
  ? openPostgresDatabase(config.DATABASE_URL)
  : openSqliteDatabase(join(config.DATA_DIR, 'quotes.sqlite'));
await migrateToLatest(db);

const quotes = new SqlQuoteRepository(db);
const backend: Backend = {
  quotes,
  notifier: new LogNotifier(writeLine),
  logger: console,
  quoteFormAction: apiPaths.quoteRequests,
};
const app = createServerApp({
  ...backend,
  isReady: () => quotes.isReachable(),
  pages: createPageRenderer(backend, await readFile(join(clientDir, 'index.html'), 'utf8')),
  assetsDir: clientDir,
  writeLog: (entry) => writeLine(JSON.stringify(entry)),
});

const server = await startServer(app, { host: config.HOST, port: config.PORT });
writeLine(
  JSON.stringify({
    event: 'listening',
    url: server.url,
    database: config.DATABASE_URL ? 'postgresql' : `sqlite in ${config.DATA_DIR}`,
  }),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  writeLine(JSON.stringify({ event: 'stopping', signal }));
  await server.close();
  await db.destroy();
  writeLine(JSON.stringify({ event: 'stopped' }));
};
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));
