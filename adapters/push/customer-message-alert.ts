import { type AlertMessage, messageAlertOf, quoteAcceptedAlertOf } from '../../domain/alerts/alert-message';
import { onCallAt } from '../../domain/alerts/on-call';
import type { CustomerMessageAlert } from '../../domain/ports/customer-link-store';
import type { QuoteAcceptedAlert } from '../../domain/priced-quote/customer-quote';
import type { Logger } from '../../domain/ports/logger';
import type { OnCallRotaStore } from '../../domain/ports/alert-stores';
import type { PushTarget } from '../../domain/ports/push-devices';
import type { WebPushSender } from './web-push-sender';

export interface PushMessageAlertOptions {
  sender: Pick<WebPushSender, 'send'>;
  rota: Pick<OnCallRotaStore, 'readRota'>;
  /** Every staff member's email. */
  staffEmails: () => Promise<string[]>;
  /** A staff member's devices. */
  targets: (staff: string) => Promise<PushTarget[]>;
  /** The push service says a subscription is gone (404, 410): the device is forgotten. */
  forgetDevice: (deviceId: string) => Promise<void>;
  logger: Logger;
  now: () => Date;
}

/**
 * "Message from Tom · URGENT": a push, straight to the devices of whoever is on call now (everyone, if
 * the rota names nobody), when a customer writes about an urgent request still open. Sent at once and
 * not through the alert outbox: the outbox's ledger records one step of each kind per request, and a
 * customer may write many times. A push that fails is logged, not retried: the message is on the card
 * either way, and the request's own alerts still escalate until someone takes it. Rejects only when
 * there were devices and none took it.
 */
export function pushMessageAlert(options: PushMessageAlertOptions): CustomerMessageAlert {
  const push = pushToOnCall(options, 'a customer’s message', true);
  return { customerWrote: (quote) => push(messageAlertOf(quote)) };
}

/**
 * "Quote accepted" · "Tom · £1,254.00": a push to whoever is on call now (everyone, if the rota names
 * nobody), when a customer accepts their quote on their page: at once, though not as urgent, as a customer's message is, and
 * logged, not retried, when it fails: the request is in Won with its value either way.
 */
export function pushQuoteAcceptedAlert(options: PushMessageAlertOptions): QuoteAcceptedAlert {
  const push = pushToOnCall(options, 'an accepted quote', false);
  return { quoteAccepted: (quote, totalPence) => push(quoteAcceptedAlertOf(quote, totalPence)) };
}

/** Sends one alert (with high urgency, or not) to every device of whoever is on call; rejects only when there were devices and none took it. */
function pushToOnCall({ sender, rota, staffEmails, targets, forgetDevice, logger, now }: PushMessageAlertOptions, what: string, urgent: boolean) {
  return async (alert: AlertMessage): Promise<void> => {
    const onCall = onCallAt(await rota.readRota(), await staffEmails(), now());
    const devices = (await Promise.all(onCall.staff.map((staff) => targets(staff)))).flat();
    const outcomes = await Promise.all(
      devices.map(async (device) => {
        try {
          const outcome = await sender.send(device, alert, { urgent });
          if (outcome === 'gone') await forgetDevice(device.id);
          return outcome === 'delivered';
        } catch (error) {
          logger.error(`The alert of ${what} to ${device.staff}'s ${device.label} failed`, error);
          return false;
        }
      }),
    );
    if (devices.length > 0 && !outcomes.some(Boolean)) throw new Error(`No device on call took the alert of ${what}`);
  };
}
