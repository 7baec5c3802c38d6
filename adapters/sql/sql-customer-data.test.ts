import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect, test } from 'vitest';
import type { StaffStep } from '../../domain/activity/activity';
import { customerDataContract } from '../contracts/customer-data.test-support';
import { recorded } from '../contracts/recorded-step.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { type Database, type SqlDialectName } from './database';
import { sqlDialects } from './scratch-database.test-support';
import { SqlCustomerData } from './sql-customer-data';
import { makeSqlStore, withSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  customerDataContract(`SqlCustomerData on ${dialect}`, async ({ now }) => {
    const store = await makeSqlStore(dialect, { now });
    return { ...store, customerData: new SqlCustomerData(store.db) };
  });
}

/** Every text-like column of every table in the database: where a person's details could hide. */
async function textColumns(db: Kysely<Database>, dialect: SqlDialectName): Promise<{ table: string; column: string }[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying') order by 1, 2`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'quote_requests_search%' and name not like 'sqlite_%'`.execute(db);
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
    columns.push(...rows.filter((row) => row.type.toLowerCase() === 'text' || row.type === '').map((row) => ({ table: name, column: row.name })));
  }
  return columns;
}

/** The rows, table by table, whose text holds any of `needles` (compared lower-cased). */
async function rowsHolding(db: Kysely<Database>, dialect: SqlDialectName, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db, dialect)) {
    for (const needle of needles) {
      const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${sql.table(table)} where lower(${sql.ref(column)}) like ${`%${needle}%`}`.execute(db);
      if (Number(rows[0]?.total) > 0) found.push(`${table}.${column} holds ${needle}`);
    }
  }
  return found;
}

/** The SHA-256 under which the confirmations' limit keeps an address (trimmed, lower-cased). */
const hashOf = (address: string) => createHash('sha256').update(address).digest('hex');

/** The hashed addresses whose last confirmation is on record, sorted. */
async function confirmationHashes(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('customer_confirmations').select('address_hash').orderBy('address_hash').execute()).map(({ address_hash }) => address_hash);
}

for (const dialect of sqlDialects) {
  test(`${dialect}: erasing a customer leaves no row in any table that refers to their requests or holds their details`, async () => {
    const at = '2024-05-01T09:00:00.000Z';
    await withSqlStore(dialect, { now: () => new Date(at), notify: true }, async ({ db, repository, inbox }) => {
      const theirs = await repository.insert(sampleQuote({ name: 'Erin Gone', email: 'erin.gone@example.co.uk', phone: '07700 900456', description: 'Leak under the sink' }));
      const kept = await repository.insert(sampleQuote({ name: 'Kim Kept', email: 'kim@example.co.uk', phone: '020 7946 0111' }));
      for (const quote of [theirs, kept]) {
        const step = (taken: StaffStep) => recorded(inbox, { id: quote.id, step: taken, by: 'sam@se1plumbing.example', at: new Date(at) });
        await step({ kind: 'note', text: `Note on ${quote.name}` });
        await step({ kind: 'call-attempted' });
        await step({ kind: 'status-moved', from: 'new', to: 'contacted' });
        await db.insertInto('alert_records').values({ quote_id: quote.id, step: 'new', at, recipients: '["sam@se1plumbing.example"]', everyone: true }).execute();
        await db
          .insertInto('alert_deliveries')
          .values({ id: crypto.randomUUID(), quote_id: quote.id, step: 'new', channel: 'webhook', device_id: null, created_at: at, next_attempt_at: at })
          .execute();
      }
      await db.updateTable('notifications').set({ sent_at: at, attempts: 1 }).where('quote_id', '=', theirs.id).where('kind', '=', 'business').execute();

      const customerData = new SqlCustomerData(db);
      const found = await customerData.findCustomerData({ email: 'erin.gone@example.co.uk', phone: null });
      expect(found.emails.map(({ kind, to, sentAt, attempts }) => ({ kind, to, sentAt, attempts }))).toEqual([
        { kind: 'business', to: 'the business inbox', sentAt: new Date(at), attempts: 1 },
        { kind: 'customer', to: 'erin.gone@example.co.uk', sentAt: null, attempts: 0 },
      ]);
      expect(found.requests[0]?.alerts).toHaveLength(1);
      expect(found.requests[0]?.callAttempts).toEqual([{ by: 'sam@se1plumbing.example', at: new Date(at) }]);

      const needles = ['erin.gone@example.co.uk', 'erin gone', '900456', theirs.id];
      expect(await rowsHolding(db, dialect, needles)).toEqual(expect.arrayContaining([`quote_activity.quote_id holds ${theirs.id}`, 'quote_activity.data holds erin gone']));
      const others = await rowsHolding(db, dialect, ['kim@example.co.uk', kept.id]);
      expect(await confirmationHashes(db)).toEqual([hashOf('erin.gone@example.co.uk'), hashOf('kim@example.co.uk')].sort());
      expect(await customerData.eraseCustomerData({ email: null, phone: '+44 7700 900456' })).toEqual({ requests: 1, steps: 4, emails: 2, alerts: 2 });
      expect(await rowsHolding(db, dialect, needles)).toEqual([]);
      // Found by their phone number, their address's record of confirmations went too; Kim's stays.
      expect(await confirmationHashes(db)).toEqual([hashOf('kim@example.co.uk')]);
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ total: number }>`select count(*) as total from quote_requests_search where quote_requests_search match '"900456"'`.execute(db);
        expect(rows[0]?.total).toBe(0);
      }
      // Everyone else's rows are all still there.
      expect(await rowsHolding(db, dialect, ['kim@example.co.uk', kept.id])).toEqual(others);
    });
  });
}

for (const dialect of sqlDialects) {
  test(`${dialect}: erasing by email forgets when a confirmation went there, even once their requests are gone`, async () => {
    await withSqlStore(dialect, { notify: true }, async ({ db, repository }) => {
      const stored = await repository.insert(sampleQuote({ email: 'Nell.Early@example.co.uk' }));
      await repository.insert(sampleQuote({ email: 'other@example.co.uk' }));
      await repository.delete(stored.id);
      expect(await confirmationHashes(db)).toContain(hashOf('nell.early@example.co.uk'));

      const customerData = new SqlCustomerData(db);
      expect(await customerData.findCustomerData({ email: 'nell.early@example.co.uk', phone: null })).toEqual({ requests: [], emails: [] });
      expect((await customerData.eraseCustomerData({ email: 'nell.early@example.co.uk', phone: null })).requests).toBe(0);
      expect(await confirmationHashes(db)).toEqual([hashOf('other@example.co.uk')]);
    });
  });
}

test('postgres: an erasure that fails half way erases nothing', async () => {
  const store = await makeSqlStore('postgres');
  try {
    const stored = await store.repository.insert(sampleQuote({ email: 'half@example.co.uk' }));
    await recorded(store.inbox, { id: stored.id, step: { kind: 'note', text: 'Stays' }, by: 'sam@se1plumbing.example', at: new Date() });
    // A trigger that refuses the delete stands in for the database failing at the last statement.
    await sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(store.db);
    await sql`create trigger refuse_delete before delete on quote_requests for each row execute function refuse_delete()`.execute(store.db);
    const customerData = new SqlCustomerData(store.db);
    await expect(customerData.eraseCustomerData({ email: 'half@example.co.uk', phone: null })).rejects.toThrow();
    await sql`drop trigger refuse_delete on quote_requests`.execute(store.db);
    const data = await customerData.findCustomerData({ email: 'half@example.co.uk', phone: null });
    expect(data.requests.map(({ notes }) => notes.map(({ text }) => text))).toEqual([['Stays']]);
  } finally {
    await store.cleanup();
  }
});
