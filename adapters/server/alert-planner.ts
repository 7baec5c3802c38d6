import { type AlertAudience, type AlertPolicy, type AlertRecord, alertWindowMinutes, planAlert, webhookSteps } from '../../domain/alert-plan';
import type { AlertLedger, Logger } from '../../domain/ports';
import { PollingLoop } from './polling-loop';

export interface AlertPlannerOptions {
  ledger: Pick<AlertLedger, 'awaitingSomeone' | 'recordAlert'>;
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

/**
 * Decides, round by round, which alert each waiting request should send now, by the rules in
 * domain/alert-plan.ts, and records each step in the ledger, which queues its deliveries in the same
 * transaction. It keeps nothing itself: every round starts from the database, so a restart loses no
 * step, and with several servers on one database each step is recorded by exactly one of them. A
 * stored request wakes it at once; a timer catches escalations and reminders as they fall due.
 */
export class AlertPlanner {
  readonly #options: Required<AlertPlannerOptions>;
  readonly #loop: PollingLoop;

  constructor(options: AlertPlannerOptions) {
    this.#options = { now: () => new Date(), pollMs: 10_000, ...options };
    this.#loop = new PollingLoop(async () => {
      await this.planDue();
    }, this.#options.pollMs);
  }

  start(): void {
    this.#loop.start();
  }

  /** Plans now: a request has just been stored, or taken. */
  wake(): void {
    this.#loop.wake();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One round: records every step that is due now, and gives those this server recorded. */
  async planDue(): Promise<AlertRecord[]> {
    const { ledger, audience, policy, webhook, onRecorded, logger, now } = this.#options;
    const moment = now();
    const recorded: AlertRecord[] = [];
    try {
      const since = new Date(moment.getTime() - alertWindowMinutes * 60_000);
      const [candidates, people] = await Promise.all([ledger.awaitingSomeone(since), audience()]);
      for (const { quote, status, taken, sent } of candidates) {
        const record = planAlert({ createdAt: quote.createdAt, urgent: quote.urgent, status, taken }, sent, people, moment, policy);
        if (record === undefined) continue;
        if (await ledger.recordAlert(quote.id, record, { webhook: webhook && webhookSteps.includes(record.step) })) recorded.push(record);
      }
    } catch (error) {
      logger.error('Planning alerts failed; trying again at the next round', error);
    }
    if (recorded.length > 0) onRecorded();
    return recorded;
  }
}
