import { type ExpressionBuilder, sql } from 'kysely';
import type { AlertOutbox, ClaimedAlert } from '../../domain/ports/alert-stores';
import type { PushTarget } from '../../domain/ports/push-devices';
import { waitingStatus } from '../../domain/inbox/quote-status';
import { parseAlertStep } from './alert-row';
import type { Database } from './database';
import { compareText, compareTimes, LeasedOutbox, requireClaimLimit } from './outbox-lease';
import { quoteColumns, rowToQuote } from './quote-row';

/** What a push that was not sent, because its request was taken before, keeps as its error. */
export const takenBeforeDelivery = 'taken before delivery';

/** Whether the delivery's request still waits for someone: 'new', and not taken. */
const requestStillWaiting = (eb: ExpressionBuilder<Database, 'alert_deliveries'>) =>
  eb.exists(
    eb
      .selectFrom('quote_requests')
      .select(sql.lit(1).as('one'))
      .whereRef('quote_requests.id', '=', 'alert_deliveries.quote_id')
      .where('quote_requests.status', '=', sql.lit(waitingStatus))
      .where('quote_requests.taken_at', 'is', null),
  );

/**
 * The alerts that `SqlAlertLedger` queues with each step, for a dispatcher to deliver: a push to each
 * device, and the webhook. Claimed and leased as `SqlNotificationOutbox` claims emails, so several
 * servers may share one PostgreSQL database and each delivery goes through one of them at a time.
 *
 * A push about a request that has been taken (or has left 'new') since it was queued is not delivered:
 * the claim marks it done with the error {@link takenBeforeDelivery}. The webhook's always go, as a
 * chat channel's record of what happened.
 */
export class SqlAlertOutbox extends LeasedOutbox implements AlertOutbox {
  protected readonly table = 'alert_deliveries';

  /**
   * Claims up to `limit` deliveries that are due, those due longest first, and returns them oldest
   * first, each with its request and, for a push, its device. Each is leased: due again only after
   * `leaseSeconds` unless renewed, or marked sent or failed, meanwhile.
   */
  async claimDue(limit: number): Promise<ClaimedAlert[]> {
    requireClaimLimit(limit);
    const now = this.now().toISOString();
    await this.#dropTaken(now);
    const due = this.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('channel', '=', 'webhook'), requestStillWaiting(eb)]))
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.lockRows, (query) => query.forUpdate().skipLocked());
    const claimed = await this.db
      .updateTable('alert_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(Date.parse(now) + this.leaseMs).toISOString(),
      }))
      .where('id', 'in', due)
      .returning(['id', 'quote_id', 'step', 'channel', 'device_id', 'attempts', 'created_at'])
      .execute();
    if (claimed.length === 0) return [];

    const deviceIds = claimed.flatMap(({ device_id }) => (device_id === null ? [] : [device_id]));
    const [quotes, devices] = await Promise.all([
      this.db
        .selectFrom('quote_requests')
        .select(quoteColumns)
        .where('id', 'in', [...new Set(claimed.map(({ quote_id }) => quote_id))])
        .execute(),
      deviceIds.length === 0
        ? []
        : this.db
            .selectFrom('push_devices')
            .select(['id', 'staff_email', 'endpoint', 'p256dh', 'auth', 'label'])
            .where('id', 'in', deviceIds)
            .execute(),
    ]);
    const quoteById = new Map(quotes.map((row) => [row.id, rowToQuote(row)]));
    const deviceById = new Map(devices.map(({ staff_email, ...device }): [string, PushTarget] => [device.id, { ...device, staff: staff_email }]));
    return claimed
      .sort(
        (a, b) =>
          compareTimes(a.created_at, b.created_at) || compareText(a.quote_id, b.quote_id) || compareText(a.channel, b.channel) || compareText(a.id, b.id),
      )
      .flatMap(({ id, quote_id, step, channel, device_id, attempts }): ClaimedAlert[] => {
        // Deleted between the two statements (the request, or the device): nothing is left to deliver.
        const quote = quoteById.get(quote_id);
        if (quote === undefined) return [];
        const claim = { id, attempts, step: parseAlertStep(quote_id, step), quote };
        if (channel === 'webhook') return [{ ...claim, target: { channel: 'webhook' } }];
        if (channel !== 'push') throw new Error(`Stored alert delivery ${id} has an unknown channel`);
        const device = device_id === null ? undefined : deviceById.get(device_id);
        return device === undefined ? [] : [{ ...claim, target: { channel: 'push', device } }];
      });
  }

  /** Records that the delivery reached its push service (or the webhook); a push also dates its device's last alert. */
  async markSent(id: string, at: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const sent = await tx
        .updateTable('alert_deliveries')
        .set({ sent_at: at.toISOString() })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .returning('device_id')
        .executeTakeFirst();
      if (sent?.device_id == null) return;
      await tx
        .updateTable('push_devices')
        .set({ last_alert_at: at.toISOString() })
        .where('id', '=', sent.device_id)
        .where((eb) => eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<', at.toISOString())]))
        .execute();
    });
  }

  /** Forgets a device whose subscription has gone (404, 410), and with it every delivery still waiting for it. */
  async forgetDevice(deviceId: string): Promise<void> {
    await this.db.deleteFrom('push_devices').where('id', '=', deviceId).execute();
  }

  /** Marks done, unsent, the due pushes whose request has been taken or has left 'new' since they were queued. */
  async #dropTaken(now: string): Promise<void> {
    const stale = this.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('sent_at', 'is', null)
      .where('channel', '=', 'push')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.not(requestStillWaiting(eb)))
      // Rows another claimer holds are passed over, not waited for: it will find them itself.
      .$if(this.lockRows, (query) => query.forUpdate().skipLocked());
    await this.db
      .updateTable('alert_deliveries')
      .set({ sent_at: now, last_error: takenBeforeDelivery })
      .where('id', 'in', stale)
      .execute();
  }
}
