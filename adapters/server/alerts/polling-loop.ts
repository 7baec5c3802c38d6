/**
 * Runs one round of work at a time: at start, every `pollMs` after the last round ends, and at once
 * when woken (a round already running is followed by another, so a wake-up is never lost). Its timer
 * does not keep the process alive.
 */
export class PollingLoop {
  readonly #round: () => Promise<void>;
  readonly #pollMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  /** `round` must not reject: it reports its own failures. */
  constructor(round: () => Promise<void>, pollMs: number) {
    this.#round = round;
    this.#pollMs = pollMs;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Runs a round now, rather than at the next poll. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#round().finally(() => {
      this.#running = undefined;
      if (this.#stopped) return;
      if (this.#again) {
        this.#again = false;
        this.wake();
      } else {
        this.#timer = setTimeout(() => this.wake(), this.#pollMs);
        this.#timer.unref();
      }
    });
  }

  /** Stops polling and waits for the round in progress, so nothing is left half-done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
