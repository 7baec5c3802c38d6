import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, vi } from 'vitest';
import { startDailyBackups } from './backup-schedule';
import { tempDir } from './backup.test-support';
import { openSqliteDatabase } from './database';
import { migrateToLatest } from './migrate';
import { backupFileName } from './sqlite-backup';

async function dataDirWithDatabase(): Promise<string> {
  const dataDir = await tempDir('data');
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  await migrateToLatest(db);
  await db.destroy();
  return dataDir;
}

const backupsIn = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.tar')).sort();

test('the server takes a backup soon after it starts, another a day later, and keeps BACKUP_KEEP of them', async () => {
  const dataDir = await dataDirWithDatabase();
  const backupDir = await tempDir('backups');
  for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) await writeFile(join(backupDir, backupFileName(new Date(`${day}T03:00:00Z`), false)), 'old');
  await writeFile(join(backupDir, 'README.txt'), 'not a backup');
  let now = new Date('2026-11-23T09:00:00Z');
  const lines: string[] = [];
  const logger = { error: vi.fn() };
  const backups = startDailyBackups({ dataDir, backupDir, keep: 2, logger, writeLine: (line) => lines.push(line), now: () => now, firstLookMs: 1, lookEveryMs: 20 });
  try {
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ event: 'backup', file: join(backupDir, 'quotes-2026-11-23T09-00-00Z.tar'), pruned: 2 });
    now = new Date('2026-11-24T08:59:00Z');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines).toHaveLength(1);
    now = new Date('2026-11-24T09:00:00Z');
    await vi.waitFor(() => expect(lines).toHaveLength(2));
  } finally {
    await backups.stop();
  }
  expect(await backupsIn(backupDir)).toEqual(['quotes-2026-11-23T09-00-00Z.tar', 'quotes-2026-11-24T09-00-00Z.tar']);
  expect(await readdir(backupDir)).toContain('README.txt');
  expect(logger.error).not.toHaveBeenCalled();
});

test('a failed backup is logged loudly and tried again at the next look', async () => {
  const dataDir = await tempDir('data');
  const backupDir = await tempDir('backups');
  const logger = { error: vi.fn() };
  const lines: string[] = [];
  const backups = startDailyBackups({ dataDir, backupDir, keep: 14, logger, writeLine: (line) => lines.push(line), firstLookMs: 1, lookEveryMs: 20 });
  try {
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalled());
    expect(logger.error.mock.calls[0]?.[0]).toMatch(/^BACKUP FAILED: no backup was written to /);
    expect(lines).toEqual([]);
    // The database appears (the server had not made it yet): the next look takes the backup.
    await mkdir(dataDir, { recursive: true });
    const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
    await migrateToLatest(db);
    await db.destroy();
    await vi.waitFor(() => expect(lines).toHaveLength(1));
  } finally {
    await backups.stop();
  }
  expect(await backupsIn(backupDir)).toHaveLength(1);
});
