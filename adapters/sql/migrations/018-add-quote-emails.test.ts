import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteRepository } from '../sql-quote-repository';
import { migrationsBefore } from './tables-before-016.test-support';

for (const dialect of sqlDialects) {
  test(`${dialect}: 018 lets the outbox hold a priced quote's three emails, and keeps every request and email as it was`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db, migrationsBefore('018'));
      const stored = await new SqlQuoteRepository(db, { notify: true }).insert(sampleQuote({ name: 'Before Quotes', email: 'before.quotes@example.co.uk' }));
      const at = new Date('2026-12-01T10:00:00.000Z').toISOString();
      const email = (kind: string) => db.insertInto('notifications').values({ id: crypto.randomUUID(), quote_id: stored.id, kind, created_at: at, next_attempt_at: at }).execute();
      await expect(email('quote-sent')).rejects.toThrow(/notifications_kind|CHECK/i);
      const rows = async () => ({
        requests: await db.selectFrom('quote_requests').selectAll().orderBy('id').execute(),
        emails: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
      });
      const before = await rows();
      expect(before.emails.map(({ kind }) => kind).sort()).toEqual(['business', 'customer']);

      // Up to 018 and no further: a later migration's columns are not what this one kept.
      await migrateToLatest(db, migrationsBefore('019'));

      expect(await rows()).toEqual(before);
      for (const kind of ['quote-sent', 'quote-follow-up', 'quote-accepted']) await email(kind);
      // The kinds before it still go in; a kind no email is, and the same email twice for a request, do not.
      await email('service-reminder');
      await expect(email('quote-declined')).rejects.toThrow(/notifications_kind|CHECK/i);
      await expect(email('quote-sent')).rejects.toThrow(/unique|duplicate/i);
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
