import { requestAlertOf } from '../../../../../domain/alerts/alert-message.ts';
import { type AlertPolicy, alertWindowMinutes, planAlert } from '../../../../../domain/alerts/alert-plan.ts';
import type { AlertStore } from '../_shared/alert-store.ts';
import { type PushSender, pushTo } from '../_shared/push.ts';
import { signTakeToken, takeTokenLifetimeMs } from '../../../../push/take-token.ts';

export interface AlertingDeps {
  store: AlertStore;
  sender: PushSender;
  takeTokenSecret: string;
  policy: AlertPolicy;
  now: () => Date;
  newId: () => string;
}

/** How many pushes went, and how many were refused or failed. */
export interface Sent {
  delivered: number;
  failed: number;
}

const minuteMs = 60_000;

/**
 * For each request still waiting for someone (arrived within the alert window; only `quoteId` when
 * given), plans the alert due now with the domain's rules, records it (once, however many callers
 * plan it at the same moment) and pushes it to each recipient's devices, each message with its own
 * single-use "I'm on it" token (signed over the token the database issued for that push). Urgent
 * requests go with high urgency and a short TTL (the push adapter's WebPushSender decides).
 */
export async function sendDueAlerts(deps: AlertingDeps, quoteId?: string): Promise<Sent & { alerted: number }> {
  const now = deps.now();
  const candidates = await deps.store.candidates(new Date(now.getTime() - alertWindowMinutes * minuteMs), quoteId);
  const sent = { alerted: 0, delivered: 0, failed: 0 };
  if (candidates.length === 0) return sent;
  const audience = await deps.store.audience();
  for (const { quote, status, taken, sent: earlier } of candidates) {
    const record = planAlert({ createdAt: quote.createdAt, urgent: quote.urgent, status, taken }, earlier, audience, now, deps.policy);
    if (record === undefined) continue;
    const targets = await deps.store.recordAlert(quote.id, record);
    if (targets === undefined) continue;
    sent.alerted += 1;
    const alert = requestAlertOf(quote, record.step);
    const expiresAt = new Date(now.getTime() + takeTokenLifetimeMs);
    const results = await Promise.all(
      targets.map((target) => {
        const take = signTakeToken(deps.takeTokenSecret, { deliveryId: target.takeId, quoteId: quote.id, expiresAt });
        return pushTo(target, { ...alert, take }, deps);
      }),
    );
    sent.delivered += results.filter(Boolean).length;
    sent.failed += results.filter((ok) => !ok).length;
  }
  return sent;
}
