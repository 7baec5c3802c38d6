// What every host of the API over our database shares, composed once: our Node server
// (src/server/node-host.ts) and the Supabase edge function (its compose.ts) pass in only what differs.
// It runs under Node and Deno alike: no database is opened here, no image library loaded.
import { bookingPath, reminderLinkPaths } from '../../../domain/reminders/reminder-paths';
import { SqlEmailOptOuts } from '../../sql/sql-email-opt-outs';
import type { Kysely } from 'kysely';
import { business } from '../../../domain/business';
import { customerLinkPath } from '../../../domain/customer-link/customer-link';
import { reviewLinkPaths } from '../../../domain/reviews/review-paths';
import type { PushFetch } from '../../push/web-push-sender';
import type { Database } from '../../sql/database';
import { SqlCustomerData } from '../../sql/sql-customer-data';
import { SqlCustomerLinks } from '../../sql/sql-customer-links';
import { SqlPhotoStore } from '../../sql/sql-photo-store';
import { SqlQuoteInbox } from '../../sql/sql-quote-inbox';
import { SqlQuoteRepository } from '../../sql/sql-quote-repository';
import { SqlSecretStore } from '../../sql/sql-secret-store';
import { SqlStaffStore } from '../../sql/sql-staff-store';
import { sharedCustomerTokens } from '../customer-link/customer-link-tokens';
import { createRateLimit, type RateLimitStore } from '../http/rate-limits';
import { sharedFormTokens } from '../quotes/form-tokens';
import type { ServerConfig } from '../server-config';
import { hostAlerts } from './host-alerts';
import { hostEmail } from './host-email';

/** Where a host's API answers a done job's review links, and where the page that stops them is. */
interface ReviewLinkBase {
  /** The address the API answers at, asked as each email is written (the function learns it from SUPABASE_URL). */
  apiAt: () => string;
  /** A host that shows no HTML page (Supabase's function) sends "stop" to the customer's own page, on the site. */
  stopOnCustomerPage: boolean;
}

/** What differs by host, passed in by its composition root. */
export interface HostParts {
  /** The host's fetch for push endpoints (adapters/push/ on Node, the function's own under Deno). */
  publicPushFetch: (rule: { allowLoopback: boolean }) => PushFetch;
  /** Takes and pushes to endpoints on this machine: the tests' switch, never in production. */
  allowLoopbackPush: boolean;
  /** Where the rate limits count: this process's memory, or PostgreSQL, which a host's copies share. */
  limitStore: RateLimitStore;
  /** Whether X-Forwarded-For is our proxy's word, for what a client is counted by. */
  trustProxy: boolean;
  reviewLinks: ReviewLinkBase;
  /** SQLite keeps the photos sent with requests as files beside the database; PostgreSQL in it. */
  photoDir?: string | undefined;
  now: () => Date;
}

const hour = 60 * 60;

/**
 * The stores, the email outbox's dispatcher, the alert engine with its VAPID keys, the customers' and
 * review links, and the part of createApi's deps every host passes alike (`api`), from the database,
 * the settings (readServerConfig's, and the environment they came from) and the host's own parts.
 */
export async function composeHost(db: Kysely<Database>, settings: { config: ServerConfig; env: Readonly<Record<string, string | undefined>> }, parts: HostParts) {
  const { config, env } = settings;
  const { now } = parts;
  const logger = console;
  const siteUrl = config.SITE_URL ?? business.siteUrl;
  const photoDir = parts.photoDir === undefined ? {} : { photoDir: parts.photoDir };
  // Values every copy of a host on the database shares: the keys the links, form tokens and alerts are made with.
  const secrets = new SqlSecretStore(db);
  const staffStore = new SqlStaffStore(db);
  const staffEmails = () => staffStore.listAccounts();

  // Customers' private links (/r/<token>): each token derived from its request's id under a secret, so
  // an email built later from the stored request can carry it while the database keeps its hash (decision 020).
  const customerTokens = await sharedCustomerTokens(secrets);
  const reviewLinks = (quote: { id: string }) => {
    const token = customerTokens.tokenFor(quote.id);
    const api = parts.reviewLinks.apiAt().replace(/\/+$/, '');
    const { leaveReview, stop } = reviewLinkPaths(token);
    const oneClickStop = `${api}${stop}`;
    return { leaveReview: `${api}${leaveReview}`, stop: parts.reviewLinks.stopOnCustomerPage ? new URL(`${customerLinkPath(token)}?reviews=stop`, siteUrl).href : oneClickStop, oneClickStop };
  };
  // A reminder's links: "Book my service" opens the quote form filled in; "Stop reminders" as the review's stop.
  const reminderLinks = (quote: { id: string }) => {
    const token = customerTokens.tokenFor(quote.id);
    const oneClickStop = `${parts.reviewLinks.apiAt().replace(/\/+$/, '')}${reminderLinkPaths(token).stop}`;
    const stop = parts.reviewLinks.stopOnCustomerPage ? new URL(`${customerLinkPath(token)}?reminders=stop`, siteUrl).href : oneClickStop;
    return { book: new URL(bookingPath(token), siteUrl).href, stop, oneClickStop };
  };
  const email = hostEmail(db, {
    config,
    env,
    siteUrl,
    customerLink: (quote) => new URL(customerLinkPath(customerTokens.tokenFor(quote.id)), siteUrl).href,
    reviewLinks,
    reminderLinks,
    logger,
  });
  const alerts = await hostAlerts(db, { config, env, siteUrl, secrets, staffEmails, publicPushFetch: parts.publicPushFetch, allowLoopbackPush: parts.allowLoopbackPush, logger, now });

  // Each quote form carries a signed token of when it was issued; the store reads it back, with the
  // honeypot, to judge each request by the spam rules.
  const formTokens = await sharedFormTokens(secrets, { backdateSeconds: config.FORM_TOKEN_BACKDATE_SECONDS });
  if (config.FORM_TOKEN_BACKDATE_SECONDS > 0) {
    console.warn('FORM_TOKEN_BACKDATE_SECONDS is set: requests sent the moment the page arrives are not caught as spam. It is for tests alone.');
  }
  const quotes = new SqlQuoteRepository(db, { now, notify: true, formTokens, customerToken: (id) => customerTokens.linkFor(id), ...photoDir });
  const inbox = new SqlQuoteInbox(db, { notify: true, reviewAskAfterHours: config.REVIEW_ASK_AFTER_HOURS, reminderLeadDays: config.REMINDER_LEAD_DAYS, quoteFollowUpDays: config.QUOTE_FOLLOW_UP_DAYS });
  const limit = (name: string, perHour: number) =>
    createRateLimit({ name, points: perHour, durationSeconds: hour, store: parts.limitStore, logger, trustProxy: parts.trustProxy });

  return {
    secrets,
    staffStore,
    quotes,
    inbox,
    photos: new SqlPhotoStore(db, photoDir),
    email,
    alerts,
    limit,
    api: {
      quotes,
      inbox,
      customerData: new SqlCustomerData(db, photoDir),
      logger,
      now,
      formTokens,
      alerts: alerts.engine.serverDeps,
      limits: { submissions: limit('quote-requests', config.QUOTE_REQUESTS_PER_HOUR), refusedSubmissions: limit('quote-refusals', config.QUOTE_REFUSALS_PER_HOUR) },
      customerLinks: {
        store: new SqlCustomerLinks(db),
        reminderOptOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs'),
        reviewUrl: config.REVIEW_URL,
        // A customer's message about an urgent request: a push to whoever is on call, at once.
        alert: alerts.customerMessages,
        // A customer's yes to their quote: "Quote accepted" to whoever is on call, at once.
        quoteAccepted: alerts.quotesAccepted,
        limits: { views: limit('customer-link-views', config.CUSTOMER_LINK_VIEWS_PER_HOUR), changes: limit('customer-link-changes', config.CUSTOMER_LINK_CHANGES_PER_HOUR) },
      },
    },
  };
}
