import { alertTarget, requestAlertOf } from '../../domain/alerts/alert-message';
import type { ClaimedAlert } from '../../domain/ports/alert-stores';
import type { Logger } from '../../domain/ports/logger';
import type { PushTarget } from '../../domain/ports/push-devices';
import { signTakeToken, takeTokenLifetimeMs } from './take-token';
import type { WebPushSender } from './web-push-sender';
import type { WebhookSender } from './webhook';

export interface AlertDeliveryOptions {
  sender: Pick<WebPushSender, 'send'>;
  /** The chat webhook, when WEBHOOK_URL is set. */
  webhook: Pick<WebhookSender, 'send'> | undefined;
  /** Signs the "I'm on it" token each push carries. */
  takeTokenSecret: string;
  /** The push service says a subscription is gone (404, 410): the device is forgotten. */
  forgetDevice: (deviceId: string) => Promise<void>;
  /** The site's public address, e.g. https://www.example.co.uk, for links to a request. */
  siteUrl: string;
  now: () => Date;
}

/**
 * Delivers one alert from the outbox: a push to one device, carrying a single-use token that takes the
 * request for that device's owner, or a post to the webhook. Rejects when it could not be delivered, so
 * the outbox tries again; a device whose subscription is gone is forgotten, and that counts as done.
 */
export function alertDelivery({ sender, webhook, takeTokenSecret, forgetDevice, siteUrl, now }: AlertDeliveryOptions) {
  return async ({ id, step, quote, target }: ClaimedAlert): Promise<void> => {
    const alert = requestAlertOf(quote, step);
    if (target.channel === 'webhook') {
      // Set up when the step was queued and unset since: there is nowhere to send it.
      if (webhook === undefined) return;
      await webhook.send({ deliveryId: id, step, quote, inboxUrl: new URL(alertTarget(alert), siteUrl).href });
      return;
    }
    const take = signTakeToken(takeTokenSecret, { deliveryId: id, quoteId: quote.id, expiresAt: new Date(now().getTime() + takeTokenLifetimeMs) });
    const outcome = await sender.send(target.device, { ...alert, take }, { urgent: quote.urgent });
    if (outcome === 'gone') await forgetDevice(target.device.id);
  };
}

export interface TestAlertOptions {
  sender: Pick<WebPushSender, 'send'>;
  /** The staff member's devices. */
  targets: (staff: string) => Promise<PushTarget[]>;
  forgetDevice: (deviceId: string) => Promise<void>;
  logger: Logger;
  now: () => Date;
}

/**
 * "Send a test alert": straight to each of the staff member's devices, not through the outbox, so the
 * answer says at once how many push services took it. A device whose subscription is gone is forgotten
 * and counted as failed.
 */
export function testAlertSender({ sender, targets, forgetDevice, logger, now }: TestAlertOptions) {
  return async (staff: string): Promise<{ delivered: number; failed: number }> => {
    const devices = await targets(staff);
    const outcomes = await Promise.all(
      devices.map(async (device) => {
        try {
          const outcome = await sender.send(device, { kind: 'test', sentAt: now().toISOString() });
          if (outcome === 'gone') await forgetDevice(device.id);
          return outcome === 'delivered';
        } catch (error) {
          logger.error(`The test alert to ${staff}'s ${device.label} failed`, error);
          return false;
        }
      }),
    );
    const delivered = outcomes.filter(Boolean).length;
    return { delivered, failed: outcomes.length - delivered };
  };
}
