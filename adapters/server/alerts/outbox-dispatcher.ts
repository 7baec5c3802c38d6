import type { ClaimedNotification } from '../../../domain/ports/notification-outbox';
import type { Logger } from '../../../domain/ports/logger';
import { PollingLoop } from './polling-loop';

/** What the dispatcher needs to know of anything it delivers: which it is, and how often it has been tried. */
interface Claimed {
  id: string;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
}

/** What the dispatcher needs of an outbox (the emails', the alerts'): claiming, renewing and marking, not counting. */
interface ClaimingOutbox<Item extends Claimed> {
  readonly leaseSeconds: number;
  claimDue(limit: number): Promise<Item[]>;
  renew(ids: readonly string[]): Promise<void>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
}

export interface DispatcherOptions<Item extends Claimed> {
  outbox: ClaimingOutbox<Item>;
  /** Sends one item; rejects when it could not be delivered. */
  deliver: (item: Item) => Promise<void>;
  /** What the log calls an item whose delivery failed: "the business email for request 42". */
  describe: (item: Item) => string;
  /** What the log calls the outbox itself: "the email outbox". */
  name: string;
  logger: Logger;
  now?: () => Date;
  random?: () => number;
  /** How often to look for due items when nothing wakes the dispatcher. */
  pollMs?: number;
  batchSize?: number;
  /** The first retry waits about this long; each later one twice as long, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Recording a delivery that went out is tried again after this long, then twice as long each time, up to maxRecordRetryMs. */
  recordRetryMs?: number;
  maxRecordRetryMs?: number;
}

/**
 * The delay before retry number `attempts`: exponential, capped, with jitter so that after an outage
 * every server does not retry everything at the same moment.
 */
export function retryDelayMs(attempts: number, { firstRetryMs, maxRetryMs, random }: { firstRetryMs: number; maxRetryMs: number; random: () => number }) {
  const ceiling = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Sends what an outbox holds until it is delivered: the emails, and the alerts. It claims a batch, sends each, marks it sent or
 * schedules its retry, and goes round again while there is more; otherwise it waits for the next poll
 * or a wake-up (a request just stored).
 *
 * A claim is short (the outbox's lease, 10 s by default) and renewed every third of it while the item
 * is being sent, so what a killed server had claimed is due again soon, and another server, or this
 * one restarted, sends it. An item that went out but could not be recorded as sent (the database
 * refuses writes: its disk is full) stays claimed, renewed, while recording it is retried; this
 * process never sends it again, even if its claim runs out and it claims the item anew.
 */
export class OutboxDispatcher<Item extends Claimed> {
  readonly #options: Required<Omit<DispatcherOptions<Item>, 'outbox' | 'deliver' | 'describe' | 'logger' | 'name'>> & DispatcherOptions<Item>;
  readonly #loop: PollingLoop;
  /** Claimed by this process and still at work: being sent, or sent and not yet recorded. Renewed. */
  readonly #held = new Set<string>();
  /** Sent and not yet recorded as sent; each retries its record until it succeeds or the dispatcher stops. */
  readonly #recording = new Set<Promise<void>>();
  #renewal: Promise<void> = Promise.resolve();
  #renewalFailing = false;
  #renewTimer: ReturnType<typeof setInterval> | undefined;
  #stopping = new AbortController();

  constructor(options: DispatcherOptions<Item>) {
    this.#options = {
      now: () => new Date(),
      random: Math.random,
      pollMs: 2_000,
      batchSize: 20,
      firstRetryMs: 10_000,
      maxRetryMs: 60 * 60 * 1000,
      recordRetryMs: 500,
      maxRecordRetryMs: 10_000,
      ...options,
    };
    this.#loop = new PollingLoop(() => this.#drain(() => !this.#loop.stopped), this.#options.pollMs);
  }

  start(): void {
    this.#stopping = new AbortController();
    clearInterval(this.#renewTimer);
    // A third of the lease: a renewal that fails once (a slow database) still leaves time for the next.
    this.#renewTimer = setInterval(() => this.#renew(), (this.#options.outbox.leaseSeconds * 1000) / 3);
    this.#renewTimer.unref();
    this.#loop.start();
  }

  /**
   * Sends what is due now, once, without a loop: for a host that runs only while it answers (an edge
   * function, woken by a request or by its schedule's tick). Its failures are logged, as the loop's are.
   */
  sendDue(): Promise<void> {
    return this.#drain(() => true);
  }

  /** Looks for due items now, rather than at the next poll. */
  wake(): void {
    this.#loop.wake();
  }

  /** How many items went out but are not yet recorded as sent; for /readyz. */
  get unrecorded(): number {
    return this.#recording.size;
  }

  /**
   * Stops polling and waits for the round in progress, so nothing is left half-marked. Items sent but
   * not yet recorded get one last try; one still unrecorded is logged, as it may be sent again later.
   */
  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#stopping.abort();
    await Promise.all(this.#recording);
    clearInterval(this.#renewTimer);
    await this.#renewal;
  }

  async #drain(going: () => boolean): Promise<void> {
    const { outbox, batchSize, logger, name } = this.#options;
    while (going()) {
      let claimed: Item[];
      try {
        claimed = await outbox.claimDue(batchSize);
      } catch (error) {
        logger.error(`Claiming what is due in ${name} failed`, error);
        return;
      }
      await Promise.all(claimed.map((item) => this.#send(item)));
      if (claimed.length < batchSize) return;
    }
  }

  async #send(item: Item): Promise<void> {
    const { outbox, deliver, describe, now, logger } = this.#options;
    // Still being sent or recorded here, claimed anew after its claim ran out: never twice.
    if (this.#held.has(item.id)) return;
    this.#held.add(item.id);
    try {
      await deliver(item);
    } catch (error) {
      const retryAt = new Date(now().getTime() + retryDelayMs(item.attempts, this.#options));
      logger.error(`Sending ${describe(item)} failed; retrying at ${retryAt.toISOString()}`, error);
      this.#held.delete(item.id);
      // A renewal under way would otherwise land after the retry time and push it back.
      await this.#renewal;
      try {
        await outbox.markFailed(item.id, error instanceof Error ? error.message : String(error), retryAt);
      } catch (markError) {
        logger.error(`Could not record that sending ${describe(item)} failed; it is tried again once its claim runs out`, markError);
      }
      return;
    }
    const sentAt = now();
    try {
      await outbox.markSent(item.id, sentAt);
      this.#held.delete(item.id);
    } catch (error) {
      logger.error(
        `Sent ${describe(item)}, but could not record it as sent; it stays claimed and will not be sent again while this server runs, and recording it is retried`,
        error,
      );
      const recording = this.#recordSent(item, sentAt).finally(() => {
        this.#held.delete(item.id);
        this.#recording.delete(recording);
      });
      this.#recording.add(recording);
    }
  }

  /** Retries recording a sent item as sent, with backoff, until it is recorded or the dispatcher stops. */
  async #recordSent(item: Item, sentAt: Date): Promise<void> {
    const { outbox, describe, logger, recordRetryMs, maxRecordRetryMs } = this.#options;
    for (let attempt = 1; ; attempt++) {
      const stopping = this.#stopping.signal.aborted;
      if (!stopping) await sleep(Math.min(maxRecordRetryMs, recordRetryMs * 2 ** (attempt - 1)), this.#stopping.signal);
      try {
        await outbox.markSent(item.id, sentAt);
        return;
      } catch (error) {
        if (stopping || this.#stopping.signal.aborted) {
          logger.error(`Stopping with ${describe(item)} sent but still not recorded as sent: it may be sent again once its claim runs out`, error);
          return;
        }
      }
    }
  }

  /** Extends the claim on everything this process is still at work on; one renewal at a time. */
  #renew(): void {
    if (this.#held.size === 0) return;
    const { outbox, logger, name } = this.#options;
    this.#renewal = this.#renewal.then(async () => {
      const ids = [...this.#held];
      if (ids.length === 0) return;
      try {
        await outbox.renew(ids);
        this.#renewalFailing = false;
      } catch (error) {
        // Logged once until a renewal succeeds again, not every few seconds.
        if (!this.#renewalFailing) logger.error(`Renewing the claims on what is being sent from ${name} failed; retrying`, error);
        this.#renewalFailing = true;
      }
    });
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** What the log calls a notification email: "the business email for request 42". */
export const describeNotification = ({ kind, quote }: ClaimedNotification): string => `the ${kind} email for request ${quote.id}`;
