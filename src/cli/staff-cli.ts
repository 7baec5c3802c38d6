// `npm run staff -- add <email>` | `remove <email>` | `list`: staff accounts from the command line,
// on the same database the server uses (DATA_DIR or DATABASE_URL).
import { createInterface } from 'node:readline/promises';
import { readServerConfig } from '../../adapters/server/server-config';
import { saveStaffAccount } from '../../adapters/server/staff/staff-accounts';
import { openPostgresDatabase, openSqliteDatabase } from '../../adapters/sql/database';
import { migrateOnStart, sqliteBackupBeforeUpgrade } from '../../adapters/sql/migrate-on-start';
import { SqlStaffStore } from '../../adapters/sql/sql-staff-store';
import { join } from 'node:path';

const print = (line: string) => process.stdout.write(`${line}\n`);
const usage = 'Usage: npm run staff -- add <email> | remove <email> | list';

/** Reads a password without showing it; from a pipe (automation), the first line. */
async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    throw new Error('No password on standard input');
  }
  process.stdout.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let typed = '';
  try {
    for await (const chunk of process.stdin) {
      for (const character of String(chunk)) {
        if (character === '\u0003') throw new Error('Cancelled');
        if (character === '\r' || character === '\n') return typed;
        typed = character === '\u007f' || character === '\b' ? typed.slice(0, -1) : typed + character;
      }
    }
    return typed;
  } finally {
    process.stdin.setRawMode(false);
    process.stdin.pause();
    process.stdout.write('\n');
  }
}

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  const config = readServerConfig(process.env);
  const db = config.DATABASE_URL
    ? openPostgresDatabase(config.DATABASE_URL)
    : openSqliteDatabase(join(config.DATA_DIR, 'quotes.sqlite'));
  try {
    // Run before the upgraded server's first start, it migrates as that start would: after a backup.
    await migrateOnStart(db, {
      backup: config.DATABASE_URL ? undefined : sqliteBackupBeforeUpgrade({ dataDir: config.DATA_DIR, backupDir: config.BACKUP_DIR, passphrase: config.BACKUP_PASSPHRASE }),
      logger: console,
      writeLine: (line) => process.stdout.write(`${line}\n`),
    });
    const store = new SqlStaffStore(db);
    if (command === 'add' && email) {
      const password = await readPassword(`New password for ${email}: `);
      if (process.stdin.isTTY && (await readPassword('Type it again: ')) !== password) {
        console.error('The two passwords differ; nothing was changed.');
        return 1;
      }
      const outcome = await saveStaffAccount(store, email, password);
      print(`Staff account ${email.trim().toLowerCase()} ${outcome}.${outcome === 'updated' ? ' Its sessions have ended.' : ''}`);
      return 0;
    }
    if (command === 'remove' && email) {
      const removed = await store.removeAccount(email.trim().toLowerCase());
      print(removed ? `Staff account ${email} removed; its sessions have ended.` : `There is no staff account ${email}.`);
      return removed ? 0 : 1;
    }
    if (command === 'list') {
      const accounts = await store.listAccounts();
      print(accounts.length > 0 ? accounts.join('\n') : 'No staff accounts yet.');
      return 0;
    }
    console.error(usage);
    return 2;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
