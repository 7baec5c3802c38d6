import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { pageFormToken } from './form-token';
import { exited, listEveryRequest, quotesPath, staffCookie, startServer, stop } from './spawned-server';

const serverMain = fileURLToPath(new URL('../../dist/server/server-main.js', import.meta.url));

/** What a SQLite database holds that an upgrade could change: its tables and indexes, its migrations, its requests. */
function stateOf(file: string) {
  const db = new DatabaseSync(file);
  try {
    return {
      schema: db.prepare(`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by name`).all(),
      migrations: db.prepare('select name from kysely_migration order by name').all().map((row) => row.name),
      requests: db.prepare('select id, name from quote_requests order by id').all(),
    };
  } finally {
    db.close();
  }
}

test('a migration that fails halfway stops the real server before it listens, names itself and the backup, and changes nothing', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'quotes-upgrade-'));
  const backupDir = mkdtempSync(join(tmpdir(), 'quotes-upgrade-backups-'));
  const started: ChildProcess[] = [];
  try {
    const first = await startServer(dataDir, started);
    for (const name of ['Before Upgrade One', 'Before Upgrade Two']) {
      const response = await fetch(`${first.url}${quotesPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...toNamedFields(sampleQuote({ name })), ...(await pageFormToken(first.url)) }) });
      expect(response.status).toBe(201);
    }
    await stop(first.process, 'SIGTERM');

    // A database three migrations behind, where the first will fail halfway: 017 adds its column and
    // index, then finds the opt-out table it makes already there (made by hand, say, to try something).
    // 018, after it, only widens the outbox's CHECK, which leaves nothing that can fail halfway (and a
    // row around the CHECK would fail the backup's integrity check first); it and 019 (the report's
    // quote figures, taken off here with the report's index as it was before them) are rolled back with 017.
    const file = join(dataDir, 'quotes.sqlite');
    const db = new DatabaseSync(file);
    db.exec(`drop index quote_requests_report;
      alter table quote_requests drop column quoted_pence;
      alter table quote_requests drop column quote_accepted_at;
      create index quote_requests_report on quote_requests (created_at, urgent, status, responded_at, first_called_at, won_pence, review_asked_at, review_opened_at, referrer_host, utm_source, utm_medium, has_gclid, in_spam) where not in_spam;
      drop index quote_requests_service_due;
      alter table quote_requests drop column service_due_on;
      delete from kysely_migration where name in ('017-add-service-reminders', '018-add-quote-emails', '019-add-quote-figures');`);
    db.close();
    const before = stateOf(file);

    const child = spawn(process.execPath, [serverMain], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await exited(child);

    expect(child.exitCode).toBe(1);
    expect(stdout).not.toContain('"listening"');
    const [backup] = readdirSync(backupDir);
    expect(backup).toMatch(/^quotes-.*Z\.tar$/);
    expect(stderr).toContain('The server did not start: database migration 017-add-service-reminders failed: table reminder_opt_outs already exists');
    expect(stderr).toContain(`Nothing was changed`);
    expect(stderr).toContain(`A backup taken just before is at ${join(backupDir, backup ?? '')}.`);
    expect(stateOf(file)).toEqual(before);

    // With the cause removed, the next start migrates (after another backup) and every request is there.
    const repair = new DatabaseSync(file);
    repair.exec('drop table reminder_opt_outs');
    repair.close();
    const second = await startServer(dataDir, started, { BACKUP_DIR: backupDir });
    expect(second.log.some((line) => line.includes('"event":"backup-before-migration"'))).toBe(true);
    const listed = await listEveryRequest(second.url, await staffCookie(second.url));
    expect(listed.map(({ name }) => name).sort()).toEqual(['Before Upgrade One', 'Before Upgrade Two']);
    expect(stateOf(file).migrations).toEqual(expect.arrayContaining(['017-add-service-reminders', '018-add-quote-emails', '019-add-quote-figures']));
  } finally {
    for (const child of started) child.kill('SIGKILL');
    await Promise.all(started.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  }
});
