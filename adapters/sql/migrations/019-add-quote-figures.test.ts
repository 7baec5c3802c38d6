import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { migrateToLatest } from '../migrate';
import { scratchDatabase, sqlDialects } from '../scratch-database.test-support';
import { SqlQuoteRepository } from '../sql-quote-repository';
import { migrationsBefore } from './tables-before-016.test-support';

const office = 'office@example.co.uk';
const boilerAndInsulation = [
  { description: 'Combi boiler fitted', quantity: 1, unitPence: 100_000, vat: 'standard' },
  { description: 'Loft insulation', quantity: 2.5, unitPence: 1_234, vat: 'reduced' },
];
const valve = [{ description: 'Radiator valve replaced', quantity: 1, unitPence: 9_999, vat: 'standard' }];

for (const dialect of sqlDialects) {
  test(`${dialect}: 019 keeps each request's quoted total and acceptance from the quote steps already logged`, async () => {
    const scratch = await scratchDatabase(dialect);
    const db = scratch.open();
    try {
      await migrateToLatest(db, migrationsBefore('019'));
      const repository = new SqlQuoteRepository(db, { notify: false });
      const [replaced, notRegistered, draft, none] = await Promise.all(['Replaced then accepted', 'Not VAT registered', 'Draft only', 'No quote'].map((name) => repository.insert(sampleQuote({ name }))));
      let minute = 0;
      const step = (quoteId: string, kind: string, data: object) =>
        db.insertInto('quote_activity').values({ id: crypto.randomUUID(), quote_id: quoteId, kind, by: office, at: new Date(Date.UTC(2026, 10, 20, 9, minute++)).toISOString(), data: JSON.stringify(data) }).execute();
      const written = (lines: object[], version: number, vatRegistered = true) => ({ version, lines, validUntil: '2026-12-20', vatRegistered, terms: '' });
      await step(replaced?.id ?? '', 'quote-written', written(boilerAndInsulation, 1));
      await step(replaced?.id ?? '', 'quote-sent', { version: 1 });
      await step(replaced?.id ?? '', 'quote-written', written(valve, 2));
      await step(replaced?.id ?? '', 'quote-sent', { version: 2 });
      await step(replaced?.id ?? '', 'quote-accepted', { version: 2, totalPence: 11_999, earlyStart: true });
      await step(notRegistered?.id ?? '', 'quote-written', written(boilerAndInsulation, 1, false));
      await step(notRegistered?.id ?? '', 'quote-sent', { version: 1 });
      await step(draft?.id ?? '', 'quote-written', written(valve, 1));

      await migrateToLatest(db);

      const figures = await db.selectFrom('quote_requests').select(['id', 'quoted_pence', 'quote_accepted_at']).execute();
      const of = (id: string | undefined) => {
        const row = figures.find((candidate) => candidate.id === id);
        return row && { quotedPence: row.quoted_pence, acceptedAt: row.quote_accepted_at === null ? null : new Date(row.quote_accepted_at).toISOString() };
      };
      expect(of(replaced?.id)).toEqual({ quotedPence: 11_999, acceptedAt: '2026-11-20T09:04:00.000Z' });
      // £1,000 and 2.5 × £12.34 = £30.85, no VAT.
      expect(of(notRegistered?.id)).toEqual({ quotedPence: 103_085, acceptedAt: null });
      expect(of(draft?.id)).toEqual({ quotedPence: null, acceptedAt: null });
      expect(of(none?.id)).toEqual({ quotedPence: null, acceptedAt: null });
      await expect(db.updateTable('quote_requests').set({ quoted_pence: -1 }).where('id', '=', none?.id ?? '').execute()).rejects.toThrow(/quote_requests_quoted_pence|CHECK/i);
      if (dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
      await scratch.drop();
    }
  });
}
