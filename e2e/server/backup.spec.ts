import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { listEveryRequest, quotesPath, staffCookie, startServer, stop } from './spawned-server';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const passphrase = 'the drill passphrase, kept in a safe';
const senders = 3;
/** The backup begins once this many requests are acknowledged; the senders carry on through it. */
const backupAfterAcknowledged = 150;

/** Runs `npm run <script> -- ...args` as an owner would, with SQLite in the given environment. */
function npmRun(script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL; // SQLite in DATA_DIR, whatever the shell has set, unless the test says otherwise
  Object.assign(childEnv, env);
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: repository, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

test('the drill: a backup taken under steady writes restores into a new DATA_DIR with every request acknowledged before it began', async () => {
  test.setTimeout(120_000);
  const scratch = mkdtempSync(join(tmpdir(), 'quotes-drill-'));
  const dataDir = join(scratch, 'data');
  const backupDir = join(scratch, 'backups');
  const ownBackups = join(scratch, 'daily');
  const restoredDir = join(scratch, 'restored');
  const started: ChildProcess[] = [];
  try {
    // With PostgreSQL there is no file to copy: the command says to use pg_dump, and writes nothing.
    const postgres = await npmRun('backup', [backupDir], { DATABASE_URL: 'postgres://quotes@db.internal/quotes' });
    expect(postgres.output).toContain('The database is PostgreSQL (DATABASE_URL is set): back it up with');
    expect(postgres.output).toContain('pg_dump --format=custom');
    expect(postgres.code).toBe(1);
    expect(existsSync(backupDir)).toBe(false);

    // The live server also keeps its own daily backups, the first soon after it starts.
    const live = await startServer(dataDir, started, { BACKUP_DIR: ownBackups, BACKUP_PASSPHRASE: passphrase });

    const acknowledged: string[] = [];
    const refused: string[] = [];
    let backupStarted: Promise<{ code: number | null; output: string }> | undefined;
    let acknowledgedBeforeBackup: string[] = [];
    let sending = true;
    const send = async (sender: number) => {
      for (let n = 1; sending; n++) {
        const response = await fetch(`${live.url}${quotesPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(toNamedFields(sampleQuote({ name: `Drill ${sender}-${n}`, email: null, description: 'Backup drill' }))),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        else refused.push(`${response.status} ${await response.text()}`);
        if (backupStarted === undefined && acknowledged.length >= backupAfterAcknowledged) {
          acknowledgedBeforeBackup = [...acknowledged];
          backupStarted = npmRun('backup', [backupDir], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: passphrase });
          void backupStarted.finally(() => (sending = false));
        }
      }
    };
    await Promise.all(Array.from({ length: senders }, (_, sender) => send(sender + 1)));
    const backup = await (backupStarted ?? Promise.reject(new Error('the backup never started')));
    expect(backup.output).toMatch(/^Backed up \d+ quote requests and 0 other files to .*quotes-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.age, encrypted with BACKUP_PASSPHRASE\.$/m);
    expect(backup.code).toBe(0);
    expect(refused).toEqual([]);
    const [file, ...others] = readdirSync(backupDir);
    expect(others).toEqual([]);
    const backupFile = join(backupDir, file ?? '');
    const writtenDuringBackup = acknowledged.length - acknowledgedBeforeBackup.length;
    test.info().annotations.push({
      type: 'drill',
      description: `${acknowledgedBeforeBackup.length} requests acknowledged before the backup began, ${writtenDuringBackup} more while it ran`,
    });

    // The live server's database is in use: restoring over it is refused, and it keeps every request.
    const overLive = await npmRun('restore', [backupFile], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: passphrase });
    expect(overLive.output).toContain('is in use: a server (or another program) has it open');
    expect(overLive.code).toBe(1);
    expect((await listEveryRequest(live.url, await staffCookie(live.url))).length).toBe(acknowledged.length);

    // A wrong passphrase opens nothing and leaves nothing behind.
    const wrong = await npmRun('restore', [backupFile, '--data-dir', restoredDir], { BACKUP_PASSPHRASE: 'not the passphrase of this backup' });
    expect(wrong.output).toContain('does not open this backup');
    expect(wrong.code).toBe(1);
    expect(existsSync(restoredDir)).toBe(false);

    const restore = await npmRun('restore', [backupFile, '--data-dir', restoredDir], { BACKUP_PASSPHRASE: passphrase });
    // The schema is the newest migration's name, whichever that is.
    expect(restore.output).toMatch(/The backup passed its checks \(integrity ok, schema \d{3}-[a-z-]+, 0 other files\)/);
    expect(restore.code).toBe(0);

    const second = await startServer(restoredDir, started);
    const listed = new Set((await listEveryRequest(second.url, await staffCookie(second.url))).map(({ id }) => id));
    expect(acknowledgedBeforeBackup.filter((id) => !listed.has(id))).toEqual([]);
    // Nothing appears that was never acknowledged.
    expect([...listed].filter((id) => !acknowledged.includes(id))).toEqual([]);

    // Restoring under the restored server is refused too.
    const underSecond = await npmRun('restore', [backupFile, '--data-dir', restoredDir], { BACKUP_PASSPHRASE: passphrase });
    expect(underSecond.code).toBe(1);
    await stop(second.process, 'SIGTERM');

    // Meanwhile the live server has taken its own first backup, and named it by the time.
    await expect.poll(() => (existsSync(ownBackups) ? readdirSync(ownBackups) : []), { timeout: 30_000 }).toEqual([
      expect.stringMatching(/^quotes-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.age$/),
    ]);
    await stop(live.process, 'SIGTERM');
  } finally {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  }
});
