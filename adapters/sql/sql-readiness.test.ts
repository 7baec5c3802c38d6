import { expect, test } from 'vitest';
import { fillDisk, freeDisk } from './full-disk.test-support';
import { knownMigrations, migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlReadiness } from './sql-readiness';

const probeTable = [{ table: 'write_probes' as const }];

for (const dialect of sqlDialects) {
  test(`${dialect}: ready while the database takes writes, not while its disk is full, and ready again once freed`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      const readiness = new SqlReadiness(db, { reuseMs: 0 });
      expect(await readiness.check()).toEqual({ ready: true });
      expect(await readiness.check()).toEqual({ ready: true });
      // The probe leaves nothing behind.
      expect(await db.selectFrom('write_probes').selectAll().execute()).toEqual([]);

      await fillDisk(db, probeTable);
      // Reads still work: only a write shows that the database cannot take a request.
      expect(await db.selectFrom('quote_requests').select('id').execute()).toEqual([]);
      const full = await readiness.check();
      expect(full).toEqual({
        ready: false,
        reason: 'database disk full',
        cause: dialect === 'sqlite' ? 'database or disk is full' : 'could not extend file: No space left on device',
      });

      await freeDisk(db, probeTable);
      expect(await readiness.check()).toEqual({ ready: true });
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: not ready while the database lacks a migration this version knows, as when another server has not migrated it yet`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      const newer = new SqlReadiness(db, { reuseMs: 0, known: [...knownMigrations, '099-from-a-newer-version'] });
      expect(await newer.check()).toEqual({
        ready: false,
        reason: 'database schema behind',
        cause: 'migrations not applied: 099-from-a-newer-version; a server of this version applies them as it starts',
      });
      expect(await new SqlReadiness(db, { reuseMs: 0 }).check()).toEqual({ ready: true });
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: not ready, as unreachable, once the database is gone`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db);
      const readiness = new SqlReadiness(db, { reuseMs: 0 });
      await db.destroy();
      expect(await readiness.check()).toMatchObject({ ready: false, reason: 'database unreachable' });
    } finally {
      await scratch.drop();
    }
  });
}

test('one check serves every caller for a second, then the database is asked again', async () => {
  const scratch = await scratchDatabase('sqlite');
  const db = scratch.open();
  try {
    await migrateToLatest(db);
    let time = 0;
    const readiness = new SqlReadiness(db, { clock: () => time });
    expect(await readiness.check()).toEqual({ ready: true });
    await fillDisk(db, probeTable);
    time += 999;
    expect(await readiness.check()).toEqual({ ready: true });
    time += 1;
    expect(await readiness.check()).toMatchObject({ ready: false, reason: 'database disk full' });
  } finally {
    await db.destroy();
    await scratch.drop();
  }
});
