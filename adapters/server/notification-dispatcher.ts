import type { ClaimedNotification, Logger, NotificationOutbox } from '../../domain/ports';

export interface DispatcherOptions {
  /** What the dispatcher needs of the outbox: claiming and marking, not counting. */
  outbox: Pick<NotificationOutbox, 'claimDue' | 'markSent' | 'markFailed'>;
  /** Sends one notification; rejects when it could not be delivered. */
  deliver: (notification: ClaimedNotification) => Promise<void>;
  logger: Logger;
  now?: () => Date;
  random?: () => number;
  /** How often to look for due notifications when nothing wakes the dispatcher. */
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
 * Sends what the outbox holds until it is delivered. It claims a batch, sends each, marks it sent or
 * schedules its retry, and goes round again while there is more; otherwise it waits for the next poll
 * or a wake-up (a request just stored). What a stopped or crashed server had claimed becomes due again
 * when its lease runs out, so another server, or this one restarted, sends it.
 */
export class NotificationDispatcher {
  readonly #options: Required<Omit<DispatcherOptions, 'outbox' | 'deliver' | 'logger'>> & DispatcherOptions;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(options: DispatcherOptions) {
    this.#options = {
      now: () => new Date(),
      random: Math.random,
      pollMs: 5_000,
      batchSize: 20,
      firstRetryMs: 10_000,
      maxRetryMs: 60 * 60 * 1000,
      ...options,
    };
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Looks for due notifications now, rather than at the next poll. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#stopped) return;
      if (this.#again) {
        this.#again = false;
        this.wake();
      } else {
        this.#timer = setTimeout(() => this.wake(), this.#options.pollMs);
        this.#timer.unref();
      }
    });
  }

  /** Stops polling and waits for the round in progress, so nothing is left half-marked. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#stopped) {
        const claimed = await this.#options.outbox.claimDue(this.#options.batchSize);
        await Promise.all(claimed.map((notification) => this.#send(notification)));
        if (claimed.length < this.#options.batchSize) return;
      }
    } catch (error) {
      this.#options.logger.error('The notification outbox could not be read', error);
    }
  }

  async #send(notification: ClaimedNotification): Promise<void> {
    const { outbox, deliver, now, logger } = this.#options;
    try {
      await deliver(notification);
    } catch (error) {
      const retryAt = new Date(now().getTime() + retryDelayMs(notification.attempts, this.#options));
      logger.error(`Sending the ${notification.kind} email for request ${notification.quote.id} failed; retrying at ${retryAt.toISOString()}`, error);
      await outbox.markFailed(notification.id, error instanceof Error ? error.message : String(error), retryAt);
      return;
    }
    await outbox.markSent(notification.id, now());
  }
}
