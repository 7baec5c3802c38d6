import type { AlertMessage } from '../../../../../domain/alerts/alert-message.ts';
import type { PushTarget } from '../../../../../domain/ports/push-devices.ts';
import type { AlertStore } from './alert-store.ts';

/** What sends one push message: the function's WebPushSender, or a test's. */
export interface PushSender {
  send(target: Pick<PushTarget, 'endpoint' | 'p256dh' | 'auth'>, message: AlertMessage, options?: { urgent?: boolean }): Promise<'delivered' | 'gone'>;
}

/** What pushing needs: the sender, the store that keeps what became of each device, and the clock. */
export interface PushDeps {
  store: Pick<AlertStore, 'delivered' | 'forgetDevice'>;
  sender: PushSender;
  now: () => Date;
}

/**
 * Sends one device one message, then records that it reached its push service, or forgets a device
 * whose service says it is gone. A push that fails is logged and counted, not retried: a request's
 * next alert step (the next escalation run) is its next chance, and a customer's message stays on the
 * card.
 */
export async function pushTo(device: Pick<PushTarget, 'id' | 'endpoint' | 'p256dh' | 'auth'>, message: AlertMessage, { store, sender, now }: PushDeps): Promise<boolean> {
  try {
    const outcome = await sender.send(device, message);
    if (outcome === 'gone') {
      await store.forgetDevice(device.id);
      return false;
    }
    await store.delivered(device.id, now());
    return true;
  } catch (error) {
    // The sender's and the store's messages name the status, never the request or the device's owner.
    console.error(error instanceof Error ? error.message : 'The push failed');
    return false;
  }
}
