import type { AlertRecord, AlertStep, Taking } from '../alerts/alert-plan';
import type { OnCallShift } from '../alerts/on-call';
import type { QuoteRequest } from '../quote/quote';
import type { QuoteStatus } from '../inbox/quote-status';
import type { PushTarget } from './push-devices';

/** Who is on call when: the weekly rota, one list for the whole business. */
export interface OnCallRotaStore {
  readRota(): Promise<OnCallShift[]>;
  /** Replaces the whole rota. */
  saveRota(shifts: readonly OnCallShift[]): Promise<void>;
}

/** A request still waiting for someone, with the alerts it has had: what planning the next one needs. */
export interface AlertCandidate {
  quote: QuoteRequest;
  status: QuoteStatus;
  taken: Taking | null;
  sent: readonly AlertRecord[];
}

/**
 * The record of which alert steps each request has had. Recording a step queues its deliveries in the
 * same transaction, so the step is sent exactly once however many servers plan it.
 */
export interface AlertLedger {
  /**
   * Requests that arrived at or after `since` and still wait for someone, with the steps each has had;
   * only those `only` names, when given.
   */
  awaitingSomeone(since: Date, only?: readonly string[]): Promise<AlertCandidate[]>;
  /**
   * The requests `awaitingSomeone(since)` gives, a page at a time: at most `limit`, oldest first, of
   * those that arrived after `after` (a request of the page before), by their time and then id.
   */
  awaitingSomeoneAfter(since: Date, after: { createdAt: Date; id: string } | undefined, limit: number): Promise<AlertCandidate[]>;
  /**
   * Records the step and queues a delivery for each device of each recipient, and one for the webhook
   * when `webhook`. False, with nothing queued, when the step was recorded already.
   */
  recordAlert(quoteId: string, record: AlertRecord, options: { webhook: boolean }): Promise<boolean>;
  /**
   * Spends the single-use "I'm on it" token of one delivery: the staff member it was sent to, the first
   * time, for the request it was about; undefined ever after, or for a delivery that is not that request's.
   */
  redeemTake(deliveryId: string, quoteId: string, now: Date): Promise<string | undefined>;
}

/** One alert taken from the outbox to be delivered: to one device, or to the webhook. */
export interface ClaimedAlert {
  id: string;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
  step: AlertStep;
  quote: QuoteRequest;
  target: { channel: 'push'; device: PushTarget } | { channel: 'webhook' };
}

/** The alerts waiting to be delivered; leased to one sender at a time, as the email outbox is. */
export interface AlertOutbox {
  /** How long a claim holds unless renewed: a sender renews what it is still at work on well within it. */
  readonly leaseSeconds: number;
  claimDue(limit: number): Promise<ClaimedAlert[]>;
  /** Extends the claim on each still unsent of `ids`, for a sender still at work on them. */
  renew(ids: readonly string[]): Promise<void>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /** The push service says the subscription is gone (404, 410): forget the device and what waits for it. */
  forgetDevice(deviceId: string): Promise<void>;
  backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }>;
}
