import { createHash } from 'node:crypto';
import * as v from 'valibot';
import webPush from 'web-push';
import { type AlertMessage, AlertMessageSchema } from '../../domain/alerts/alert-message';
import type { PushTarget } from '../../domain/ports/push-devices';
import type { VapidKeys } from './vapid-keys';

/**
 * How long a push service keeps an alert for a phone it cannot reach (TTL, seconds), and how hard it
 * tries (Urgency, RFC 8030 §5.3). An urgent request's alert is stale once the next step (escalation,
 * due soon) could have replaced it, ten minutes at the soonest; a standard request's reminder is
 * still worth having within the hour; a test alert matters only while someone looks at the screen.
 */
export const pushDelivery = {
  urgent: { ttlSeconds: 10 * 60, urgency: 'high' },
  standard: { ttlSeconds: 60 * 60, urgency: 'normal' },
  test: { ttlSeconds: 5 * 60, urgency: 'normal' },
} as const;

/** A push service that says nothing for this long is counted as down; the outbox tries again later. */
const pushTimeoutMs = 10_000;

/** A push service's answer, as fetch gives it. */
interface PushAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  body: { cancel(): Promise<void> } | null;
  text(): Promise<string>;
}

/**
 * Posts one push message: fetch, held to the rule of which hosts a push may reach
 * (domain/alerts/push-endpoint.ts). On Node that is public-push-fetch.ts, which checks what the name
 * resolves to as it connects; the edge function passes its own, for Deno.
 */
export type PushFetch = (
  endpoint: string,
  init: { method: 'POST'; headers: [string, string][]; body: Uint8Array<ArrayBuffer>; redirect: 'manual'; signal: AbortSignal },
) => Promise<PushAnswer>;

/** What a push service said of one alert: it took it, or the subscription no longer exists. */
export type PushOutcome = 'delivered' | 'gone';

/** RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet. */
const topicLength = 32;

/**
 * The Topic an alert is sent under: one per request, so a push service holding an older alert about
 * it for an offline phone replaces it with the newer one. A hash, as request ids need not fit the
 * Topic's alphabet or length, and the push service has no need to see them. Test alerts share one.
 */
export function alertTopic(message: AlertMessage): string {
  if (message.kind === 'test') return 'test-alert';
  // A customer's message, or their yes to a quote, must not replace the request's own alert still waiting to be delivered.
  const about = message.kind === 'customer-message' ? 'quote-message' : message.kind === 'quote-accepted' ? 'quote-accepted' : 'quote';
  return createHash('sha256').update(`${about}:${message.quoteId}`).digest('base64url').slice(0, topicLength);
}

const excerptLength = 200;

/**
 * Sends alerts to browsers' push subscriptions with the web-push library: the payload encrypted for
 * the subscription (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292). The request itself
 * goes out through `fetch`, which reaches only the hosts push endpoints may be on.
 */
export class WebPushSender {
  readonly #vapid: VapidKeys;
  readonly #fetch: PushFetch;
  readonly #timeoutMs: number;

  constructor(vapid: VapidKeys, { fetch, timeoutMs = pushTimeoutMs }: { fetch: PushFetch; timeoutMs?: number }) {
    this.#vapid = vapid;
    this.#fetch = fetch;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Sends one alert to one device: 'delivered' when its push service took it (2xx), 'gone' when the
   * subscription is dead (404, 410) and the device should be forgotten. Rejects, saying what happened,
   * on any other answer, when the service cannot be reached, or after {@link pushTimeoutMs}. `urgent`
   * (by default, the request's own urgency) sends with high urgency and a short TTL.
   */
  async send(target: Pick<PushTarget, 'endpoint' | 'p256dh' | 'auth'>, message: AlertMessage, { urgent }: { urgent?: boolean } = {}): Promise<PushOutcome> {
    // Parsed, not trusted: the schema keeps only what a lock screen may show, whatever the caller passed.
    const payload = JSON.stringify(v.parse(AlertMessageSchema, message));
    const delivery = message.kind === 'test' ? pushDelivery.test : (urgent ?? (message.kind !== 'quote-accepted' && message.urgent)) ? pushDelivery.urgent : pushDelivery.standard;
    const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: this.#vapid,
      contentEncoding: 'aes128gcm',
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      topic: alertTopic(message),
    });
    // fetch sets Content-Length itself, and wants every header as a string (web-push gives TTL and
    // Content-Length as numbers, whatever its types say).
    const given: Readonly<Record<string, string | number>> = details.headers;
    const headers = Object.entries(given).flatMap(([name, value]) => (name.toLowerCase() === 'content-length' ? [] : [[name, String(value)] as [string, string]]));
    // The host only: the rest of an endpoint is the capability to push to that phone.
    const service = URL.canParse(target.endpoint) ? new URL(target.endpoint).host : 'the push service';
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let response: PushAnswer;
    try {
      response = await this.#fetch(target.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body), redirect: 'manual', signal });
    } catch (cause) {
      throw new Error(signal.aborted ? `Push to ${service} got no answer within ${this.#timeoutMs / 1000} s` : `Push to ${service} failed: ${describe(cause)}`, { cause });
    }
    if (response.ok) {
      await response.body?.cancel();
      return 'delivered';
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return 'gone';
    }
    const body = await response.text().catch(() => '');
    const excerpt = body.replace(/\s+/g, ' ').trim().slice(0, excerptLength);
    throw new Error(`Push to ${service} was refused: ${response.status} ${response.statusText}${excerpt === '' ? '' : `: ${excerpt}`}`.trimEnd());
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // fetch says only "fetch failed"; what went wrong (ECONNREFUSED, a DNS failure) is in its cause.
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
}
