// What the go-live check asks of the data: the database, the staff accounts, the push keys and the backups.
import { constants, statSync } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../adapters/sql/database';
import { appliedMigrations, knownMigrations } from '../../../adapters/sql/migrate';
import { listBackups } from '../../../adapters/sql/sqlite-backup';
import type { SqlSecretStore } from '../../../adapters/sql/sql-secret-store';
import type { SqlStaffStore } from '../../../adapters/sql/sql-staff-store';
import { parseVapidConfig, secretNames, vapidSubject } from '../../../adapters/push/vapid-keys';
import { firstStaffEmail } from '../../../adapters/server/staff/staff-accounts';
import { fail, type GoLiveItem, messageOf, pass, warn } from './go-live-item';

/** Reachable, and migrated to exactly what this version knows. */
export async function databaseItem(db: Kysely<Database>, where: string): Promise<GoLiveItem> {
  const label = 'Database';
  let applied: string[];
  try {
    applied = await appliedMigrations(db);
  } catch (error) {
    return fail(label, `${where} cannot be read: ${messageOf(error)}. Check DATA_DIR or DATABASE_URL`);
  }
  const pending = knownMigrations.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) return fail(label, `${where} was migrated by a newer version (${unknown.join(', ')}): run that version, or restore a backup made by this one`);
  if (pending.length > 0) return fail(label, `${where} lacks ${pending.length} migration(s) (${pending.join(', ')}): (re)start the server of this version, which applies them after a backup`);
  return pass(label, `${where}, migrated (${knownMigrations.at(-1) ?? 'none'})`);
}

/** Someone of the business's own can sign in: not only the account the first start made. */
export async function staffItem(staff: SqlStaffStore): Promise<GoLiveItem> {
  const label = 'Staff accounts';
  const accounts = await staff.listAccounts();
  const own = accounts.filter((email) => email !== firstStaffEmail);
  if (own.length > 0) {
    const extra = accounts.includes(firstStaffEmail) ? `; remove ${firstStaffEmail} once you have signed in with yours (npm run staff remove ${firstStaffEmail})` : '';
    return pass(label, `${own.length} of the business's own (${own.join(', ')})${extra}`);
  }
  return fail(label, `only ${accounts.length === 0 ? 'none yet' : firstStaffEmail}: make yours with npm run staff add you@your-business.co.uk (docs/staff-guide.md#staff-accounts)`);
}

/** A key pair to sign pushes with, and a subject Apple's push service takes (mailto: or https:, not localhost). */
export async function vapidItem(env: Readonly<Record<string, string | undefined>>, secrets: SqlSecretStore, siteUrl: string): Promise<GoLiveItem> {
  const label = 'Push keys (VAPID)';
  let config: ReturnType<typeof parseVapidConfig>;
  try {
    config = parseVapidConfig(env);
  } catch (error) {
    return fail(label, messageOf(error));
  }
  const subject = vapidSubject(config.subject, env, siteUrl);
  const where = config.keys ? 'set in VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY' : (await secrets.find(secretNames.vapidKeys)) === undefined ? undefined : 'kept in the database since the first start';
  if (where === undefined) return fail(label, 'none yet: start the server once (it makes a pair), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const url = URL.canParse(subject) ? new URL(subject) : undefined;
  const host = url?.protocol === 'mailto:' ? url.pathname.split('@')[1] : url?.hostname;
  if (url === undefined || !['mailto:', 'https:'].includes(url.protocol) || host === undefined || host === '' || /^(localhost|127\.|\[::1\])/.test(host)) {
    return fail(label, `the subject ${subject} is not a mailto: or https: address of the business, and Apple refuses pushes signed with it: set VAPID_SUBJECT (or NOTIFY_TO)`);
  }
  return pass(label, `${where}; subject ${subject}`);
}

const day = 24 * 60 * 60 * 1000;

/** SQLite: BACKUP_DIR set, writable, on another disk than DATA_DIR, with a backup from the last day. */
export async function backupItem(config: { DATA_DIR: string; BACKUP_DIR?: string | undefined; DATABASE_URL?: string | undefined }, now: Date): Promise<GoLiveItem> {
  const label = 'Backups';
  if (config.DATABASE_URL) return warn(label, 'PostgreSQL is backed up with pg_dump, which this check cannot see: make sure a timer runs it daily (docs/operations.md#backing-up-postgresql)');
  const dir = config.BACKUP_DIR;
  if (dir === undefined) return fail(label, 'BACKUP_DIR is not set: the server takes no daily backup. Set it to a folder on another disk');
  const writable = await access(dir, constants.W_OK).then(
    async () => {
      await rm(await mkdtemp(join(dir, '.go-live-check-')), { recursive: true });
      return true;
    },
    () => false,
  ).catch(() => false);
  if (!writable) return fail(label, `BACKUP_DIR (${dir}) does not exist or cannot be written: create it, owned by the service's user`);
  const newest = (await listBackups(dir))[0];
  if (newest === undefined || now.getTime() - newest.takenAt.getTime() > day + 60 * 60 * 1000) {
    return fail(label, `no backup in ${dir} from the last day: the server takes one about 10 seconds after it starts (is it running with BACKUP_DIR set?), or run npm run backup`);
  }
  const age = `newest ${newest.file}, ${Math.round((now.getTime() - newest.takenAt.getTime()) / 3_600_000)} h old`;
  if (statSync(dir).dev === statSync(config.DATA_DIR).dev) {
    return warn(label, `${age}; but BACKUP_DIR is on the same disk as DATA_DIR, and a backup there is lost with it: mount another disk there, and copy backups off the machine`);
  }
  return pass(label, `${age}, on another disk than DATA_DIR`);
}
