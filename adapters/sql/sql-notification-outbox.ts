import type { ClaimedNotification, NotificationOutbox } from '../../domain/ports/notification-outbox';
import { type NotificationKind, notificationKinds } from './database';
import { compareText, compareTimes, LeasedOutbox, requireClaimLimit } from './outbox-lease';
import { quoteColumns, rowToQuote } from './quote-row';

/**
 * The notification emails that `SqlQuoteRepository` (with `notify`) writes beside each request, for a
 * dispatcher to send. Several servers may share one PostgreSQL database: each notification is claimed
 * by one of them at a time, and delivered at least once.
 */
export class SqlNotificationOutbox extends LeasedOutbox implements NotificationOutbox {
  protected readonly table = 'notifications';

  /**
   * Claims up to `limit` notifications that are due, those due longest first, and returns them oldest
   * first. Each is leased: due again only after `leaseSeconds` unless renewed, or marked sent or failed, meanwhile.
   */
  async claimDue(limit: number): Promise<ClaimedNotification[]> {
    requireClaimLimit(limit);
    const now = this.now();
    const due = this.db
      .selectFrom('notifications')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.lockRows, (query) => query.forUpdate().skipLocked());
    // One statement picks and leases, so no two claimers can both take a row.
    const claimed = await this.db
      .updateTable('notifications')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + this.leaseMs).toISOString(),
      }))
      .where('id', 'in', due)
      .returning(['id', 'quote_id', 'kind', 'attempts', 'created_at'])
      .execute();
    if (claimed.length === 0) return [];

    const quoteIds = [...new Set(claimed.map(({ quote_id }) => quote_id))];
    const [quotes, photoCounts] = await Promise.all([
      this.db.selectFrom('quote_requests').select(quoteColumns).where('id', 'in', quoteIds).execute(),
      this.db
        .selectFrom('quote_photos')
        .select((eb) => ['quote_id', eb.fn.countAll<number | string>().as('photos')])
        .where('quote_id', 'in', quoteIds)
        .groupBy('quote_id')
        .execute(),
    ]);
    const quoteById = new Map(quotes.map((row) => [row.id, rowToQuote(row)]));
    const photoCountOf = new Map(photoCounts.map(({ quote_id, photos }) => [quote_id, Number(photos)]));
    return claimed
      .sort((a, b) => compareTimes(a.created_at, b.created_at) || compareText(a.quote_id, b.quote_id) || compareText(a.kind, b.kind))
      .flatMap(({ id, quote_id, kind, attempts }) => {
        const quote = quoteById.get(quote_id);
        // Deleted between the two statements: its notifications went with it, and there is nothing to send.
        if (quote === undefined) return [];
        return [{ id, kind: parseKind(id, kind), attempts, quote, photoCount: photoCountOf.get(quote_id) ?? 0 }];
      });
  }

  /** Records that the notification was delivered: it is never claimed again. */
  async markSent(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ sent_at: at.toISOString() })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }
}

function parseKind(id: string, kind: string): NotificationKind {
  const parsed = notificationKinds.find((known) => known === kind);
  if (parsed === undefined) throw new Error(`Stored notification ${id} has an unknown kind`);
  return parsed;
}
