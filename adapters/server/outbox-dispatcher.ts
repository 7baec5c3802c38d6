import type { ClaimedNotification, Logger } from '../../domain/ports';
import { PollingLoop } from './polling-loop';

/** What the dispatcher needs to know of anything it delivers: which it is, and how often it has been tried. */
interface Claimed {
  id: string;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
}

/** What the dispatcher needs of an outbox (the emails', the alerts'): claiming and marking, not counting. */
interface ClaimingOutbox<Item extends Claimed> {
  claimDue(limit: number): Promise<Item[]>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
}

export interface DispatcherOptions<Item extends Claimed> {
  outbox: ClaimingOutbox<Item>;
  /** Sends one item; rejects when it could not be delivered. */
  deliver: (item: Item) => Promise<void>;
  /** What the log calls an item whose delivery failed: "the business email for request 42". */
  describe: (item: Item) => string;
  logger: Logger;
  now?: () => Date;
  random?: () => number;
  /** How often to look for due items when nothing wakes the dispatcher. */
  pollMs?: number;
  batchSize?: number;
  /** The first retry waits about this long; each later one twice as long, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
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
 * or a wake-up (a request just stored). What a stopped or crashed server had claimed becomes due again
 * when its lease runs out, so another server, or this one restarted, sends it.
 */
export class OutboxDispatcher<Item extends Claimed> {
  readonly #options: Required<Omit<DispatcherOptions<Item>, 'outbox' | 'deliver' | 'describe' | 'logger'>> & DispatcherOptions<Item>;
  readonly #loop: PollingLoop;

  constructor(options: DispatcherOptions<Item>) {
    this.#options = {
      now: () => new Date(),
      random: Math.random,
      pollMs: 5_000,
      batchSize: 20,
      firstRetryMs: 10_000,
      maxRetryMs: 60 * 60 * 1000,
      ...options,
    };
    this.#loop = new PollingLoop(() => this.#drain(), this.#options.pollMs);
  }

  start(): void {
    this.#loop.start();
  }

  /** Looks for due items now, rather than at the next poll. */
  wake(): void {
    this.#loop.wake();
  }

  /** Stops polling and waits for the round in progress, so nothing is left half-marked. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#loop.stopped) {
        const claimed = await this.#options.outbox.claimDue(this.#options.batchSize);
        await Promise.all(claimed.map((item) => this.#send(item)));
        if (claimed.length < this.#options.batchSize) return;
      }
    } catch (error) {
      this.#options.logger.error('The outbox could not be read', error);
    }
  }

  async #send(item: Item): Promise<void> {
    const { outbox, deliver, describe, now, logger } = this.#options;
    try {
      await deliver(item);
    } catch (error) {
      const retryAt = new Date(now().getTime() + retryDelayMs(item.attempts, this.#options));
      logger.error(`Sending ${describe(item)} failed; retrying at ${retryAt.toISOString()}`, error);
      await outbox.markFailed(item.id, error instanceof Error ? error.message : String(error), retryAt);
      return;
    }
    await outbox.markSent(item.id, now());
  }
}

/** What the log calls a notification email: "the business email for request 42". */
export const describeNotification = ({ kind, quote }: ClaimedNotification): string => `the ${kind} email for request ${quote.id}`;
