// `npm run check`: is this server ready to go live? Each item passes, blocks (✗) or is worth a look (!).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { business } from '../../../domain/business';
import { openPostgresDatabase, openSqliteDatabase } from '../../../adapters/sql/database';
import { databaseFileName } from '../../../adapters/sql/sqlite-backup';
import { SqlSecretStore } from '../../../adapters/sql/sql-secret-store';
import { SqlStaffStore } from '../../../adapters/sql/sql-staff-store';
import { readServerConfig, type ServerConfig } from '../../../adapters/server/server-config';
import { backupItem, databaseItem, staffItem, vapidItem } from './data-checks';
import { fail, type GoLiveItem, messageOf } from './go-live-item';
import { clockItem, diskItem } from './host-checks';
import { type CheckFetch, emailItems, serverItems, siteUrlItem } from './service-checks';

export interface GoLiveCheckDeps {
  fetch: CheckFetch;
  now: () => Date;
  /** Hand a test email to the mail server for NOTIFY_TO (`--send-test`). */
  sendTest: boolean;
  /** What `timedatectl show -p NTPSynchronized --value` prints, or undefined where it cannot run. */
  ntpSynchronized: () => Promise<string | undefined>;
}

/**
 * Checks the settings in `env` as the server reads them (server-config.ts), and what they point at:
 * the running server and its proxy, the database, the mail server, the backups, the disk and the clock.
 */
export async function runGoLiveCheck(env: Readonly<Record<string, string | undefined>>, deps: GoLiveCheckDeps): Promise<GoLiveItem[]> {
  let config: ServerConfig;
  try {
    config = readServerConfig(env);
  } catch (error) {
    return [fail('Settings', `${messageOf(error)}: the server would not start with them`)];
  }
  const siteUrl = config.SITE_URL ?? business.siteUrl;
  return [
    siteUrlItem(config),
    ...(await serverItems(config, deps.fetch)),
    ...(await dataItems(env, config, siteUrl)),
    ...(await emailItems(env, { sendTest: deps.sendTest, siteName: business.name })),
    await backupItem(config, deps.now()),
    await diskItem(config.DATA_DIR),
    clockItem(await deps.ntpSynchronized()),
  ];
}

async function dataItems(env: Readonly<Record<string, string | undefined>>, config: ServerConfig, siteUrl: string): Promise<GoLiveItem[]> {
  const file = join(config.DATA_DIR, databaseFileName);
  // Opening a SQLite file that is not there would make an empty one.
  if (!config.DATABASE_URL && !existsSync(file)) {
    return [fail('Database', `there is none at ${file}: check DATA_DIR, or start the server once to make it`)];
  }
  const db = config.DATABASE_URL ? openPostgresDatabase(config.DATABASE_URL) : openSqliteDatabase(file);
  try {
    const database = await databaseItem(db, config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : file);
    if (database.status === 'fail') return [database];
    return [database, await staffItem(new SqlStaffStore(db)), await vapidItem(env, new SqlSecretStore(db), siteUrl)];
  } finally {
    await db.destroy();
  }
}
