import type { ServiceDueList } from '../../domain/ports/service-due-list';
import { findServiceBooking } from '../../domain/reminders/customer-reminders';
import { bookingQueryName } from '../../domain/reminders/service-words';
import type { WireServiceBooking } from '../http-api/service-booking-wire';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import { staffPagePaths } from '../../domain/staff/staff-pages';
import type { StaffMember } from '../../domain/staff/staff';
import { toWireFirstScreen } from '../http-api/inbox-page-state';
import { readInboxFirstScreen } from './inbox/inbox-first-screen';
import { staffPageState } from './pages/staff-page-drawing';
import { bodyLimits, limitBody } from './http/body-limit';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { Logger } from '../../domain/ports/logger';
import type { Notifier } from '../../domain/ports/notifier';
import type { PhotoProcessor, PhotoStore } from '../../domain/ports/photos';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import type { ReportSource } from '../../domain/ports/report-source';
import type { QuoteRepository } from '../../domain/ports/quote-repository';
import { photoErrorMessage } from '../../domain/photos/photos';
import type { SubmitWithPhotosError } from '../../domain/quote/submit-quote';
import { tmpdir } from 'node:os';
import { type ApiDeps, createApi } from './api';
import { withMultipartBody } from './photos/multipart-body';
import type { PageState } from '../http-api/page-state';
import { coverCheckFieldName, coverCheckMaxLength } from '../../domain/quote/cover-check';
import type { PageRenderer } from './pages/page-renderer';
import { DrawnPages } from './pages/drawn-pages';
import { refusedPage } from './http/refused-page';
import { withFormToken, withHiddenValues } from './pages/form-token-slot';
import { pageFieldValues } from './pages/lead-source-of-request';
import { loggedPath, requestLog, type RequestLogEntry } from './http/request-log';
import { isLoopbackClient } from './http/client-address';
import { ProxyProbes } from './http/proxy-probes';
import { healthOperations } from './health/health-operations';
import { serveApiDocument, staffSchemes } from './openapi/api-document';
import { refuseCrossSiteRequests } from './http/cross-site';
import { clientKey } from './http/rate-limits';
import type { RateLimit } from './http/rate-limit';
import { type SignInLimits, signInLimit } from './staff/sign-in-limit';
import { requestOrigin } from './http/request-origin';
import { securityHeaders } from './http/security-headers';
import { refuseOtherHosts } from './http/site-host';
import { staffApi } from './staff/staff-api';
import type { SiteFiles } from './files/site-files';
import { serveSite } from './files/serve-site';
import type { StaffSessions } from './staff/staff-sessions';
import type { QuoteError } from '../../domain/quote/quote-errors';
import { remarkableFields, remarkedFields } from '../../domain/quote/quote';
import { gasReportOf } from '../../domain/safety/gas-report';
import { type GasReport, gasReports } from '../../domain/safety/gas-report-kind';
import { isCustomerTokenShaped } from '../../domain/customer-link/customer-link';
import { openCustomerLink } from '../../domain/customer-link/customer-link-actions';

export interface ServerDeps {
  quotes: QuoteRepository;
  /** Where staff work the requests: over the same database as `quotes`. */
  inbox: QuoteInbox & ReportSource & ServiceDueList;
  /**
   * Photos sent with requests: where staff read them (kept beside `quotes`, which stores them), what
   * judges and re-encodes each, giving each client (counted as the rate limits count them) its share of
   * the turns, and where uploads are written while a request is read (the system's temporary folder
   * unless set). Without it, a request with photos is refused as a type not taken.
   */
  photos?: { store: PhotoStore; processor: { forClient: (client: string) => PhotoProcessor }; uploadRoot?: string };
  /** A customer's data, to hand over or erase: over the same database as `quotes`. */
  customerData: CustomerDataStore;
  /** The clock staff's changes are recorded by; the real one unless a test sets its own. */
  now?: () => Date;
  /** Asks the notification dispatcher to send what is due now: after staff ask for an email again, or rescue one from spam. */
  wakeDelivery?: () => void;
  /** Asks the alert planner to look now: after staff rescue a request from the Spam folder. */
  wakeAlerts?: () => void;
  notifier: Notifier;
  logger: Logger;
  /** Whether the database answers and takes writes (its disk is not full), and if not why; for /readyz. */
  readiness: () => Promise<Readiness>;
  /**
   * The notifications waiting to be sent, for /readyz; whether email is set up to send them; and how
   * many went out but could not yet be recorded as sent (the database refuses writes).
   */
  outbox?: { backlog: () => Promise<Backlog>; sending: boolean; unrecorded?: () => number };
  /** Renders what depends on the request: the home page with a form sent back, or with its thanks. */
  pages: PageRenderer;
  /**
   * Signs the token each page holding the quote form is sent with, for the spam rules to read back
   * (the same the store reads them with). Without it, pages are sent with the form's token empty.
   */
  formTokens?: Pick<FormTokens, 'issue'>;
  /** The built site (dist/client): prerendered pages, hashed assets under assets/, and their compressed copies. */
  site: SiteFiles;
  writeLog: (entry: RequestLogEntry) => void;
  sessions: StaffSessions;
  /** The site's public address (SITE_URL): when given, requests addressed to any other host are refused. */
  siteUrl?: string;
  /** Whether X-Forwarded-For, -Proto and -Host are our own proxy's word (TRUST_PROXY). */
  trustProxy: boolean;
  /** The Content-Security-Policy hashes of the stylesheets the build wrote into the pages. */
  styleHashes?: readonly string[];
  /** The Content-Security-Policy hashes of the scripts the build wrote into the pages: the loaders that fetch their scripts on a first interaction. */
  scriptHashes?: readonly string[];
  /**
   * Quote requests stored per client, quote requests refused for their input per client (a much
   * larger allowance), failed sign-ins per client and email, and per client; and pages drawn for one
   * request alone per client (the home page for a source or a postcode not among those kept, the
   * thanks after a plain post, a reminder's booking).
   */
  limits: { submissions: RateLimit; refusedSubmissions: RateLimit; signIn: SignInLimits; pagesDrawn: RateLimit };
  /**
   * Alerts on staff phones: the settings under /api/alerts, taking a request with an alert's token,
   * and the alerts waiting to be delivered, for /readyz. Without it, only a session takes a request.
   */
  alerts?: NonNullable<ApiDeps['alerts']> & {
    backlog: () => Promise<Backlog>;
    /** How many alerts went out but could not yet be recorded as sent. */
    unrecorded: () => number;
  };
  /**
   * Customers' private links (/r/<token>): the store they are looked up in, who hears of a message
   * about an urgent request, and per client, looks (GET) and changes (a message, "No longer needed").
   * Without it, every such link is the plain 404.
   */
  customerLinks?: NonNullable<ApiDeps['customerLinks']>;
}

/** The database's readiness: ready, or not and why (told only to staff and this machine). */
type Readiness = { ready: true } | { ready: false; reason: string; cause?: string };

interface Backlog {
  pending: number;
  oldestPendingSince: Date | null;
}

const backlogReport = ({ pending, oldestPendingSince }: Backlog) => ({
  pending,
  oldestPendingSeconds: oldestPendingSince ? Math.max(0, Math.round((Date.now() - oldestPendingSince.getTime()) / 1000)) : 0,
});

/** The query parameter of the thanks page that carries the customer's token, for the page to give them their link. */
const customerTokenParameter = 'link';

/**
 * How many postcodes' answers are kept, drawn (a plain form's check is answered as the visitor typed
 * it, so each text is a page of its own): those asked for most lately.
 */
const keptPostcodes = 64;
/** The staff pages' sign-in forms kept drawn, by address: each page, and the addresses with filters staff last opened. */
const keptSignInPages = 32;

/** The query parameter of the thanks page that says the description reported a gas smell or carbon monoxide. */
const gasParameter = 'gas';

/**
 * Where a stored form post lands: the home page, told so, of anything the visitor should hear about
 * their values (a gas smell reported among them), and with the token of their own link. The request
 * log leaves queries out, and the page sends no referrer, so the token goes nowhere else.
 */
const submittedLocation = (remarks: readonly string[], gas: GasReport | null, customerToken: string) =>
  `/?${new URLSearchParams([
    ['quote', 'submitted'],
    ...remarks.map((field) => ['remark', field]),
    ...(gas === null ? [] : [[gasParameter, gas]]),
    [customerTokenParameter, customerToken],
  ]).toString()}`;

const isGasReport = (value: string | undefined): value is GasReport => (gasReports as readonly (string | undefined)[]).includes(value);

const formErrorStatus: Record<SubmitWithPhotosError['kind'], number> = {
  'missing-fields': 400,
  'invalid-fields': 400,
  'photo-refused': 400,
  'rate-limited': 429,
  'storage-failure': 503,
};


/** The whole site over HTTP: the REST API, health checks, the built assets and server-rendered pages. */
export function createServerApp(deps: ServerDeps) {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const page = async (url: string, state: PageState, status?: number) => {
    const rendered = await deps.pages.render(url, state);
    const withToken = deps.formTokens ? withFormToken(rendered.html, await deps.formTokens.issue(now())) : rendered.html;
    // A post that came back keeps where its visitor came from, for the next try.
    const html = state.form ? withHiddenValues(withToken, pageFieldValues(state.form.draft)) : withToken;
    const response = new Response(html, {
      status: status ?? rendered.status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
    // Its address holds the customer's token: no link from it may pass that on.
    if (state.customerToken !== undefined) response.headers.set('referrer-policy', 'no-referrer');
    return response;
  };

  /** The booking of a reminder's "Book my service", with the token it carries; undefined for a link that leads nowhere. */
  const bookingFor = async (token: string): Promise<WireServiceBooking | undefined> => {
    if (!deps.customerLinks) return undefined;
    const found = await findServiceBooking({ links: deps.customerLinks.store, logger: deps.logger }, token);
    return found.ok ? { token, ...found.booking } : undefined;
  };

  const trust = { trustProxy: deps.trustProxy };
  const clientOf = (c: Context) => clientKey(c, trust);
  const site = serveSite(deps.site, { formTokens: deps.formTokens, now, siteUrl: deps.siteUrl, pagesDrawn: deps.limits.pagesDrawn, clientKey: clientOf });
  /** Whether this request may have a page drawn for it alone: the client's allowance, or its refusal (429). */
  const refusedDrawing = async (c: Context) => {
    const decision = await deps.limits.pagesDrawn.consume(clientOf(c));
    return decision.allowed ? undefined : refusedPage(c, decision);
  };
  /**
   * A page the same for everyone who asks `key`: the one kept, or drawn and kept within the client's
   * allowance of pages drawn for it alone, sent with `headers`.
   */
  const keptOrDrawn = async (c: Context, pages: DrawnPages, key: string, draw: () => ReturnType<PageRenderer['render']>, headers: Record<string, string>) => {
    let drawn = pages.find(key);
    if (drawn === undefined) {
      const refused = await refusedDrawing(c);
      if (refused) return refused;
      drawn = pages.draw(key, draw);
    }
    const answer = await drawn;
    return new Response(await answer.body(), { status: answer.status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
  };
  const coverAnswers = new DrawnPages(keptPostcodes, deps.formTokens && { tokens: deps.formTokens, now });
  /** "Do we cover you?" answered for the postcode as typed: drawn once for each of the latest asked, sent with the second's token. */
  const coverAnswer = (c: Context, postcode: string) =>
    keptOrDrawn(c, coverAnswers, postcode, () => deps.pages.render('/', { coverCheck: { postcode } }), { 'cache-control': 'no-store' });
  app.use(requestLog(deps.writeLog));
  // Before every route, so errors, 404s and assets get the headers too.
  app.use(securityHeaders({ ...trust, styleHashes: deps.styleHashes ?? [], scriptHashes: deps.scriptHashes ?? [] }));
  app.onError((error, c) => {
    deps.logger.error(`Unhandled error on ${c.req.method} ${loggedPath(c.req.path)}`, error);
    return c.req.path.startsWith('/api/')
      ? c.json({ error: 'internal-error', message: 'Something went wrong on our side' }, 500)
      : c.text('Something went wrong on our side. Please call us instead.', 500);
  });

  if (deps.siteUrl !== undefined) app.use(refuseOtherHosts({ ...trust, siteUrl: deps.siteUrl }));
  // Before the rate limits: a forged cross-site post must not use up its victim's allowance.
  app.use(refuseCrossSiteRequests({ ...trust, ...(deps.siteUrl !== undefined && { siteUrl: deps.siteUrl }) }));

  const staff = staffApi({
    sessions: deps.sessions,
    clientAddress: (c) => clientKey(c, trust),
    isHttps: (c) => requestOrigin(c, trust).https,
    signInLimit: signInLimit(deps.limits.signIn),
  });

  // The go-live check's probe through the proxy: what it carried is told on loopback, at /readyz?probe=.
  const probes = new ProxyProbes();
  app.get('/healthz', healthOperations.up, (c) => {
    probes.remember(c);
    return c.json({ status: 'ok' });
  });
  // The public hear only up or down; why, and what waits to be sent, is for staff and this machine.
  app.get('/readyz', healthOperations.ready, async (c) => {
    c.header('cache-control', 'no-store');
    const readiness = await deps.readiness().catch((error: unknown): Readiness => ({ ready: false, reason: 'database unreachable', cause: String(error) }));
    // A database that cannot be reached cannot tell a session either: not worth waiting for.
    const canAskSessions = readiness.ready || readiness.reason !== 'database unreachable';
    const detailed = isLoopbackClient(c, trust) || (canAskSessions && (await staff.staffOf(c)) !== undefined);
    const probe = detailed ? probes.find(c.req.query('probe')) : undefined;
    const seen = probe && { probe };
    if (!readiness.ready) {
      return c.json(detailed ? { status: 'unavailable', reason: readiness.reason, ...(readiness.cause !== undefined && { cause: readiness.cause }), ...seen } : { status: 'unavailable' }, 503);
    }
    if (!detailed) return c.json({ status: 'ready' });
    const [emails, alerts] = await Promise.all([deps.outbox?.backlog(), deps.alerts?.backlog()]);
    const unrecorded = deps.outbox?.unrecorded?.() ?? 0;
    return c.json({
      status: 'ready',
      ...(deps.outbox &&
        emails && { outbox: { ...backlogReport(emails), email: deps.outbox.sending ? 'sending' : 'not configured', sentNotRecorded: unrecorded } }),
      ...(deps.alerts && alerts && { alerts: { ...backlogReport(alerts), sentNotRecorded: deps.alerts.unrecorded() } }),
      ...seen,
    });
  });

  // Before the API's answer to paths it does not know.
  serveApiDocument(app, { staff: staffSchemes.sessionCookie, serverUrl: deps.siteUrl });

  const { photos, ...shared } = deps;
  // Emails kept for the business with no mail server to send them: staff are told above the list.
  const emailNotSetUp = deps.outbox !== undefined && !deps.outbox.sending;
  app.route(
    '/',
    createApi({
      ...shared,
      emailNotSetUp,
      now,
      staff,
      clientKey: clientOf,
      ...(photos && {
        photos: {
          store: photos.store,
          processorFor: (client) => photos.processor.forClient(client),
          readMultipart: (request, use) => withMultipartBody(request, { root: photos.uploadRoot ?? tmpdir() }, use),
        },
      }),
      pages: {
        formPost: async (draft, result, photosSent, repeatOf) => {
          if (result.ok) {
            const location = submittedLocation(remarkedFields(result.quote), gasReportOf(result.quote.description), result.quote.customerToken);
            return new Response(null, { status: 303, headers: { location } });
          }
          // A refused photo is told beside the photo field; the other fields were fine as far as they were judged.
          const error: QuoteError = result.error.kind === 'photo-refused' ? { kind: 'invalid-fields', issues: [] } : result.error;
          const photoError = result.error.kind === 'photo-refused' ? photoErrorMessage(result.error.photo) : null;
          const sent = photosSent > 0 || photoError !== null ? { photos: { sent: photosSent, error: photoError } } : {};
          // A booked visit that comes back is still tied to the request it repeats, and warns of a gas smell
          // the description reports, as it does with scripts.
          const booking = repeatOf === undefined ? undefined : await bookingFor(repeatOf);
          const gas = gasReportOf(draft.description);
          return page('/', { form: { draft, error, ...sent, ...(gas !== null && { gas }) }, ...(booking && { booking }) }, formErrorStatus[result.error.kind]);
        },
        customerLink: {
          page,
          // The site's own 404, whatever became of the link: it says nothing of whether it ever led anywhere.
          notFoundPage: async (c) => (await site.notFoundPage(c)) ?? (await page('/r/', {}, 404)),
        },
      },
    }),
  );

  app.get('/', async (c, next) => {
    // A reminder's "Book my service": the quote form filled in for the customer's next visit.
    const book = c.req.query(bookingQueryName);
    if (book !== undefined) {
      const refused = await refusedDrawing(c);
      if (refused) return refused;
      const booking = await bookingFor(book);
      const response = await page('/', booking ? { booking } : {});
      // Its address holds the customer's token: no link from it may pass that on, and no robot keep it.
      response.headers.set('referrer-policy', 'no-referrer');
      response.headers.set('x-robots-tag', 'noindex, nofollow');
      return response;
    }
    // "Do we cover you?" sent without scripts: the page answers it; nothing typed is kept or logged.
    const typed = c.req.query(coverCheckFieldName);
    if (typed !== undefined) return coverAnswer(c, typed.slice(0, coverCheckMaxLength));
    if (c.req.query('quote') !== 'submitted') return next();
    const refused = await refusedDrawing(c);
    if (refused) return refused;
    const remarks = remarkableFields.filter((field) => c.req.queries('remark')?.includes(field));
    const gas = c.req.query(gasParameter);
    const given = c.req.query(customerTokenParameter);
    const token = given !== undefined && isCustomerTokenShaped(given) ? given : undefined;
    // The request itself says when it came and whether it is urgent, so the thanks can say when we will call.
    const opened = token !== undefined && deps.customerLinks ? await openCustomerLink({ links: deps.customerLinks.store, logger: deps.logger }, token, now()) : undefined;
    const received = opened?.ok === true ? { at: opened.view.quote.createdAt.toISOString(), urgent: opened.view.quote.urgent } : undefined;
    return page('/', {
      submitted: true,
      ...(remarks.length > 0 && { remarks }),
      ...(isGasReport(gas) && { gas }),
      ...(token !== undefined && { customerToken: token }),
      ...(received && { received }),
    });
  });
  // Every staff page drawn for who asks: signed in, with what it reads as it opens (the inbox its
  // requests), so it shows before its scripts arrive; anyone else, the sign-in form, which works as a
  // plain post. The page with the form holds nothing of anyone's, and may be kept (the inbox's worker
  // keeps it for opening offline); a page drawn for a staff member never is.
  const staffPageReads = {
    inbox: deps.inbox,
    logger: deps.logger,
    inboxFirstScreen: async (member: StaffMember, address: URL, at: Date) => {
      const first = await readInboxFirstScreen({ inbox: deps.inbox, logger: deps.logger }, member, address, at);
      // Emails kept with no mail server to send them: the inbox says so above the list.
      return first && toWireFirstScreen(emailNotSetUp ? { ...first, page: { ...first.page, emailNotSetUp } } : first);
    },
  };
  const signInPages = new DrawnPages(keptSignInPages, undefined);
  for (const path of staffPagePaths) {
    app.get(path, compress(), async (c) => {
      const member = await staff.staffOf(c);
      const address = new URL(c.req.url);
      const url = `${address.pathname}${address.search}`;
      if (member) return page(url, await staffPageState(staffPageReads, path, address, member, now()));
      // The sign-in form, the same for everyone at an address.
      return keptOrDrawn(c, signInPages, url, () => deps.pages.render(url, { staffPage: { staff: null } }), { 'cache-control': 'private, no-cache', vary: 'Cookie' });
    });
    // Its sign-in form sent without scripts: signed in, the page again; refused, the form with the email kept and why.
    app.post(path, limitBody(bodyLimits.signIn), compress(), (c) => {
      const address = new URL(c.req.url);
      return staff.signInByForm(c, (signIn, status) => page(`${address.pathname}${address.search}`, { staffPage: { staff: null, signIn } }, status));
    });
  }
  // The built site's files and prerendered pages; a build without pages has each rendered as it is asked for.
  app.get('*', site.pagesWithForm);
  app.get('*', etag(), site.files);
  app.get('*', async (c) => (await site.notFoundPage(c)) ?? (await page(c.req.path, {})));

  return app;
}
