// `npm run backup [DIR]`: a backup of DATA_DIR, taken while the server runs, into DIR (or BACKUP_DIR).
// `npm run restore -- FILE [--data-dir DIR]`: puts a backup back, once it is checked, with the server stopped.
// Both seal and open backups with BACKUP_PASSPHRASE when it is set: an age file, as README.md (Backups) says.
import { createInterface } from 'node:readline/promises';
import { readServerConfig } from '../../adapters/server/server-config';
import { knownMigrations } from '../../adapters/sql/migrate';
import { type RowCounts, takeSqliteBackup } from '../../adapters/sql/sqlite-backup';
import { type RestorePlan, restoreSqliteBackup } from '../../adapters/sql/sqlite-restore';

const print = (line: string) => process.stdout.write(`${line}\n`);
const usage = 'Usage: npm run backup [DIR] | npm run restore -- FILE [--data-dir DIR]';

const postgresBackup = [
  'The database is PostgreSQL (DATABASE_URL is set): back it up with PostgreSQL\'s own tools, as docs/operations.md (Backing up PostgreSQL) says:',
  '  pg_dump --format=custom --file="quotes-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump" "$DATABASE_URL"',
  'and restore a dump into an empty database with:',
  '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" FILE.dump',
].join('\n');

const labels: Record<keyof RowCounts, string> = {
  quote_requests: 'quote requests',
  quote_notes: 'notes',
  quote_status_changes: 'status changes',
  notifications: 'notification emails',
  staff_accounts: 'staff accounts',
  push_devices: 'alert devices',
};

function describePlan(plan: RestorePlan): string {
  const rows = Object.entries(labels).map(([table, label]) => {
    const key = table as keyof RowCounts;
    const now = plan.current === undefined ? '-' : String(plan.current[key]);
    return `  ${label.padEnd(20)} ${String(plan.backup[key]).padStart(10)} ${now.padStart(10)}`;
  });
  return [
    `The backup passed its checks (integrity ok, schema ${plan.schemaVersion}, ${plan.otherFiles.length} other files).`,
    `  ${''.padEnd(20)} ${'backup'.padStart(10)} ${'now'.padStart(10)}`,
    ...rows,
  ].join('\n');
}

async function confirm(plan: RestorePlan): Promise<boolean> {
  print(describePlan(plan));
  // From a script (no terminal) the checks are the gate; a person is asked.
  if (!process.stdin.isTTY) return true;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question('Replace the database with the backup? [y/N] ')).trim());
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = readServerConfig(process.env);
  if (command === 'backup' && rest.length <= 1) {
    if (config.DATABASE_URL) {
      console.error(postgresBackup);
      return 1;
    }
    const backupDir = rest[0] ?? config.BACKUP_DIR;
    if (backupDir === undefined) {
      console.error(`Say where to put the backup: npm run backup DIR, or set BACKUP_DIR.\n${usage}`);
      return 2;
    }
    const taken = await takeSqliteBackup({ dataDir: config.DATA_DIR, backupDir, passphrase: config.BACKUP_PASSPHRASE });
    const sealed = config.BACKUP_PASSPHRASE ? ', encrypted with BACKUP_PASSPHRASE' : '';
    print(`Backed up ${taken.counts.quote_requests} quote requests and ${taken.otherFiles} other files to ${taken.file}${sealed}.`);
    return 0;
  }
  if (command === 'restore') {
    const [file, option, dataDir = config.DATA_DIR] = rest;
    if (file === undefined || (option !== undefined && (option !== '--data-dir' || rest.length !== 3))) {
      console.error(usage);
      return 2;
    }
    if (config.DATABASE_URL) {
      console.error(postgresBackup);
      return 1;
    }
    const { restored } = await restoreSqliteBackup({ file, dataDir, passphrase: config.BACKUP_PASSPHRASE, knownMigrations, confirm });
    print(restored ? `Restored ${file} into ${dataDir}. Start the server.` : 'Nothing was changed.');
    return restored ? 0 : 1;
  }
  console.error(usage);
  return 2;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`${error instanceof Error ? error.message : String(error)}\nNothing was changed.`);
    process.exitCode = 1;
  },
);
