import { expect, test } from 'vitest';
import { customerAuthor } from '../../domain/activity/actor';
import type { GuardedStep } from '../../domain/activity/activity';
import { quoteSettings } from '../../domain/quote-settings';
import type { RecordOutcome } from '../../domain/ports/quote-inbox';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { scratchDatabase, sqlDialects } from './scratch-database.test-support';
import { SqlQuoteInbox } from './sql-quote-inbox';
import { SqlQuoteRepository } from './sql-quote-repository';

// A customer's answer racing another: two presses of "Accept" at once, or an accept while staff send
// version 2. On PostgreSQL through two pools sharing the database, as two servers would; on SQLite
// through one server's connection, which runs one transaction at a time (see sql-quote-inbox-race.test.ts).

const races = 20;
const staff = 'sam.porter@se1plumbing.example';
const at = new Date('2026-10-14T09:00:00Z');
const written = (version: number, unitPence: number): GuardedStep => ({
  kind: 'quote-written',
  version,
  lines: [{ description: 'Replace two radiators', quantity: 2, unitPence, vat: 'standard' }],
  validUntil: '2026-11-13',
  vatRegistered: true,
  terms: quoteSettings.terms,
});
/** £1,080.00: 2 × £450 and VAT at 20%. */
const total = 108_000;
const accept: GuardedStep = { kind: 'quote-accepted', version: 1, totalPence: total, earlyStart: false };

/** `races` requests each with version 1 sent to the customer, and (with `draft`) version 2 written, not yet sent. */
async function quotedRequests(db: Kysely<Database>, { draft }: { draft: boolean }): Promise<string[]> {
  const repository = new SqlQuoteRepository(db);
  const inbox = new SqlQuoteInbox(db);
  const ids: string[] = [];
  for (let i = 0; i < races; i++) {
    const { id } = await repository.insert(sampleQuote({ name: 'Tom Okafor', email: `tom.${String(i)}@example.co.uk` }));
    const steps: GuardedStep[] = [{ kind: 'status-moved', from: 'new', to: 'contacted' }, written(1, 45_000), { kind: 'quote-sent', version: 1 }, ...(draft ? [written(2, 40_000)] : [])];
    for (const step of steps) expect((await inbox.record({ id, step, by: staff, at })).outcome).toBe('recorded');
    ids.push(id);
  }
  return ids;
}

const kindsOf = async (db: Kysely<Database>, id: string) => (await db.selectFrom('quote_activity').select('kind').where('quote_id', '=', id).orderBy('seq').execute()).map(({ kind }) => kind);
const statusOf = async (db: Kysely<Database>, id: string) => (await db.selectFrom('quote_requests').select(['status', 'won_pence']).where('id', '=', id).executeTakeFirstOrThrow());
const emailsOf = async (db: Kysely<Database>, id: string) => (await db.selectFrom('notifications').select('kind').where('quote_id', '=', id).where('kind', 'like', 'quote-%').orderBy('kind').execute()).map(({ kind }) => kind);

for (const dialect of sqlDialects) {
  test(`${dialect}: of two accepts of one quote at once, exactly one is recorded and the other is told it was answered`, async () => {
    const scratch = await scratchDatabase(dialect);
    const first = scratch.open();
    const second = dialect === 'postgres' ? scratch.open() : first;
    try {
      await migrateToLatest(first);
      const ids = await quotedRequests(first, { draft: false });
      const [one, other] = [new SqlQuoteInbox(first, { notify: true }), new SqlQuoteInbox(second, { notify: true })];
      const answers = (inbox: SqlQuoteInbox, id: string) => inbox.record({ id, step: accept, by: customerAuthor, at });
      const outcomes: RecordOutcome[][] = await Promise.all(ids.map((id) => Promise.all([answers(one, id), answers(other, id)])));
      for (const [index, pair] of outcomes.entries()) {
        const id = ids[index] ?? '';
        expect(pair.map(({ outcome }) => outcome).sort()).toEqual(['recorded', 'refused']);
        expect(pair.find(({ outcome }) => outcome === 'refused')).toEqual({ outcome: 'refused', refusal: { reason: 'quote-answered', answer: 'accepted' } });
        const kinds = await kindsOf(first, id);
        expect(kinds.filter((kind) => kind === 'quote-accepted')).toHaveLength(1);
        expect(kinds.filter((kind) => kind === 'status-moved')).toHaveLength(3);
        expect(await statusOf(first, id)).toEqual({ status: 'won', won_pence: total });
        // One confirmation (version 1 was sent through an inbox that queues no email).
        expect(await emailsOf(first, id)).toEqual(['quote-accepted']);
      }
    } finally {
      await first.destroy();
      if (second !== first) await second.destroy();
      await scratch.drop();
    }
  });

  test(`${dialect}: of an accept racing version 2 being sent, exactly one wins, the other is refused, and the log tells one story`, async () => {
    const scratch = await scratchDatabase(dialect);
    const first = scratch.open();
    const second = dialect === 'postgres' ? scratch.open() : first;
    try {
      await migrateToLatest(first);
      const ids = await quotedRequests(first, { draft: true });
      const [customers, staffInbox] = [new SqlQuoteInbox(first, { notify: true }), new SqlQuoteInbox(second, { notify: true })];
      const outcomes = await Promise.all(
        ids.map(async (id, index) => {
          const answer = () => customers.record({ id, step: accept, by: customerAuthor, at });
          const send = () => staffInbox.record({ id, step: { kind: 'quote-sent', version: 2 }, by: staff, at });
          // Each starts first in half the races.
          if (index % 2 === 0) {
            const [accepted, sent] = await Promise.all([answer(), send()]);
            return { id, accepted, sent };
          }
          const [sent, accepted] = await Promise.all([send(), answer()]);
          return { id, accepted, sent };
        }),
      );
      let acceptsWon = 0;
      for (const { id, accepted, sent } of outcomes) {
        expect([accepted.outcome, sent.outcome].sort()).toEqual(['recorded', 'refused']);
        const kinds = await kindsOf(first, id);
        if (accepted.outcome === 'recorded') {
          acceptsWon += 1;
          expect(sent).toEqual({ outcome: 'refused', refusal: { reason: 'not-quotable', current: 'won' } });
          expect(kinds.filter((kind) => kind === 'quote-accepted')).toHaveLength(1);
          expect(kinds).not.toContain('quote-replaced');
          expect(kinds.filter((kind) => kind === 'quote-sent')).toHaveLength(1);
          expect(await statusOf(first, id)).toEqual({ status: 'won', won_pence: total });
          expect(await emailsOf(first, id)).toEqual(['quote-accepted']);
        } else {
          expect(accepted).toEqual({ outcome: 'refused', refusal: { reason: 'quote-replaced', replacedBy: 2 } });
          expect(kinds).not.toContain('quote-accepted');
          expect(kinds.filter((kind) => kind === 'quote-replaced')).toHaveLength(1);
          expect(kinds.filter((kind) => kind === 'quote-sent')).toHaveLength(2);
          expect(await statusOf(first, id)).toEqual({ status: 'quoted', won_pence: null });
          expect(await emailsOf(first, id)).toEqual(['quote-follow-up', 'quote-sent']);
        }
      }
      // Both sides won some races on PostgreSQL's two pools; on SQLite's one connection, whoever asked first.
      expect(acceptsWon).toBeGreaterThan(0);
      expect(acceptsWon).toBeLessThan(races);
    } finally {
      await first.destroy();
      if (second !== first) await second.destroy();
      await scratch.drop();
    }
  });
}
