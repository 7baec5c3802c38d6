// @ts-types="@types/web-push"
import webpush from 'web-push';
import { type AlertMessage, alertTag } from '../../../../../domain/alert-message.ts';
import type { PushTarget } from '../../../../../domain/ports.ts';

/** The VAPID key pair (RFC 8292) and who the push services may contact about it (mailto: or https:). */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a push service keeps an alert for a device that is off: an urgent one is stale soon. */
const ttlSeconds = { urgent: 15 * 60, standard: 2 * 60 * 60 } as const;

/**
 * A Topic (RFC 8030 5.4) is at most 32 characters of base64url: the request's id without its dashes
 * is exactly that, so a newer alert about a request replaces an older one the service still holds.
 */
const topicOf = (message: AlertMessage): string => alertTag(message).replace(/^quote-/, '').replaceAll('-', '').slice(0, 32);

/**
 * Sends Web Push messages (RFC 8030), encrypted for the device (RFC 8291, aes128gcm) and signed with
 * the VAPID key: web-push writes the request, fetch sends it. 'gone' when the push service says the
 * subscription is no more (404, 410); rejects, naming the status, on any other refusal.
 */
export class WebPushSender {
  readonly #vapid: Vapid;
  readonly #fetch: typeof fetch;

  constructor(vapid: Vapid, fetchImpl: typeof fetch = fetch) {
    this.#vapid = vapid;
    this.#fetch = fetchImpl;
  }

  async send(target: Pick<PushTarget, 'endpoint' | 'p256dh' | 'auth'>, message: AlertMessage, { urgent }: { urgent: boolean }): Promise<'delivered' | 'gone'> {
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
      vapidDetails: this.#vapid,
      contentEncoding: 'aes128gcm',
      TTL: urgent ? ttlSeconds.urgent : ttlSeconds.standard,
      urgency: urgent ? 'high' : 'normal',
      topic: topicOf(message),
    });
    const response = await this.#fetch(details.endpoint, {
      method: 'POST',
      headers: details.headers,
      body: details.body === null ? null : new Uint8Array(details.body),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new Error(`The push service answered ${response.status}`);
    return 'delivered';
  }
}
