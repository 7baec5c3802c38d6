import type { Kysely } from 'kysely';
import { customerAuthor } from '../../domain/activity/actor';
import { customerTokenHash, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { appendActivity } from './activity-row';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { CustomerLinkStore } from '../../domain/ports/customer-link-store';
import { type Database, type SqlDialectName, sqlDialectOf } from './database';
import { inboxQuoteColumns, parseStatus } from './inbox-row';
import { requireInboxQuote, withExtras } from './sql-quote-inbox';
import { optOutOf } from './sql-email-opt-outs';
import { reviewLinksAct } from '../../domain/reviews/review-ask';

/**
 * The customers' private links over the requests `SqlQuoteRepository` stores, in SQLite or PostgreSQL
 * (migrated with `migrateToLatest`): each request found by the SHA-256 of its token, which is all the
 * database keeps of it. A request stored before links existed has none, and no token finds it.
 */
export class SqlCustomerLinks implements CustomerLinkStore {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialectName;
  readonly #newId: () => string;

  /** `newId`: the ids of the steps the customer takes; tests pass their own. */
  constructor(db: Kysely<Database>, { newId = () => crypto.randomUUID() }: { newId?: () => string } = {}) {
    this.#db = db;
    this.#dialect = sqlDialectOf(db);
    this.#newId = newId;
  }

  async findByToken(token: string): Promise<InboxQuote | undefined> {
    const row = await this.#db
      .selectFrom('quote_requests')
      .select(inboxQuoteColumns)
      .where('customer_token_hash', '=', await customerTokenHash(token))
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const [quote] = await withExtras(this.#db, [row]);
    return quote;
  }

  async addCustomerMessage(token: string, text: string, at: Date): Promise<InboxQuote | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      // On PostgreSQL the request cannot be deleted until the note is in.
      const row = await this.#lockRequest(tx, token, 'key-share');
      if (row === undefined) return undefined;
      await appendActivity(tx, row.id, [{ kind: 'customer-wrote', text }], { by: customerAuthor, at, newId: this.#newId });
      return requireInboxQuote(tx, row.id);
    });
  }

  /**
   * "No longer needed": lost, from any status but lost (then the request is answered as it is), with
   * the move in its history and a note saying why, both by the customer. A request closed while it
   * still waited for its first call takes `at` as its response time, as staff closing it would: it has
   * stopped waiting, so it is neither counted as waiting nor alerted about from then.
   */
  async closeForCustomer(token: string, at: Date): Promise<InboxQuote | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      // On PostgreSQL a staff member moving it at the same moment waits, then finds it lost.
      const row = await this.#lockRequest(tx, token, 'update');
      if (row === undefined) return undefined;
      const from = parseStatus(row.id, row.status);
      if (from === 'lost') return requireInboxQuote(tx, row.id);
      await tx
        .updateTable('quote_requests')
        .set((eb) => ({ status: 'lost', won_pence: null, responded_at: eb.fn.coalesce('responded_at', eb.val(at.toISOString())).$castTo<string>() }))
        .where('id', '=', row.id)
        .execute();
      await appendActivity(
        tx,
        row.id,
        [
          { kind: 'status-moved', from, to: 'lost' },
          { kind: 'customer-wrote', text: noLongerNeededReason },
        ],
        { by: customerAuthor, at, newId: this.#newId },
      );
      return requireInboxQuote(tx, row.id);
    });
  }

  async openReview(token: string, at: Date): Promise<InboxQuote | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      // Locked as it is written: a staff member moving it meanwhile waits, or is waited for.
      const row = await this.#lockRequest(tx, token, 'update');
      if (row === undefined) return undefined;
      const quote = await requireInboxQuote(tx, row.id);
      if (!reviewLinksAct(quote)) return quote;
      // Only the first time the link is followed is a step of its life.
      const opened = await tx.updateTable('quote_requests').set({ review_opened_at: at.toISOString() }).where('id', '=', row.id).where('review_opened_at', 'is', null).executeTakeFirst();
      if (opened.numUpdatedRows > 0n) await appendActivity(tx, row.id, [{ kind: 'review-opened' }], { by: customerAuthor, at, newId: this.#newId });
      return requireInboxQuote(tx, row.id);
    });
  }

  async stopReviews(token: string, at: Date): Promise<InboxQuote | undefined> {
    return this.#db.transaction().execute(async (tx) => {
      const row = await this.#lockRequest(tx, token, 'key-share');
      if (row === undefined) return undefined;
      const quote = await requireInboxQuote(tx, row.id);
      if (reviewLinksAct(quote) && quote.email !== null) await optOutOf(tx, 'review_opt_outs', [quote.email], 'unsubscribed', at);
      return quote;
    });
  }

  /** The request of `token`, if any, locked on PostgreSQL until the transaction ends. */
  async #lockRequest(tx: Kysely<Database>, token: string, lock: 'key-share' | 'update') {
    return tx
      .selectFrom('quote_requests')
      .select(['id', 'status'])
      .where('customer_token_hash', '=', await customerTokenHash(token))
      .$if(this.#dialect === 'postgres', (select) => (lock === 'update' ? select.forUpdate() : select.forKeyShare()))
      .executeTakeFirst();
  }
}
