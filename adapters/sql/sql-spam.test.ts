import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql, type Updateable } from 'kysely';
import { expect, test } from 'vitest';
import type { Arrival } from '../../domain/spam/spam';
import { manualClock } from '../../fixtures/manual-clock.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { samplePhoto } from '../contracts/photo-store.test-support';
import { recorded } from '../contracts/recorded-step.test-support';
import { requestOf } from '../contracts/store-under-test.test-support';
import type { Database, QuoteRequestsTable } from './database';
import { sqlDialects } from './scratch-database.test-support';
import { alertRecord, sam } from './sql-alert-store.test-support';
import { SqlAlertLedger } from './sql-alert-ledger';
import { SqlCustomerData } from './sql-customer-data';
import { SqlQuoteRepository } from './sql-quote-repository';
import { makeSqlStore, withSqlStore } from './sql-store.test-support';

// What the SQL stores do with the Spam folder beyond the contract: the emails and alerts a request in it
// does not send, and sends once cleared; the token's hash; the customer's data.

const minute = 60_000;
const hour = 60 * minute;
const bot: Arrival = { honeypotFilled: true, formToken: null };
const withEmail = sampleQuote({ email: 'Sean.Gallagher@example.org', urgent: true });
const notSpam = { kind: 'spam-cleared' } as const;

const kindsOf = async (db: Kysely<Database>, id: string) =>
  (await db.selectFrom('notifications').select('kind').where('quote_id', '=', id).orderBy('kind').execute()).map(({ kind }) => kind);

for (const dialect of sqlDialects) {
  test(`${dialect}: spam sends no email, takes no day's confirmation, and "Not spam" queues both as for a new request`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now, notify: true }, async ({ db, repository, inbox }) => {
      const held = await repository.insert(withEmail, [], bot);
      expect(held.heldAsSpam).toBe(true);
      expect(await kindsOf(db, held.id)).toEqual([]);
      expect(await db.selectFrom('customer_confirmations').selectAll().execute()).toEqual([]);

      // A real request from the address meanwhile still gets its confirmation.
      const person = await repository.insert({ ...withEmail, name: 'The real one' });
      expect(await kindsOf(db, person.id)).toEqual(['business', 'customer']);

      clock.time += 2 * hour;
      const at = clock.now();
      await recorded(inbox, { id: held.id, step: notSpam, by: sam, at });
      // The address had its confirmation two hours ago: only the business hears of it.
      expect(await kindsOf(db, held.id)).toEqual(['business']);
      const due = await db.selectFrom('notifications').select('next_attempt_at').where('quote_id', '=', held.id).executeTakeFirstOrThrow();
      expect(new Date(due.next_attempt_at)).toEqual(at);
    });
  });

  test(`${dialect}: "Not spam" confirms to an address that had none in the day, and a second "Not spam" queues nothing more`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now, notify: true }, async ({ db, repository, inbox }) => {
      const held = await repository.insert(withEmail, [], bot);
      clock.time += hour;
      await recorded(inbox, { id: held.id, step: notSpam, by: sam, at: clock.now() });
      expect(await inbox.record({ id: held.id, step: notSpam, by: sam, at: clock.now() })).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
      expect(await kindsOf(db, held.id)).toEqual(['business', 'customer']);
    });
  });

  test(`${dialect}: "Not spam" stores the new due time, so the waiting order and alerts start from it`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now }, async ({ db, repository, inbox }) => {
      const held = await repository.insert(withEmail, [], bot);
      clock.time += 3 * hour;
      await recorded(inbox, { id: held.id, step: notSpam, by: sam, at: clock.now() });
      const row = await db.selectFrom('quote_requests').select(['created_at', 'due_at', 'spam_sent_at', 'in_spam']).where('id', '=', held.id).executeTakeFirstOrThrow();
      expect({ ...row, in_spam: Boolean(row.in_spam) }).toMatchObject({ in_spam: false });
      expect(new Date(row.created_at)).toEqual(clock.now());
      expect(new Date(row.due_at)).toEqual(new Date(clock.time + 30 * minute));
      expect(new Date(row.spam_sent_at ?? '')).toEqual(held.createdAt);
    });
  });

  test(`${dialect}: requests in the Spam folder alert nobody; one cleared is alertable from when it was cleared`, async () => {
    const clock = manualClock();
    await withSqlStore(dialect, { now: clock.now }, async ({ db, repository, inbox }) => {
      const ledger = new SqlAlertLedger(db);
      const since = clock.now();
      const held = requestOf(await repository.insert(withEmail, [], bot));
      expect(await ledger.awaitingSomeone(since)).toEqual([]);
      expect(await ledger.awaitingSomeoneAfter(since, undefined, 10)).toEqual([]);
      expect(await ledger.recordAlert(held.id, alertRecord('new', clock.now(), [sam]), { webhook: true })).toBe(false);
      expect(await db.selectFrom('alert_records').selectAll().execute()).toEqual([]);

      clock.time += hour;
      const at = clock.now();
      await recorded(inbox, { id: held.id, step: notSpam, by: sam, at });
      expect(await ledger.awaitingSomeone(new Date(at.getTime() + 1))).toEqual([]);
      expect(await ledger.awaitingSomeone(at)).toEqual([{ quote: { ...held, createdAt: at }, status: 'new', taken: null, sent: [] }]);
      expect(await ledger.awaitingSomeoneAfter(at, undefined, 10)).toEqual([{ quote: { ...held, createdAt: at }, status: 'new', taken: null, sent: [] }]);
      expect(await ledger.recordAlert(held.id, alertRecord('new', at, [sam]), { webhook: true })).toBe(true);
    });
  });

  test(`${dialect}: the store keeps the SHA-256 of the customer's token, never the token`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const stored = await repository.insert(sampleQuote());
      const { rows } = await sql<Record<string, unknown>>`select * from quote_requests`.execute(db);
      expect(rows.map((row) => row.customer_token_hash)).toEqual([createHash('sha256').update(stored.customerToken).digest('hex')]);
      expect(JSON.stringify(rows)).not.toContain(stored.customerToken);
    });
  });

  test(`${dialect}: a customer's data shows the spam mark, and erasure takes a request in the Spam folder too`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository, links }) => {
      const held = await repository.insert(sampleQuote({ email: 'erin@example.co.uk' }), [], bot);
      const customerData = new SqlCustomerData(db);
      const found = await customerData.findCustomerData({ email: 'erin@example.co.uk', phone: null });
      expect(found.requests.map(({ id, spam }) => ({ id, held: spam?.reasons.map(({ signal }) => signal) }))).toEqual([{ id: held.id, held: ['honeypot', 'no-form-token'] }]);
      expect((await customerData.eraseCustomerData({ email: 'erin@example.co.uk', phone: null })).requests).toBe(1);
      expect(await links.findByToken(held.customerToken)).toBeUndefined();
    });
  });

  test(`${dialect}: the database refuses a spam mark no store of ours writes`, async () => {
    await withSqlStore(dialect, {}, async ({ db, repository }) => {
      const { id } = await repository.insert(sampleQuote());
      const at = new Date().toISOString();
      const update = (values: Updateable<QuoteRequestsTable>) => db.updateTable('quote_requests').set(values).where('id', '=', id).execute();
      await expect(update({ in_spam: true })).rejects.toThrow('quote_requests_in_spam');
      await expect(update({ spam_score: 12 })).rejects.toThrow(/quote_requests_(spam_reasons|spam_sent_at|in_spam)/);
      await expect(update({ spam_score: 12, spam_reasons: '{}', spam_sent_at: at, in_spam: true })).rejects.toThrow('quote_requests_spam_reasons');
      await expect(update({ spam_cleared_by: sam })).rejects.toThrow('quote_requests_spam_cleared');
      await expect(sql`update quote_requests set customer_token_hash = 'short'`.execute(db)).rejects.toThrow('quote_requests_customer_token_hash');
      await update({ spam_score: 12, spam_reasons: '[]', spam_sent_at: at, in_spam: true });
      await update({ spam_cleared_by: sam, spam_cleared_at: at, in_spam: false });
    });
  });
}

test('sqlite: the spam purge removes the photos’ files of what it deletes', async () => {
  const root = await mkdtemp(join(tmpdir(), 'photos-'));
  const store = await makeSqlStore('sqlite', { now: () => new Date('2024-05-01T09:00:00Z') });
  try {
    const repository = new SqlQuoteRepository(store.db, { now: () => new Date('2024-05-01T09:00:00Z'), photoDir: root });
    const held = await repository.insert(sampleQuote(), [samplePhoto(1)], bot);
    const kept = await repository.insert(sampleQuote(), [samplePhoto(2)]);
    expect((await readdir(root)).sort()).toEqual([held.id, kept.id].sort());
    expect(await repository.deleteSpamBefore(new Date('2024-06-01T00:00:00Z'))).toBe(1);
    expect(await readdir(root)).toEqual([kept.id]);
  } finally {
    await store.cleanup();
    await rm(root, { recursive: true, force: true });
  }
});
