// The PostgreSQL backup docs/operations.md documents, run as written: pg_dump of a database the
// product has written to, pg_restore into a new one, and the product finds every request there.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { listAll } from '../contracts/store-under-test.test-support';
import { openPostgresDatabase } from './database';
import { migrateToLatest } from './migrate';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';

const run = promisify(execFile);
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function urlOf(database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

test('a pg_dump of the database restores with pg_restore into a new one, where the product finds every request', async () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const [source, target] = [`test_backup_${suffix}`, `test_restore_${suffix}`];
  const admin = openPostgresDatabase(postgresUrl);
  const dumpDir = await mkdtemp(join(tmpdir(), 'quotes-pg-dump-'));
  try {
    // pg_dump refuses a server newer than itself: the tools must be of the server's major version or later.
    const { stdout: version } = await run('pg_dump', ['--version']);
    const { rows } = await sql<{ server_version_num: string }>`show server_version_num`.execute(admin);
    const serverMajor = Math.floor(Number(rows[0]?.server_version_num) / 10000);
    expect(Number(/(\d+)\.\d+/.exec(version)?.[1])).toBeGreaterThanOrEqual(serverMajor);

    await sql`create database ${sql.id(source)}`.execute(admin);
    await sql`create database ${sql.id(target)}`.execute(admin);
    const written = openPostgresDatabase(urlOf(source));
    let before;
    try {
      await migrateToLatest(written);
      const quotes = new SqlQuoteRepository(written, { notify: true });
      for (let n = 0; n < 25; n++) {
        await quotes.insert(sampleQuote({ name: `Amara Fitzgerald ${n}`, email: `amara.${n}@example.org`, urgent: n % 3 === 0 }));
      }
      before = await listAll(new SqlQuoteInbox(written), new Date());
    } finally {
      await written.destroy();
    }

    const dump = join(dumpDir, 'quotes.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, urlOf(source)]);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf(target)}`, dump]);

    const restored = openPostgresDatabase(urlOf(target));
    try {
      // As the server does at every start: the restored migrations record leaves nothing to apply.
      await migrateToLatest(restored);
      expect(before).toHaveLength(25);
      expect(await listAll(new SqlQuoteInbox(restored), new Date())).toEqual(before);
      const { rows: outbox } = await sql<{ count: string }>`select count(*) as count from notifications`.execute(restored);
      expect(Number(outbox[0]?.count)).toBe(50);
      // And the record of each address's confirmation, which holds back a second within the day.
      const { rows: confirmations } = await sql<{ count: string }>`select count(*) as count from customer_confirmations`.execute(restored);
      expect(Number(confirmations[0]?.count)).toBe(25);
    } finally {
      await restored.destroy();
    }
  } finally {
    await sql`drop database if exists ${sql.id(source)} with (force)`.execute(admin);
    await sql`drop database if exists ${sql.id(target)} with (force)`.execute(admin);
    await admin.destroy();
    await rm(dumpDir, { recursive: true, force: true });
  }
});
