import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { alertBody, alertTitle, requestAlertOf } from '../../domain/alerts/alert-message';
import type { AlertStep } from '../../domain/alerts/alert-plan';
import { business } from '../../domain/business';
import type { QuoteRequest } from '../../domain/quote/quote';
import { dueAt } from '../../domain/inbox/response-clock';
import { toWireQuote } from '../http-api/wire';

/** `json`: the whole request, for the business's own endpoint. `slack`: a short message for a chat channel. */
const webhookFormats = ['json', 'slack'] as const;
type WebhookFormat = (typeof webhookFormats)[number];

/** Where the webhook posts, the secret it signs with, and in which format. */
export interface WebhookConfig {
  url: string;
  secret: string;
  format: WebhookFormat;
}

/** One alert step about one request, for the webhook. */
export interface WebhookDelivery {
  /** The delivery's id in the outbox: the same on every retry, so a receiver can drop a repeat. */
  deliveryId: string;
  step: AlertStep;
  quote: QuoteRequest;
  /** Where the request opens in the inbox: the site's address with alertTarget's path. */
  inboxUrl: string;
}

/** A receiver that says nothing for this long is counted as down; the outbox tries again later. */
const webhookTimeoutMs = 10_000;

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe's does. */
const webhookSignatureHeader = 'Webhook-Signature';

const eventTypes: Record<AlertStep, string> = {
  new: 'quote_request.new',
  escalated: 'quote_request.escalated',
  'due-soon': 'quote_request.due_soon',
  reminder: 'quote_request.reminder',
};

/** What leads a chat message, by step: why it was sent. */
const stepLines: Record<AlertStep, string> = {
  new: 'New request',
  escalated: 'Nobody has taken this yet',
  'due-soon': 'Due soon and nobody has taken it',
  reminder: 'Still waiting',
};

/** The signature header's value for `rawBody` sent at `timestamp` (unix seconds). */
function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

// Slack's mrkdwn reads &, < and > as markup: a visitor's first name must not make a link.
const slackText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The body of one delivery, in the webhook's format. */
function webhookBody(format: WebhookFormat, { deliveryId, step, quote, inboxUrl }: WebhookDelivery, now: Date): unknown {
  if (format === 'json') {
    return {
      id: deliveryId,
      type: eventTypes[step],
      created: now.toISOString(),
      data: { ...toWireQuote(quote), due_at: dueAt(quote).toISOString(), inbox_url: inboxUrl },
    };
  }
  // Chat channels are read widely: what a lock screen may show, and no more (no phone, email or description).
  const alert = requestAlertOf(quote, step);
  return { text: `${stepLines[step]}: *${slackText(alertTitle(alert))}* · ${slackText(alertBody(alert, now))} · <${slackText(inboxUrl)}|Open the request>` };
}

const excerptLength = 200;

/**
 * Posts alert steps to the business's webhook (its own endpoint, or a chat's incoming webhook), each
 * signed with HMAC-SHA256 over the timestamp and the body. Resolves on a 2xx answer; rejects on any
 * other, when the receiver cannot be reached, or after {@link webhookTimeoutMs}, for the outbox to retry.
 */
export class WebhookSender {
  readonly #config: WebhookConfig;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;
  readonly #timeoutMs: number;

  constructor({ fetch: fetchFn = fetch, now = () => new Date(), timeoutMs = webhookTimeoutMs, ...config }: WebhookConfig & { fetch?: typeof fetch; now?: () => Date; timeoutMs?: number }) {
    this.#config = config;
    this.#fetch = fetchFn;
    this.#now = now;
    this.#timeoutMs = timeoutMs;
  }

  async send(delivery: WebhookDelivery): Promise<void> {
    const now = this.#now();
    const body = JSON.stringify(webhookBody(this.#config.format, delivery, now));
    const site = URL.canParse(delivery.inboxUrl) ? new URL(delivery.inboxUrl).origin : business.siteUrl;
    // The host only: a chat's webhook URL carries its secret in the path.
    const host = new URL(this.#config.url).host;
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    try {
      response = await this.#fetch(this.#config.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `${business.shortName.replaceAll(' ', '-')}-Webhook/1 (+${site})`,
          [webhookSignatureHeader]: webhookSignature(this.#config.secret, Math.floor(now.getTime() / 1000), body),
        },
        body,
        redirect: 'manual',
        signal,
      });
    } catch (cause) {
      throw new Error(signal.aborted ? `Webhook to ${host} got no answer within ${this.#timeoutMs / 1000} s` : `Webhook to ${host} failed: ${describe(cause)}`, { cause });
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const text = await response.text().catch(() => '');
    const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, excerptLength);
    throw new Error(`Webhook to ${host} was refused: ${response.status} ${response.statusText}${excerpt === '' ? '' : `: ${excerpt}`}`.trimEnd());
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
}

const minSecretLength = 16;

const WebhookUrl = v.pipe(
  v.string(),
  v.check((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'WEBHOOK_URL must be an http:// or https:// URL'),
);
const WebhookSecret = v.pipe(
  v.string('WEBHOOK_SECRET must be set when WEBHOOK_URL is'),
  v.minLength(minSecretLength, `WEBHOOK_SECRET must be at least ${minSecretLength} characters`),
);
const Format = v.optional(v.picklist(webhookFormats, 'WEBHOOK_FORMAT must be json or slack'), 'json');

/**
 * The webhook settings from the environment: undefined when WEBHOOK_URL is unset (no webhook), else
 * all of them, or an Error naming each variable that is missing or wrong. An empty variable counts as
 * unset. The messages never repeat the URL or the secret, which both can hold a secret.
 */
export function parseWebhookConfig(env: Readonly<Record<string, string | undefined>>): WebhookConfig | undefined {
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const url = set('WEBHOOK_URL');
  if (url === undefined) {
    const stray = ['WEBHOOK_SECRET', 'WEBHOOK_FORMAT'].filter((name) => set(name) !== undefined);
    if (stray.length > 0) throw new Error(`Invalid webhook configuration: WEBHOOK_URL must be set when ${stray.join(' and ')} ${stray.length > 1 ? 'are' : 'is'}`);
    return undefined;
  }
  const results = [v.safeParse(WebhookUrl, url), v.safeParse(WebhookSecret, set('WEBHOOK_SECRET')), v.safeParse(Format, set('WEBHOOK_FORMAT'))] as const;
  const [parsedUrl, secret, format] = results;
  if (parsedUrl.success && secret.success && format.success) return { url: parsedUrl.output, secret: secret.output, format: format.output };
  const problems = results.flatMap((result) => (result.success ? [] : result.issues.map((issue) => issue.message)));
  throw new Error(`Invalid webhook configuration: ${problems.join('; ')}`);
}
