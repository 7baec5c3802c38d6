import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteRepository } from '../sql-quote-repository';
import { migrationsBefore } from './tables-before-016.test-support';

for (const dialect of sqlDialects) {
  test(`${dialect}: 017 lets the outbox hold the two reminder emails, and keeps every request and email as it was`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db, migrationsBefore('017'));
      const stored = await new SqlQuoteRepository(db, { notify: true }).insert(sampleQuote({ name: 'Before Reminders', email: 'before@example.co.uk' }));
      const at = new Date('2026-05-01T10:00:00.000Z').toISOString();
      const reminder = (kind: string) => db.insertInto('notifications').values({ id: crypto.randomUUID(), quote_id: stored.id, kind, created_at: at, next_attempt_at: at }).execute();
      await expect(reminder('service-reminder')).rejects.toThrow(/notifications_kind|CHECK/i);
      const rows = async () => ({
        requests: (await db.selectFrom('quote_requests').selectAll().orderBy('id').execute()).map((row) =>
          // The column 017 adds is compared on its own below.
          Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'service_due_on')),
        ),
        emails: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
      });
      const before = await rows();

      // Up to 017 and no further: a later migration's columns are not what this one kept.
      await migrateToLatest(db, migrationsBefore('018'));

      expect(await rows()).toEqual(before);
      expect((await db.selectFrom('quote_requests').select('service_due_on').execute()).map(({ service_due_on }) => service_due_on)).toEqual([null]);
      await reminder('service-reminder');
      await reminder('service-reminder-again');
      // Still refuses a kind no email is, and the same email twice for a request.
      await expect(reminder('newsletter')).rejects.toThrow(/notifications_kind|CHECK/i);
      await expect(reminder('service-reminder')).rejects.toThrow(/unique|duplicate/i);
      await db.insertInto('reminder_opt_outs').values({ address_hash: 'a'.repeat(64), opted_out_at: at, reason: 'unsubscribed' }).execute();
      await expect(db.insertInto('reminder_opt_outs').values({ address_hash: 'b'.repeat(64), opted_out_at: at, reason: 'bored' }).execute()).rejects.toThrow(/reminder_opt_outs_reason|CHECK/i);
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
