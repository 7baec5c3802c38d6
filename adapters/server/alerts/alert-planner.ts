import { setImmediate as nextTurn } from 'node:timers/promises';
import { type AlertAudience, type AlertPolicy, type AlertRecord, alertWindowMinutes, planAlert, webhookSteps } from '../../../domain/alerts/alert-plan';
import type { AlertCandidate, AlertLedger } from '../../../domain/ports/alert-stores';
import type { Logger } from '../../../domain/ports/logger';
import { PollingLoop } from './polling-loop';

export interface AlertPlannerOptions {
  ledger: Pick<AlertLedger, 'awaitingSomeone' | 'awaitingSomeoneAfter' | 'recordAlert'>;
  /** Every staff member and the rota, read afresh each round: a change to either counts at once. */
  audience: () => Promise<AlertAudience>;
  policy: AlertPolicy;
  /** Whether a chat webhook is set up to hear of new requests and escalations too. */
  webhook: boolean;
  /** A round recorded at least one step: its deliveries are queued and can be sent now. */
  onRecorded: () => void;
  logger: Logger;
  now?: () => Date;
  /**
   * How often to look for steps that have come due when nothing wakes the planner: the most an
   * escalation can be late by. It is never early.
   */
  pollMs?: number;
}

/** The most arrivals one quick round plans; more wait for the next, which follows at once. */
const maxArrivalsPerRound = 500;

/**
 * How many waiting requests are read and planned at a time. Reading is synchronous on SQLite: a full
 * round that read a day's backlog at once held every visitor up meanwhile, every ALERT_CHECK_SECONDS
 * (200 ms for 6,500 waiting requests; a page of 100 takes 2 or 3). Between pages the server answers
 * what has arrived.
 */
const pageSize = 100;

/**
 * Decides, round by round, which alert each waiting request should send now, by the rules in
 * domain/alerts/alert-plan.ts, and records each step in the ledger, which queues its deliveries in the same
 * transaction. It keeps nothing itself: every round starts from the database, so a restart loses no
 * step, and with several servers on one database each step is recorded by exactly one of them. A
 * stored request wakes it at once; a timer catches escalations and reminders as they fall due.
 *
 * A request that has just arrived is planned in a quick round of its own, with the others that
 * arrived meanwhile: a full round reads every request of the last day that still waits, which under
 * a burst of thousands would be read again for each new one. Full rounds run when woken for
 * everyone (the rota changed, a request was taken) and at least every `pollMs`, however busy.
 */
export class AlertPlanner {
  readonly #options: Required<AlertPlannerOptions>;
  readonly #loop: PollingLoop;
  /** Requests stored since the last round began, to be planned by the next. */
  #arrivals = new Set<string>();
  #fullRoundWanted = true;
  #lastFullRound = Number.NEGATIVE_INFINITY;

  constructor(options: AlertPlannerOptions) {
    this.#options = { now: () => new Date(), pollMs: 10_000, ...options };
    this.#loop = new PollingLoop(async () => {
      await this.#round();
    }, this.#options.pollMs);
  }

  start(): void {
    this.#loop.start();
  }

  /** Plans every waiting request now: who is on call changed, or a request was taken. */
  wake(): void {
    this.#fullRoundWanted = true;
    this.#loop.wake();
  }

  /** Plans this request now: it has just been stored, or moved out of the Spam folder. */
  arrived(quoteId: string): void {
    this.#arrivals.add(quoteId);
    this.#loop.wake();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #round(): Promise<void> {
    const full = this.#fullRoundWanted || this.#arrivals.size === 0 || performance.now() - this.#lastFullRound >= this.#options.pollMs;
    if (full) {
      this.#fullRoundWanted = false;
      this.#arrivals.clear();
      this.#lastFullRound = performance.now();
      await this.planDue();
      return;
    }
    const arrivals = [...this.#arrivals].slice(0, maxArrivalsPerRound);
    for (const id of arrivals) this.#arrivals.delete(id);
    await this.planDue(arrivals);
    if (this.#arrivals.size > 0) this.#loop.wake();
  }

  /**
   * One round: records every step that is due now (of the requests `only` names, when given), and
   * gives those this server recorded.
   */
  async planDue(only?: readonly string[]): Promise<AlertRecord[]> {
    const { audience, logger, onRecorded, now } = this.#options;
    const moment = now();
    const since = new Date(moment.getTime() - alertWindowMinutes * 60_000);
    const recorded: AlertRecord[] = [];
    try {
      const people = await audience();
      for await (const candidates of this.#pages(since, only)) recorded.push(...(await this.#plan(candidates, moment, people)));
    } catch (error) {
      logger.error('Planning alerts failed; trying again at the next round', error);
    }
    if (recorded.length > 0) onRecorded();
    return recorded;
  }

  /** The waiting requests (those `only` names, when given) a page at a time, the event loop turning between pages. */
  async *#pages(since: Date, only: readonly string[] | undefined): AsyncGenerator<AlertCandidate[]> {
    const { ledger } = this.#options;
    if (only !== undefined) {
      for (let start = 0; start < only.length; start += pageSize) {
        if (start > 0) await nextTurn();
        yield await ledger.awaitingSomeone(since, only.slice(start, start + pageSize));
      }
      return;
    }
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      if (after !== undefined) await nextTurn();
      const page = await ledger.awaitingSomeoneAfter(since, after, pageSize);
      yield page;
      const last = page.at(-1);
      if (last === undefined || page.length < pageSize) return;
      after = { createdAt: last.quote.createdAt, id: last.quote.id };
    }
  }

  /** Records the step due now of each candidate that has one; gives those this server recorded. */
  async #plan(candidates: readonly AlertCandidate[], moment: Date, people: AlertAudience): Promise<AlertRecord[]> {
    const { ledger, policy, webhook } = this.#options;
    const due = candidates.flatMap(({ quote, status, taken, sent }) => {
      const record = planAlert({ createdAt: quote.createdAt, urgent: quote.urgent, status, taken }, sent, people, moment, policy);
      return record === undefined ? [] : [{ quoteId: quote.id, record }];
    });
    // All at once: on SQLite they share one commit rather than each waiting for the disk in turn.
    const written = await Promise.all(
      due.map(({ quoteId, record }) => ledger.recordAlert(quoteId, record, { webhook: webhook && webhookSteps.includes(record.step) })),
    );
    return due.filter((_, index) => written[index]).map(({ record }) => record);
  }
}
