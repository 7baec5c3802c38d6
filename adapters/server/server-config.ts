import { defaultReminderLeadDays } from '../../domain/reminders/service-reminder';
import * as v from 'valibot';
import { defaultAlertPolicy } from '../../domain/alerts/alert-plan';
import { defaultRetentionMonths } from '../../domain/customer-data/retention';
import { defaultSpamRetentionDays } from '../../domain/spam/spam';
import { defaultReviewAskAfterHours } from '../../domain/reviews/review-ask';
import { defaultQuoteFollowUpDays } from '../../domain/priced-quote/quote-emails';
import type { ConnectionLimits } from './start-server';

const port = v.pipe(
  v.optional(v.string(), '3000'),
  v.transform(Number),
  v.integer('PORT must be a whole number'),
  v.minValue(0, 'PORT must be between 0 and 65535'),
  v.maxValue(65535, 'PORT must be between 0 and 65535'),
);

const positiveWhole = (name: string, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer(`${name} must be a whole number`),
    v.minValue(1, `${name} must be at least 1`),
  );

const wholeOrZero = (name: string, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer(`${name} must be a whole number`),
    v.minValue(0, `${name} must be 0 or more`),
  );

const yesOrNo = (name: string) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0'], `${name} must be true or false`), 'false'),
    v.transform((value) => value === 'true' || value === '1'),
  );

const ServerConfigEntries = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('HOST must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('DATA_DIR must not be empty')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')),
  ),
  TRUST_PROXY: yesOrNo('TRUST_PROXY'),
  RETENTION_MONTHS: positiveWhole('RETENTION_MONTHS', defaultRetentionMonths),
  /** Days a request stays in the Spam folder, unless staff say "Not spam", before it is deleted. */
  SPAM_RETENTION_DAYS: positiveWhole('SPAM_RETENTION_DAYS', defaultSpamRetentionDays),
  /**
   * Issues every form token as if its page had been opened this many seconds before: for end-to-end
   * tests, whose browser fills the form faster than any person. Never in production, where it would
   * let a script that posts at once pass for a person.
   */
  FORM_TOKEN_BACKDATE_SECONDS: wholeOrZero('FORM_TOKEN_BACKDATE_SECONDS', 0),
  /** Quote requests one client may have stored in an hour: see docs/security-and-privacy.md on shared addresses. */
  QUOTE_REQUESTS_PER_HOUR: positiveWhole('QUOTE_REQUESTS_PER_HOUR', 10),
  /** Quote requests one client may have refused for their input (typos, bad JSON) in an hour before it is stopped. */
  QUOTE_REFUSALS_PER_HOUR: positiveWhole('QUOTE_REFUSALS_PER_HOUR', 100),
  /** Looks at customers' private links (/r/<token>) one client may have in an hour. */
  CUSTOMER_LINK_VIEWS_PER_HOUR: positiveWhole('CUSTOMER_LINK_VIEWS_PER_HOUR', 60),
  /** Messages and "No longer needed" one client may send through customers' links in an hour. */
  CUSTOMER_LINK_CHANGES_PER_HOUR: positiveWhole('CUSTOMER_LINK_CHANGES_PER_HOUR', 10),
  /**
   * Pages one client may have drawn for it alone in an hour: the home page for a source (a referrer,
   * campaign tags) or a postcode's answer not among those kept, the thanks after a plain post, a booking.
   */
  PAGES_DRAWN_PER_HOUR: positiveWhole('PAGES_DRAWN_PER_HOUR', 120),
  /** Failed sign-ins per client address and staff email in an hour; the email's owner elsewhere is never held back. */
  SIGN_IN_ATTEMPTS_PER_HOUR: positiveWhole('SIGN_IN_ATTEMPTS_PER_HOUR', 10),
  /** Failed sign-ins per client address in an hour, whatever the emails. */
  SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: positiveWhole('SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR', 30),
  /** How long a client may take over its request's headers, and over the whole request with its body. */
  HEADERS_TIMEOUT_SECONDS: positiveWhole('HEADERS_TIMEOUT_SECONDS', 10),
  REQUEST_TIMEOUT_SECONDS: positiveWhole('REQUEST_TIMEOUT_SECONDS', 20),
  /** Connections one address may hold at once; 0 for no cap. Not applied behind TRUST_PROXY. */
  MAX_CONNECTIONS_PER_CLIENT: wholeOrZero('MAX_CONNECTIONS_PER_CLIENT', 20),
  /**
   * How long a server's claim on an email or alert holds unless renewed; it renews every third of it
   * while sending. What a killed server had claimed goes out about this long after.
   */
  OUTBOX_LEASE_SECONDS: positiveWhole('OUTBOX_LEASE_SECONDS', 10),
  ESCALATE_AFTER_MINUTES: positiveWhole('ESCALATE_AFTER_MINUTES', defaultAlertPolicy.escalateAfterMinutes),
  /** How long after a job is marked done its customer is asked for a review (a reminder follows a week later). */
  REVIEW_ASK_AFTER_HOURS: positiveWhole('REVIEW_ASK_AFTER_HOURS', defaultReviewAskAfterHours),
  /** How many days before a yearly visit falls due its reminder email goes (a second follows two weeks later). */
  REMINDER_LEAD_DAYS: positiveWhole('REMINDER_LEAD_DAYS', defaultReminderLeadDays),
  /** How many days after a priced quote is sent its one follow-up email goes, if the customer has not answered; 0 sends none. */
  QUOTE_FOLLOW_UP_DAYS: wholeOrZero('QUOTE_FOLLOW_UP_DAYS', defaultQuoteFollowUpDays),
  /** The business's Google Business Profile "write a review" address, where a done job's review link sends the customer. */
  REVIEW_URL: v.optional(v.pipe(v.string(), v.url('REVIEW_URL must be the address of your Google review page, like https://g.page/r/…/review'))),
  /** How often the server looks for alerts that have come due: the most an escalation can be late by. */
  ALERT_CHECK_SECONDS: positiveWhole('ALERT_CHECK_SECONDS', 10),
  /**
   * Takes push endpoints on this machine's loopback and pushes to them, for the push service the
   * end-to-end tests and the alert benchmark run; the server warns loudly when it is set. Never in production.
   */
  PUSH_ALLOW_LOOPBACK_FOR_TESTS: yesOrNo('PUSH_ALLOW_LOOPBACK_FOR_TESTS'),
  /** The site's public address, for links to a request in webhooks (the build reads it for the pages). */
  SITE_URL: v.optional(v.pipe(v.string(), v.url("SITE_URL must be the site's address, like https://www.example.co.uk"))),
  /** Where the server puts its daily backup of DATA_DIR (SQLite only); unset, it takes none. */
  BACKUP_DIR: v.optional(v.string()),
  /** How many daily backups to keep in BACKUP_DIR. */
  BACKUP_KEEP: positiveWhole('BACKUP_KEEP', 14),
  /** Seals every backup with this passphrase, as an age file; restoring asks for the same. */
  BACKUP_PASSPHRASE: v.optional(v.pipe(v.string(), v.minLength(12, 'BACKUP_PASSPHRASE must be at least 12 characters'))),
  STAFF_EMAIL: v.optional(v.string()),
  STAFF_PASSWORD: v.optional(v.string()),
});

const ServerConfigSchema = v.pipe(
  ServerConfigEntries,
  // A live site has an https address: there, the tests' switch can only be a mistake.
  v.check(
    (config) => !(config.PUSH_ALLOW_LOOPBACK_FOR_TESTS && config.SITE_URL?.startsWith('https:') === true),
    'PUSH_ALLOW_LOOPBACK_FOR_TESTS is for tests alone: unset it on a site served over HTTPS (SITE_URL)',
  ),
);

export type ServerConfig = v.InferOutput<typeof ServerConfigSchema>;

/** Every variable readServerConfig reads: deploy/quotes.env.example must list each. */
export const serverSettingNames: readonly string[] = Object.keys(ServerConfigEntries.entries);

/**
 * What start-server needs of the settings. Behind our own proxy every connection comes from the
 * proxy's address, so a cap per address would cap everyone together: the proxy caps its clients instead.
 */
export const connectionLimitsOf = (
  config: Pick<ServerConfig, 'HEADERS_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS' | 'MAX_CONNECTIONS_PER_CLIENT' | 'TRUST_PROXY'>,
): ConnectionLimits => ({
  headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
  requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
  maxConnectionsPerClient: config.TRUST_PROXY || config.MAX_CONNECTIONS_PER_CLIENT === 0 ? undefined : config.MAX_CONNECTIONS_PER_CLIENT,
});

/**
 * The server's settings from its environment; a bad value stops it with a message naming the
 * variable. An empty variable counts as unset, as `DATABASE_URL=` in a deployment file means.
 */
export function readServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = v.safeParse(ServerConfigSchema, set);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => issue.message).join('; ');
  throw new Error(`Invalid server configuration: ${problems}`);
}
