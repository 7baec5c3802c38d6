import { messageAlertOf } from '../../../../../domain/alerts/alert-message.ts';
import { onCallAt } from '../../../../../domain/alerts/on-call.ts';
import type { CustomerMessageAlert } from '../../../../../domain/ports/customer-link-store.ts';
import type { AlertStore } from '../_shared/alert-store.ts';
import { type PushDeps, pushTo } from '../_shared/push.ts';

export interface MessageAlertDeps extends PushDeps {
  store: Pick<AlertStore, 'audience' | 'devicesOf' | 'delivered' | 'forgetDevice'>;
}

/**
 * "Message from Tom · URGENT", as our server sends it (adapters/push/customer-message-alert.ts): a push
 * straight to the devices of whoever is on call now by the rota (everyone, if it names nobody), with
 * the request's few lock-screen facts and never the message itself. Sent at once and recorded in no
 * alert step: a customer may write many times, and the request's own alerts go on as they were. A
 * push that fails is logged by pushTo, not retried: the message is on the card either way. Rejects
 * only when there were devices and none took it, so the use case logs that too.
 */
export function pushMessageAlert(deps: MessageAlertDeps): CustomerMessageAlert {
  return {
    customerWrote: async (quote) => {
      const { staff, rota } = await deps.store.audience();
      const devices = await deps.store.devicesOf(onCallAt(rota, staff, deps.now()).staff);
      const alert = messageAlertOf(quote);
      const delivered = await Promise.all(devices.map((device) => pushTo(device, alert, deps)));
      if (devices.length > 0 && !delivered.some(Boolean)) throw new Error('No device on call took the alert of a customer’s message');
    },
  };
}

/** Without the VAPID secrets the customer link still works; each message that would alert says why it did not, in the log. */
export const alertsNotSetUp = (problem: string): CustomerMessageAlert => ({
  customerWrote: () => Promise.reject(new Error(`Alerts are not set up: ${problem}`)),
});
