import type { AlertPolicy } from '../../../domain/alerts/alert-plan';
import type { AlertLedger, AlertOutbox, ClaimedAlert, OnCallRotaStore } from '../../../domain/ports/alert-stores';
import type { Logger } from '../../../domain/ports/logger';
import type { PushDeviceStore } from '../../../domain/ports/push-devices';
import type { ApiDeps } from '../api';
import { AlertPlanner } from './alert-planner';
import { OutboxDispatcher } from './outbox-dispatcher';

export interface AlertEngineOptions {
  ledger: AlertLedger;
  outbox: AlertOutbox;
  devices: PushDeviceStore;
  rota: OnCallRotaStore;
  /** Every staff member's email. */
  staffEmails: () => Promise<string[]>;
  policy: AlertPolicy;
  /** Whether a chat webhook hears of new requests and escalations too. */
  webhook: boolean;
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Delivers one alert (a push, or the webhook); rejects when it could not, and the outbox retries. */
  deliver: (alert: ClaimedAlert) => Promise<void>;
  sendTestAlert: (staff: string) => Promise<{ delivered: number; failed: number }>;
  /** The delivery a take token was signed for, if its signature holds, it is this request's and it has not expired. */
  readTakeToken: (quoteId: string, token: string) => string | undefined;
  /** Takes push endpoints on this machine (loopback) too: the tests' switch, never in production. */
  allowLoopbackPush: boolean;
  logger: Logger;
  now?: () => Date;
  /** How often the planner looks for steps that have come due (default 10 s). */
  checkEveryMs?: number;
  /** The dispatcher's poll and retry delays, for tests. */
  delivery?: { pollMs?: number; firstRetryMs?: number; maxRetryMs?: number; recordRetryMs?: number; maxRecordRetryMs?: number };
}

/** What the log calls an alert whose delivery failed: "the escalated alert for request 42 to sam@…'s Pixel". */
const describeAlert = ({ step, quote, target }: ClaimedAlert): string =>
  `the ${step} alert for request ${quote.id} ${target.channel === 'webhook' ? 'to the webhook' : `to ${target.device.staff}'s ${target.device.label}`}`;

/**
 * The alerts of one server: the planner that records each step as it falls due, the dispatcher that
 * delivers what the steps queued, and what the HTTP app needs of them. A stored request should be
 * told to it (`arrived`).
 */
export function createAlertEngine(options: AlertEngineOptions) {
  const { ledger, outbox, devices, rota, staffEmails, logger, readTakeToken } = options;
  const now = options.now ?? (() => new Date());
  const dispatcher = new OutboxDispatcher({ outbox, deliver: options.deliver, describe: describeAlert, name: 'the alert outbox', logger, now, ...options.delivery });
  const planner = new AlertPlanner({
    ledger,
    audience: async () => ({ staff: await staffEmails(), rota: await rota.readRota() }),
    policy: options.policy,
    webhook: options.webhook,
    onRecorded: () => dispatcher.wake(),
    logger,
    now,
    ...(options.checkEveryMs !== undefined && { pollMs: options.checkEveryMs }),
  });
  const serverDeps: NonNullable<ApiDeps['alerts']> & { backlog: AlertOutbox['backlog']; unrecorded: () => number } = {
    devices,
    rota,
    staffEmails,
    publicKey: options.publicKey,
    sendTestAlert: options.sendTestAlert,
    onRotaSaved: () => planner.wake(),
    allowLoopbackPush: options.allowLoopbackPush,
    backlog: () => outbox.backlog(),
    unrecorded: () => dispatcher.unrecorded,
    redeemTakeToken: async (quoteId, token) => {
      const deliveryId = readTakeToken(quoteId, token);
      return deliveryId === undefined ? undefined : ledger.redeemTake(deliveryId, quoteId, now());
    },
  };
  return {
    planner,
    serverDeps,
    start: () => {
      dispatcher.start();
      planner.start();
    },
    /** Plan every waiting request now. */
    wake: () => planner.wake(),
    /** Plans what fell due (for these requests only, when named), then delivers what waits: once, for a host with no loops. */
    runOnce: async (only?: readonly string[]) => {
      await planner.planDue(only);
      await dispatcher.sendDue();
    },
    /** A request was stored, or moved out of the Spam folder: plan its first alert now. */
    arrived: (quoteId: string) => planner.arrived(quoteId),
    stop: async () => {
      await planner.stop();
      await dispatcher.stop();
    },
  };
}
