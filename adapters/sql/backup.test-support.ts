import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { listAll } from '../contracts/store-under-test.test-support';
import { openSqliteDatabase } from './database';
import { SqlQuoteInbox } from './sql-quote-inbox';

/** A fresh directory for the running test, removed when that test finishes (after anything registered later). */
export async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `quotes-${label}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The ids of every request held by the SQLite database in a DATA_DIR, sorted. */
export async function storedIds(dataDir: string): Promise<string[]> {
  const db = openSqliteDatabase(join(dataDir, 'quotes.sqlite'));
  try {
    return (await listAll(new SqlQuoteInbox(db), new Date())).map(({ id }) => id).sort();
  } finally {
    await db.destroy();
  }
}
