import type { EmailOptOuts } from '../../domain/ports/email-opt-outs';
import type { ServiceDueList } from '../../domain/ports/service-due-list';
import type { ReportSource } from '../../domain/ports/report-source';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { HTTPException } from 'hono/http-exception';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { CustomerLinkStore, CustomerMessageAlert } from '../../domain/ports/customer-link-store';
import type { QuoteAcceptedAlert } from '../../domain/priced-quote/customer-quote';
import type { Logger } from '../../domain/ports/logger';
import type { Notifier } from '../../domain/ports/notifier';
import type { PhotoProcessor, PhotoStore } from '../../domain/ports/photos';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { QuoteRepository } from '../../domain/ports/quote-repository';
import { alertPaths } from '../http-api/alerts-wire';
import { customerDataPath } from '../http-api/customer-data-wire';
import { apiPaths, type WireError } from '../http-api/wire';
import { type AlertsApiOptions, alertsApi } from './alerts/alerts-api';
import { customerDataApi } from './customer-data/customer-data-api';
import { type CustomerLinkPages, customerLinkApi } from './customer-link/customer-link-api';
import { bodyLimits, limitBody } from './http/body-limit';
import { loggedPath } from './http/request-log';
import { describeRoute, jsonAnswer } from './openapi/describe-route';
import type { RateLimit } from './http/rate-limit';
import { inboxApi } from './inbox/inbox-api';
import { reportApi } from './report/report-api';
import type { MultipartReader } from './photos/form-data-body';
import { photoApi } from './photos/photo-api';
import { type QuoteApiOptions, quoteApi } from './quotes/quote-api';
import type { StaffGate } from './staff/staff-gate';
import { tickApi } from './tick/tick-api';

/** What the API needs of the host that runs it: the same on Node, under Deno, and in the page. */
export interface ApiDeps {
  quotes: QuoteRepository;
  /** Where staff work the requests, and the owner's report reads them: over the same store as `quotes`. */
  inbox: QuoteInbox & ReportSource & ServiceDueList;
  /** A customer's data, for staff to hand over or erase: over the same store as `quotes`. */
  customerData: CustomerDataStore;
  notifier: Notifier;
  logger: Logger;
  /** The clock staff's changes are recorded by; the real one unless a test sets its own. */
  now?: () => Date;
  /** How this host knows staff: our own sessions, or an access token signed elsewhere. */
  staff: StaffGate;
  /** What a client's requests are counted by: its address as the host sees it. */
  clientKey: (c: Context) => string;
  /** Quote requests stored per client, and quote requests refused for their input (a much larger allowance). */
  limits: { submissions: RateLimit; refusedSubmissions: RateLimit };
  /**
   * Photos sent with requests: where staff read them (kept beside `quotes`, which stores them), what
   * judges and re-encodes the photos of each client, and how this host reads a body with photos.
   * Without it, a request with photos is refused as a type not taken.
   */
  photos?: { store: PhotoStore; processorFor: (client: string) => PhotoProcessor; readMultipart: MultipartReader };
  /** Asks the email outbox to send what is due now: after staff ask for an email again, or rescue one from spam. */
  wakeDelivery?: () => void;
  /** Asks the alert planner to look now: after staff rescue a request from the Spam folder. */
  wakeAlerts?: () => void;
  /** This host keeps the emails to the business in its outbox but has no mail server to send them (SMTP_URL unset). */
  emailNotSetUp?: boolean;
  /** Alerts on staff phones: the settings under /api/alerts, and taking a request with an alert's token. */
  alerts?: Omit<AlertsApiOptions, 'requireStaff' | 'logger' | 'now'> & { redeemTakeToken: (quoteId: string, token: string) => Promise<string | undefined> };
  /** Customers' private links: the store, who hears of a message about an urgent request, and per client, looks and changes. */
  customerLinks?: {
    store: CustomerLinkStore;
    alert: CustomerMessageAlert;
    /** Who hears, at once, that a customer accepted their quote. */
    quoteAccepted: QuoteAcceptedAlert;
    limits: { views: RateLimit; changes: RateLimit };
    reviewUrl?: string | undefined;
    /** The addresses never to remind of a yearly visit again. */
    reminderOptOuts: EmailOptOuts;
  };
  /**
   * The work a host with no loops of its own has run from outside, once a minute: sending the
   * outbox, planning alerts, deleting what is past its time. Called with the secret as a bearer token.
   */
  tick?: { secret: string; run: () => Promise<void> };
  /**
   * Signs the quote form's tokens, as the store reads them back: given, `GET /api/form-token` hands one
   * to a page that no server of ours sent, so the spam rules know how long its visitor took.
   */
  formTokens?: Pick<FormTokens, 'issue'>;
  /** For a host that renders pages: the quote form's plain post, and the customer link's page and forms. */
  pages?: { formPost: NonNullable<QuoteApiOptions['formPost']>; customerLink: CustomerLinkPages };
}

const formTokenOperation = describeRoute({
  summary: 'A freshly signed token for the quote form, for a page no server of ours sent (a static site); sent back as `form_token`',
  responses: { 200: jsonAnswer('The token: when it was issued, and its signature', v.object({ token: v.string() })) },
});

const notFound: WireError = { error: 'not-found', message: 'There is no such API path' };

/**
 * The product's one HTTP API: every capability's routes, over the ports it is given. It uses only what
 * every host has (fetch's Request and Response, Web Crypto), so the same app runs on our Node server,
 * as the Supabase edge function under Deno, and in the demo's page.
 */
export function createApi(deps: ApiDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const { staff, clientKey } = deps;
  app.onError((error, c) => {
    // An answer a middleware threw (a wrong bearer token's 401) is an answer, not a fault.
    if (error instanceof HTTPException) return error.getResponse();
    deps.logger.error(`Unhandled error on ${c.req.method} ${loggedPath(c.req.path)}`, error);
    return c.json({ error: 'internal-error', message: 'Something went wrong on our side' }, 500);
  });

  app.route(apiPaths.session, staff.api);
  app.route(apiPaths.report, reportApi({ reports: deps.inbox, logger: deps.logger, now, requireStaff: staff.requireStaff }));
  app.route(
    apiPaths.quoteRequests,
    inboxApi({
      inbox: deps.inbox,
      logger: deps.logger,
      now,
      requireStaff: staff.requireStaff,
      wakeDelivery: deps.wakeDelivery ?? (() => undefined),
      // Its emails, queued as it moved, go now; and its first alert is planned.
      newlyWaiting: () => {
        deps.wakeDelivery?.();
        deps.wakeAlerts?.();
      },
      ...(deps.alerts && { redeemTakeToken: deps.alerts.redeemTakeToken }),
      ...(deps.emailNotSetUp !== undefined && { emailNotSetUp: deps.emailNotSetUp }),
    }),
  );
  if (deps.alerts) app.route(alertPaths.root, alertsApi({ ...deps.alerts, requireStaff: staff.requireStaff, logger: deps.logger, now }));
  const { photos } = deps;
  app.route(
    apiPaths.quoteRequests,
    quoteApi(deps, {
      requireStaff: staff.requireStaff,
      submissionLimits: (c) => {
        const key = clientKey(c);
        const { submissions, refusedSubmissions } = deps.limits;
        return {
          accepted: { consume: () => submissions.consume(key), refund: () => submissions.refund(key) },
          refused: { consume: () => refusedSubmissions.consume(key), check: () => refusedSubmissions.check(key) },
        };
      },
      ...(photos && { photos: { processorFor: (c) => photos.processorFor(clientKey(c)), readMultipart: photos.readMultipart } }),
      ...(deps.pages && { formPost: deps.pages.formPost }),
    }),
  );
  if (photos) app.route(apiPaths.quoteRequests, photoApi({ photos: photos.store, logger: deps.logger, requireStaff: staff.requireStaff }));
  app.route(customerDataPath, customerDataApi({ customerData: deps.customerData, logger: deps.logger, now, requireStaff: staff.requireStaff }));
  if (deps.customerLinks) {
    const { store, alert, quoteAccepted, limits, reviewUrl, reminderOptOuts } = deps.customerLinks;
    const reminders = { inbox: deps.inbox, reminderOptOuts };
    app.route('/', customerLinkApi({ links: store, reminders, alert, quoteAccepted, logger: deps.logger, now, limits, clientKey, reviewUrl, ...(deps.pages && { pages: deps.pages.customerLink }) }));
  }
  const { formTokens } = deps;
  if (formTokens) app.get(apiPaths.formToken, formTokenOperation, async (c) => c.json({ token: await formTokens.issue(now()) }, 200, { 'cache-control': 'no-store' }));
  if (deps.tick) app.route(apiPaths.tick, tickApi(deps.tick));
  app.all('/api/*', limitBody(bodyLimits.none), (c) => c.json(notFound, 404));
  return app;
}
