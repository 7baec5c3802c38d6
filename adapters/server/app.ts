import { Hono } from 'hono';
import type { CustomerDataStore, Logger, Notifier, QuoteInbox, QuoteRepository } from '../../domain/ports';
import type { PageState } from '../http-api/page-state';
import { alertPaths } from '../http-api/alerts-wire';
import { customerDataPath } from '../http-api/customer-data-wire';
import { apiPaths, type WireError } from '../http-api/wire';
import { openApiDocument } from '../http-api/openapi';
import type { PageRenderer } from './page-renderer';
import { type AlertsApiOptions, alertsApi } from './alerts-api';
import { customerDataApi } from './customer-data-api';
import { inboxApi } from './inbox-api';
import { quoteApi } from './quote-api';
import { requestLog, type RequestLogEntry } from './request-log';
import { clientAddress } from './client-address';
import { refuseCrossSiteRequests } from './cross-site';
import type { RateLimit } from './rate-limits';
import { requestOrigin } from './request-origin';
import { securityHeaders } from './security-headers';
import { staffApi } from './staff-api';
import type { StaticFiles } from './static-files';
import type { StaffSessions } from './staff-sessions';
import type { QuoteError } from '../../domain/quote-errors';
import { remarkableFields, remarkedFields } from '../../domain/quote';

export interface ServerDeps {
  quotes: QuoteRepository;
  /** Where staff work the requests: over the same database as `quotes`. */
  inbox: QuoteInbox;
  /** A customer's data, to hand over or erase: over the same database as `quotes`. */
  customerData: CustomerDataStore;
  /** The clock staff's changes are recorded by; the real one unless a test sets its own. */
  now?: () => Date;
  /** Asks the notification dispatcher to send what is due now: after staff ask for an email again. */
  wakeDelivery?: () => void;
  notifier: Notifier;
  logger: Logger;
  /** Whether the database answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /** The notifications waiting to be sent, for /readyz; and whether email is set up to send them. */
  outbox?: { backlog: () => Promise<Backlog>; sending: boolean };
  /** Renders what depends on the request: the home page with a form sent back, or with its thanks. */
  pages: PageRenderer;
  /** The built site (dist/client): prerendered pages, hashed assets under assets/, and their compressed copies. */
  site: StaticFiles;
  writeLog: (entry: RequestLogEntry) => void;
  bodyLimitBytes?: number;
  sessions: StaffSessions;
  /** Whether X-Forwarded-For, -Proto and -Host are our own proxy's word (TRUST_PROXY). */
  trustProxy: boolean;
  /** The Content-Security-Policy hashes of the stylesheets the build wrote into the pages. */
  styleHashes?: readonly string[];
  /** Quote requests per client, and sign-in attempts per client and per email. */
  limits: { submissions: RateLimit; signIn: RateLimit };
  /**
   * Alerts on staff phones: the settings under /api/alerts, taking a request with an alert's token,
   * and the alerts waiting to be delivered, for /readyz. Without it, only a session takes a request.
   */
  alerts?: Omit<AlertsApiOptions, 'requireStaff' | 'logger' | 'now' | 'bodyLimitBytes'> & {
    redeemTakeToken: (quoteId: string, token: string) => Promise<string | undefined>;
    backlog: () => Promise<Backlog>;
  };
}

interface Backlog {
  pending: number;
  oldestPendingSince: Date | null;
}

const backlogReport = ({ pending, oldestPendingSince }: Backlog) => ({
  pending,
  oldestPendingSeconds: oldestPendingSince ? Math.max(0, Math.round((Date.now() - oldestPendingSince.getTime()) / 1000)) : 0,
});

/** Where a stored form post lands: the home page, told so, and of anything the visitor should hear about their values. */
const submittedLocation = (remarks: readonly string[]) =>
  `/?${new URLSearchParams([['quote', 'submitted'], ...remarks.map((field) => ['remark', field])]).toString()}`;

const formErrorStatus: Record<QuoteError['kind'], number> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'rate-limited': 429,
  'storage-failure': 503,
};

const notFound: WireError = { error: 'not-found', message: 'There is no such API path' };

/** The whole site over HTTP: the REST API, health checks, the built assets and server-rendered pages. */
export function createServerApp(deps: ServerDeps) {
  const app = new Hono();
  const page = async (url: string, state: PageState, status?: number) => {
    const rendered = await deps.pages.render(url, state);
    return new Response(rendered.html, {
      status: status ?? rendered.status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  };

  const trust = { trustProxy: deps.trustProxy };
  app.use(requestLog(deps.writeLog));
  // Before every route, so errors, 404s and assets get the headers too.
  app.use(securityHeaders({ ...trust, styleHashes: deps.styleHashes ?? [] }));
  app.onError((error, c) => {
    deps.logger.error(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return c.req.path.startsWith('/api/')
      ? c.json({ error: 'internal-error', message: 'Something went wrong on our side' }, 500)
      : c.text('Something went wrong on our side. Please call us instead.', 500);
  });

  // Before the rate limits: a forged cross-site post must not use up its victim's allowance.
  app.use(refuseCrossSiteRequests(trust));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    if (!(await deps.isReady().catch(() => false))) return c.json({ status: 'unavailable', reason: 'database unreachable' }, 503);
    const [emails, alerts] = await Promise.all([deps.outbox?.backlog(), deps.alerts?.backlog()]);
    return c.json({
      status: 'ready',
      ...(deps.outbox && emails && { outbox: { ...backlogReport(emails), email: deps.outbox.sending ? 'sending' : 'not configured' } }),
      ...(alerts && { alerts: backlogReport(alerts) }),
    });
  });

  app.get(apiPaths.openapi, (c) => c.json(openApiDocument));
  const staff = staffApi({
    sessions: deps.sessions,
    clientAddress: (c) => clientAddress(c, trust),
    isHttps: (c) => requestOrigin(c, trust).https,
    signInLimit: async (keys) => {
      const decisions = await Promise.all(keys.map((key) => deps.limits.signIn.consume(key)));
      return decisions.find((decision) => !decision.allowed) ?? { allowed: true };
    },
  });
  app.route(apiPaths.session, staff.api);
  const bodyLimitBytes = deps.bodyLimitBytes ?? 16 * 1024;
  app.route(
    apiPaths.quoteRequests,
    inboxApi({
      inbox: deps.inbox,
      logger: deps.logger,
      now: deps.now ?? (() => new Date()),
      requireStaff: staff.requireStaff,
      wakeDelivery: deps.wakeDelivery ?? (() => undefined),
      bodyLimitBytes,
      ...(deps.alerts && { redeemTakeToken: deps.alerts.redeemTakeToken }),
    }),
  );
  if (deps.alerts) {
    app.route(
      alertPaths.root,
      alertsApi({ ...deps.alerts, requireStaff: staff.requireStaff, logger: deps.logger, now: deps.now ?? (() => new Date()), bodyLimitBytes }),
    );
  }
  app.route(
    apiPaths.quoteRequests,
    quoteApi(deps, {
      bodyLimitBytes,
      requireStaff: staff.requireStaff,
      submissionLimit: (c) => deps.limits.submissions.consume(clientAddress(c, trust)),
      formPost: async (draft, result) =>
        result.ok
          ? new Response(null, { status: 303, headers: { location: submittedLocation(remarkedFields(result.quote)) } })
          : page('/', { form: { draft, error: result.error } }, formErrorStatus[result.error.kind]),
    }),
  );
  app.route(
    customerDataPath,
    customerDataApi({ customerData: deps.customerData, logger: deps.logger, now: deps.now ?? (() => new Date()), requireStaff: staff.requireStaff, bodyLimitBytes }),
  );
  app.all('/api/*', (c) => c.json(notFound, 404));

  app.get('*', async (c) => {
    const path = c.req.path;
    if (path === '/' && c.req.query('quote') === 'submitted') {
      const remarks = remarkableFields.filter((field) => c.req.queries('remark')?.includes(field));
      return page(path, remarks.length > 0 ? { submitted: true, remarks } : { submitted: true });
    }
    // Pages were prerendered at build time; a build without them has each rendered as it is asked for.
    return deps.site.respond(path, c.req.raw) ?? deps.site.notFound(c.req.raw) ?? (await page(path, {}));
  });

  return app;
}
