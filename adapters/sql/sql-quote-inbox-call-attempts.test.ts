import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recorded } from '../contracts/recorded-step.test-support';
import { allView, defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { sqlDialects } from './scratch-database.test-support';
import { SqlCustomerData } from './sql-customer-data';
import { withSqlStore } from './sql-store.test-support';

const minute = 60_000;
const start = new Date('2024-05-01T09:00:00.000Z');
const sam = 'sam.porter@se1plumbing.example';
const urgent = sampleQuote({ urgent: true, serviceType: 'emergency' });
const call = { kind: 'call-attempted' } as const;

for (const dialect of sqlDialects) {
  test(`${dialect}: a call nobody answered is a step of its log, and moves due_at to the next try; status and responded_at stay`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(urgent);
      const row = () => db.selectFrom('quote_requests').select(['status', 'responded_at', 'due_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(new Date((await row()).due_at)).toEqual(new Date(start.getTime() + 30 * minute));

      await recorded(inbox, { id, step: call, by: sam, at: new Date(start.getTime() + 12 * minute) });
      await recorded(inbox, { id, step: call, by: sam, at: new Date(start.getTime() + 20 * minute) });

      const after = await row();
      expect({ status: after.status, responded_at: after.responded_at, due_at: new Date(after.due_at) }).toEqual({
        status: 'new',
        responded_at: null,
        due_at: new Date(start.getTime() + 50 * minute),
      });
      const steps = await db.selectFrom('quote_activity').select(['quote_id', 'kind', 'by', 'at', 'data']).orderBy('seq').execute();
      expect(steps.map((step) => ({ ...step, at: new Date(step.at) }))).toEqual([
        { quote_id: id, kind: 'call-attempted', by: sam, at: new Date(start.getTime() + 12 * minute), data: '{}' },
        { quote_id: id, kind: 'call-attempted', by: sam, at: new Date(start.getTime() + 20 * minute), data: '{}' },
      ]);
    });
  });

  test(`${dialect}: a call recorded late, behind a later one, leaves due_at at the later one's next try`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(urgent);
      await recorded(inbox, { id, step: call, by: sam, at: new Date(start.getTime() + 20 * minute) });

      const result = await recorded(inbox, { id, step: call, by: 'jo@se1plumbing.example', at: new Date(start.getTime() + 15 * minute) });

      expect(result.quote.callAttempts.map(({ by }) => by)).toEqual(['jo@se1plumbing.example', sam]);
      const { due_at } = await db.selectFrom('quote_requests').select('due_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(new Date(due_at)).toEqual(new Date(start.getTime() + 50 * minute));
    });
  });

  test(`${dialect}: a call whose due_at cannot be moved is not kept either: one transaction`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(urgent);
      // A trigger refusing every change to the request stands in for the database failing at the last statement.
      if (dialect === 'postgres') {
        await sql`create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
        await sql`create trigger refuse_update before update on quote_requests for each row execute function refuse_update()`.execute(db);
      } else {
        await sql`create trigger refuse_update before update on quote_requests begin select raise(abort, 'refused'); end`.execute(db);
      }

      await expect(inbox.record({ id, step: call, by: sam, at: new Date(start.getTime() + 5 * minute) })).rejects.toThrow('refused');

      expect(await db.selectFrom('quote_activity').select('seq').execute()).toEqual([]);
      const { due_at } = await db.selectFrom('quote_requests').select('due_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(new Date(due_at)).toEqual(new Date(start.getTime() + 30 * minute));
    });
  });

  test(`${dialect}: a call is by someone, and of a request that exists`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ db, repository, inbox }) => {
      const { id } = await repository.insert(urgent);
      // Who rang is the domain's to check: a call by nobody, or by more than an email can be, is read
      // back inside its own transaction, refused there, and not kept.
      for (const by of ['', `${'x'.repeat(250)}@x.uk`]) {
        await expect(inbox.record({ id, step: call, by, at: start })).rejects.toThrow(/malformed step/);
      }
      expect(await db.selectFrom('quote_activity').select('seq').execute()).toEqual([]);
      const insert = (values: { quote_id?: string; by?: string }) =>
        db.insertInto('quote_activity').values({ id: crypto.randomUUID(), quote_id: id, kind: 'call-attempted', by: sam, at: start.toISOString(), data: '{}', ...values }).execute();
      await expect(insert({ quote_id: 'no-such-request' })).rejects.toThrow();
      await insert({});
      expect(await db.selectFrom('quote_activity').select('quote_id').execute()).toEqual([{ quote_id: id }]);
      // One written past the store is refused as it is read.
      await insert({ by: '' });
      await expect(inbox.findPage({ query: { ...defaultInboxQuery, view: allView }, after: null, limit: 10, now: start })).rejects.toThrow(/malformed step/);
    });
  });

  test(`${dialect}: the response times read the first and the last call of each request`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ repository, inbox }) => {
      const { id } = await repository.insert(urgent);
      const once = await repository.insert(sampleQuote({ name: 'Called Once' }));
      const never = await repository.insert(sampleQuote({ name: 'Not Called' }));
      for (const minutes of [10, 25, 40]) await recorded(inbox, { id, step: call, by: sam, at: new Date(start.getTime() + minutes * minute) });
      await recorded(inbox, { id: once.id, step: call, by: sam, at: new Date(start.getTime() + 7 * minute) });

      const records = await inbox.clockRecords(start);

      expect(records).toHaveLength(3);
      expect(records).toContainEqual({ createdAt: start, urgent: true, respondedAt: null, callAttempts: [{ at: new Date(start.getTime() + 10 * minute) }, { at: new Date(start.getTime() + 40 * minute) }] });
      expect(records).toContainEqual({ createdAt: once.createdAt, urgent: false, respondedAt: null, callAttempts: [{ at: new Date(start.getTime() + 7 * minute) }] });
      expect(records).toContainEqual({ createdAt: never.createdAt, urgent: false, respondedAt: null });
    });
  });

  test(`${dialect}: calls go with their request when it is deleted, purged or erased`, async () => {
    await withSqlStore(dialect, { now: () => start }, async ({ db, repository, inbox }) => {
      const called = async (email: string) => {
        const stored = await repository.insert(sampleQuote({ email }));
        await recorded(inbox, { id: stored.id, step: call, by: sam, at: new Date(start.getTime() + minute) });
        return stored.id;
      };
      const callsOf = async (id: string) => (await db.selectFrom('quote_activity').select('seq').where('quote_id', '=', id).execute()).length;
      const deleted = await called('deleted@example.co.uk');
      const erased = await called('erased@example.co.uk');
      const purged = await called('purged@example.co.uk');
      expect([await callsOf(deleted), await callsOf(erased), await callsOf(purged)]).toEqual([1, 1, 1]);

      await repository.delete(deleted);
      expect(await callsOf(deleted)).toBe(0);
      await new SqlCustomerData(db).eraseCustomerData({ email: 'erased@example.co.uk', phone: null });
      expect(await callsOf(erased)).toBe(0);
      expect(await callsOf(purged)).toBe(1);
      await repository.deleteCreatedBefore(new Date(start.getTime() + minute));
      expect(await db.selectFrom('quote_activity').select('seq').execute()).toEqual([]);
    });
  });
}
