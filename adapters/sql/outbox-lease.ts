import type { Kysely } from 'kysely';
import { deliveryErrorMaxLength } from '../../domain/inbox/inbox-quote';
import { type Database, sqlDialectOf } from './database';

/** What both outboxes (the emails, the alerts) are told of their clock and lease. */
export interface OutboxOptions {
  now?: () => Date;
  /**
   * How long a claim holds a delivery unless renewed: if its claimer neither renews it, nor marks it
   * sent or failed by then (the server died mid-send), it is due again and another server sends it.
   * Short, so a killed server's deliveries go out soon after; its claimer renews it while it works.
   */
  leaseSeconds?: number;
}

/** How long a claim holds unless renewed, when not configured: a killed server's emails wait no longer than this. */
const defaultLeaseSeconds = 10;

/** The lease in milliseconds; a lease that is not a positive number of seconds is a mistake in the configuration. */
function leaseMsOf(leaseSeconds: number): number {
  if (!(leaseSeconds > 0 && Number.isFinite(leaseSeconds))) throw new RangeError(`leaseSeconds must be positive, not ${leaseSeconds}`);
  return leaseSeconds * 1000;
}

/** A claim's limit must be a positive whole number. */
export function requireClaimLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, not ${limit}`);
}

// By characters (code points), as the CHECK counts them; PostgreSQL text cannot hold NUL at all. The
// first 2 * max UTF-16 units hold at least max code points, so a huge message is not split whole.
/** A delivery's error as the outboxes keep it: at most deliveryErrorMaxLength characters, no NUL. */
function truncateDeliveryError(error: string): string {
  return Array.from(error.slice(0, 2 * deliveryErrorMaxLength).replaceAll('\0', ''))
    .slice(0, deliveryErrorMaxLength)
    .join('');
}

export const compareTimes = (a: Date | string, b: Date | string): number => new Date(a).getTime() - new Date(b).getTime();

/** By code unit, as JavaScript compares strings; never by a database's collation. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The tables of the outboxes: each row waits until `sent_at` is set, and is tried at `next_attempt_at`. */
type OutboxTable = 'notifications' | 'alert_deliveries';

/**
 * What both outboxes share: the database, the clock, the lease, whether claims lock their rows, and
 * recording a failure and counting what waits, which are the same in both tables.
 */
export abstract class LeasedOutbox {
  protected abstract readonly table: OutboxTable;
  protected readonly db: Kysely<Database>;
  protected readonly now: () => Date;
  readonly leaseSeconds: number;
  protected readonly leaseMs: number;
  protected readonly lockRows: boolean;

  constructor(db: Kysely<Database>, { now = () => new Date(), leaseSeconds = defaultLeaseSeconds }: OutboxOptions = {}) {
    this.db = db;
    this.now = now;
    this.leaseMs = leaseMsOf(leaseSeconds);
    this.leaseSeconds = leaseSeconds;
    // The one difference between the databases. In PostgreSQL concurrent claimers would pick the same
    // rows, and the second would claim them again once the first commits; FOR UPDATE SKIP LOCKED makes
    // each pass over rows another holds. SQLite runs one writing statement at a time, so the UPDATE
    // alone is atomic.
    this.lockRows = sqlDialectOf(db) === 'postgres';
  }

  /**
   * Extends the claim on each of `ids` that is still unsent to a full lease from now, for a claimer
   * still at work on them (sending, or recording that it sent). A claim is only ever extended here,
   * never shortened: a retry scheduled later than the lease keeps its time.
   */
  async renew(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const until = new Date(this.now().getTime() + this.leaseMs).toISOString();
    await this.db
      .updateTable(this.table)
      .set({ next_attempt_at: until })
      .where('id', 'in', [...ids])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<', until)
      .execute();
  }

  /** Records why delivering failed, and when to try again. Does nothing to one already sent. */
  async markFailed(id: string, error: string, retryAt: Date): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ next_attempt_at: retryAt.toISOString(), last_error: truncateDeliveryError(error) })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }

  /**
   * How many wait to be delivered, and since when the oldest has waited; for /readyz. Waiting means
   * due, or tried already: one planned for later (a review email days on) is not waiting yet.
   */
  async backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }> {
    const { pending, oldest } = await this.db
      .selectFrom(this.table)
      .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min<Date | string | null>('created_at').as('oldest')])
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('next_attempt_at', '<=', this.now().toISOString()), eb('attempts', '>', 0)]))
      .executeTakeFirstOrThrow();
    return { pending: Number(pending), oldestPendingSince: oldest === null ? null : new Date(oldest) };
  }
}
