import type { Kysely } from 'kysely';
import type { Logger } from '../../../domain/ports/logger';
import { alertDelivery, testAlertSender } from '../../push/alert-delivery';
import { pushMessageAlert, pushQuoteAcceptedAlert } from '../../push/customer-message-alert';
import { readTakeToken } from '../../push/take-token';
import { requireTakeTokenSecret, requireVapidKeys } from '../../push/vapid-keys';
import { type PushFetch, WebPushSender } from '../../push/web-push-sender';
import { parseWebhookConfig, WebhookSender } from '../../push/webhook';
import type { Database } from '../../sql/database';
import { SqlAlertLedger } from '../../sql/sql-alert-ledger';
import { SqlAlertOutbox } from '../../sql/sql-alert-outbox';
import { SqlOnCallRota } from '../../sql/sql-on-call-rota';
import { SqlPushDeviceStore } from '../../sql/sql-push-device-store';
import type { SqlSecretStore } from '../../sql/sql-secret-store';
import { createAlertEngine } from '../alerts/alert-engine';
import type { ServerConfig } from '../server-config';

export interface HostAlertOptions {
  config: ServerConfig;
  env: Readonly<Record<string, string | undefined>>;
  /** The site's public address: links to a request, and whom push services reach without VAPID_SUBJECT or NOTIFY_TO. */
  siteUrl: string;
  secrets: SqlSecretStore;
  staffEmails: () => Promise<string[]>;
  /** Each host's fetch for push endpoints: the rule checked, and on Node the address it checked pinned. */
  publicPushFetch: (rule: { allowLoopback: boolean }) => PushFetch;
  allowLoopbackPush: boolean;
  logger: Logger;
  now: () => Date;
}

/**
 * Alerts on staff phones: every step recorded in the database with its deliveries (one per device, and
 * the webhook's), delivered through the alert outbox until the push service takes it; and a customer's
 * message about an urgent request, pushed at once to whoever is on call.
 */
export async function hostAlerts(db: Kysely<Database>, options: HostAlertOptions) {
  const { config, env, siteUrl, secrets, staffEmails, allowLoopbackPush, logger, now } = options;
  // Made once and kept in the database unless given in the settings; the subject falls back to the site.
  const vapid = await requireVapidKeys(env, secrets, siteUrl);
  const takeTokenSecret = await requireTakeTokenSecret(secrets);
  if (allowLoopbackPush) {
    console.warn(
      'WARNING: PUSH_ALLOW_LOOPBACK_FOR_TESTS is set: staff can register push endpoints on this machine, and they are pushed to. It is for tests alone: never set it in production.',
    );
  }
  const outbox = new SqlAlertOutbox(db, { leaseSeconds: config.OUTBOX_LEASE_SECONDS });
  const devices = new SqlPushDeviceStore(db);
  const rota = new SqlOnCallRota(db);
  const sender = new WebPushSender(vapid, { fetch: options.publicPushFetch({ allowLoopback: allowLoopbackPush }) });
  const forgetDevice = (deviceId: string) => outbox.forgetDevice(deviceId);
  const targets = (staff: string) => devices.pushTargets(staff);
  const webhook = parseWebhookConfig(env);
  const engine = createAlertEngine({
    ledger: new SqlAlertLedger(db),
    outbox,
    devices,
    rota,
    staffEmails,
    policy: { escalateAfterMinutes: config.ESCALATE_AFTER_MINUTES },
    webhook: webhook !== undefined,
    publicKey: vapid.publicKey,
    deliver: alertDelivery({ sender, webhook: webhook && new WebhookSender(webhook), takeTokenSecret, forgetDevice, siteUrl, now }),
    sendTestAlert: testAlertSender({ sender, targets, forgetDevice, logger, now }),
    readTakeToken: (quoteId, token) => readTakeToken(takeTokenSecret, token, { quoteId, now: now() }),
    allowLoopbackPush,
    logger,
    // The planner keeps real time: the tests' clock, which the stores follow, jumps by days.
    checkEveryMs: config.ALERT_CHECK_SECONDS * 1000,
  });
  const customerMessages = pushMessageAlert({ sender, rota, staffEmails, targets, forgetDevice, logger, now });
  const quotesAccepted = pushQuoteAcceptedAlert({ sender, rota, staffEmails, targets, forgetDevice, logger, now });
  return { vapid, engine, customerMessages, quotesAccepted };
}
