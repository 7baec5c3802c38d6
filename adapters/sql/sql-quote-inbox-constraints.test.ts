import { type Insertable, sql } from 'kysely';
import { expect, test } from 'vitest';
import { noteMaxLength } from '../../domain/activity/activity';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import type { QuoteNotesTable, QuoteStatusChangesTable } from './database';
import { sqlDialects } from './scratch-database.test-support';
import { withSqlStore } from './sql-store.test-support';

// The database keeps the inbox's rules even against writes that go around the adapter.

const quote = sampleQuote();

for (const dialect of sqlDialects) {
  test(`${dialect}: a status is one of the domain's, and only a request still new has no response time`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const { id } = await repository.insert(quote);
      const update = (set: { status?: string; responded_at?: string | null }) => db.updateTable('quote_requests').set(set).where('id', '=', id).execute();
      await expect(update({ status: 'pending', responded_at: '2024-05-01T09:10:00.000Z' })).rejects.toThrow('quote_requests_status');
      await expect(update({ status: 'contacted' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await expect(update({ responded_at: '2024-05-01T09:10:00.000Z' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await update({ status: 'contacted', responded_at: '2024-05-01T09:10:00.000Z' });
      await expect(update({ status: 'new' })).rejects.toThrow('quote_requests_responded_once_not_new');
      await update({ status: 'lost' });
    });
  });

  test(`${dialect}: a request cannot be stored without its due time and search text`, async () => {
    await withSqlStore(dialect, {}, async ({ db }) => {
      const insert = (values: Record<string, string>) =>
        sql`insert into quote_requests (id, created_at, name, phone, service_type, urgent, ${sql.join(Object.keys(values).map((key) => sql.ref(key)))})
            values ('q', '2024-05-01T09:00:00.000Z', 'Priya', '020 7946 0123', 'bathroom', ${false}, ${sql.join(Object.values(values))})`.execute(db);
      // SQLite could add these columns only with a default, which a trigger refuses.
      const missing = dialect === 'sqlite' ? 'quote_requests_inbox_columns' : /null value in column/;
      await expect(insert({ search_text: 'priya' })).rejects.toThrow(missing);
      await expect(insert({ due_at: '2024-05-01T11:00:00.000Z' })).rejects.toThrow(missing);
      await insert({ due_at: '2024-05-01T11:00:00.000Z', search_text: 'priya' });
      const { rows } = await sql<{ status: string }>`select status from quote_requests`.execute(db);
      expect(rows).toEqual([{ status: 'new' }]);
    });
  });

  test(`${dialect}: a note holds 1 to ${noteMaxLength} characters, and belongs to a stored request`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const { id } = await repository.insert(quote);
      const note = (change: Partial<Insertable<QuoteNotesTable>>) =>
        db
          .insertInto('quote_notes')
          .values({ id: crypto.randomUUID(), quote_id: id, text: 'Rang, no answer.', written_by: 'staff@example.co.uk', written_at: '2024-05-01T09:00:00.000Z', ...change })
          .execute();
      await expect(note({ text: '' })).rejects.toThrow('quote_notes_text_length');
      await expect(note({ text: 'x'.repeat(noteMaxLength + 1) })).rejects.toThrow('quote_notes_text_length');
      await expect(note({ written_by: '' })).rejects.toThrow('quote_notes_written_by_length');
      await expect(note({ quote_id: 'no-such-request' })).rejects.toThrow(/foreign key/i);
      // Characters, not bytes.
      await note({ text: 'é'.repeat(noteMaxLength) });
      await note({ text: 'x' });
      expect(await db.selectFrom('quote_notes').select('quote_id').execute()).toHaveLength(2);
    });
  });

  test(`${dialect}: a status change is between two different statuses of the domain's`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const { id } = await repository.insert(quote);
      const change = (values: Partial<Insertable<QuoteStatusChangesTable>>) =>
        db
          .insertInto('quote_status_changes')
          .values({ quote_id: id, from_status: 'new', to_status: 'contacted', changed_by: 'staff@example.co.uk', changed_at: '2024-05-01T09:00:00.000Z', ...values })
          .execute();
      await expect(change({ from_status: 'open' })).rejects.toThrow('quote_status_changes_from_status');
      await expect(change({ to_status: 'closed' })).rejects.toThrow('quote_status_changes_to_status');
      await expect(change({ to_status: 'new' })).rejects.toThrow('quote_status_changes_to_status');
      await expect(change({ changed_by: '' })).rejects.toThrow('quote_status_changes_changed_by_length');
      // A value only on a move to won, in range; a reason only on a move to lost, from the list.
      await expect(change({ won_pence: 100 })).rejects.toThrow('quote_status_changes_won_pence');
      await expect(change({ to_status: 'won', won_pence: -1 })).rejects.toThrow('quote_status_changes_won_pence');
      await expect(change({ to_status: 'won', won_pence: 100_000_001 })).rejects.toThrow('quote_status_changes_won_pence');
      await expect(change({ lost_reason: 'price' })).rejects.toThrow('quote_status_changes_lost_reason');
      await expect(change({ to_status: 'lost', lost_reason: 'too-dear' })).rejects.toThrow('quote_status_changes_lost_reason');
      await change({});
      // History and notes go with their request.
      await db.insertInto('quote_notes').values({ id: 'n', quote_id: id, text: 'x', written_by: 'staff@example.co.uk', written_at: '2024-05-01T09:00:00.000Z' }).execute();
      await repository.delete(id);
      expect(await db.selectFrom('quote_status_changes').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('quote_notes').select('id').execute()).toEqual([]);
    });
  });
}
