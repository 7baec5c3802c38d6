import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { business } from '../../../domain/business';
import { customerLinkApiPath, customerLinkPath, customerMessageField, isCustomerTokenShaped } from '../../../domain/customer-link/customer-link';
import {
  closeCustomerRequest,
  findReviewStop,
  followReviewLink,
  stopReviewEmails,
  type CustomerMessageResult,
  type CustomerLinkResult,
  sendCustomerMessage,
} from '../../../domain/customer-link/customer-link-actions';
import type { CustomerLinkStore, CustomerMessageAlert } from '../../../domain/ports/customer-link-store';
import type { Logger } from '../../../domain/ports/logger';
import { reviewPaths } from '../../../domain/reviews/review-paths';
import { reviewsStoppedPage, stopReviewsPage, unknownReviewLinkPage } from './review-pages';
import { customerFormPaths, toWireCustomerView } from '../../http-api/customer-link-wire';
import type { CustomerLinkState, PageState } from '../../http-api/page-state';
import type { CustomerRouteContext } from './customer-route-context';
import type { WireError } from '../../http-api/wire';
import type { RateLimit, RateLimitDecision } from '../http/rate-limit';
import { bodyLimits, limitBody } from '../http/body-limit';
import { refusedPage, tooManyRequests } from '../http/refused-page';
import { readFormBody, readJsonBody } from '../http/request-body';
import { customerLinkOperations } from './customer-link-operations';
import { reminderRoutes } from './reminder-routes';
import { quoteRoutes } from './quote-routes';
import { openCustomerQuote, type QuoteAcceptedAlert } from '../../../domain/priced-quote/customer-quote';
import type { CustomerReminderDeps } from '../../../domain/reminders/customer-reminders';

// The customer's private link to their request: the page at /r/<token> with its two plain HTML forms
// (a message, and "No longer needed"), and the same as JSON under /api/r/<token> for the page's script.
// A token that is malformed, guessed, expired or of a deleted request gets one and the same 404, after
// one and the same lookup, so neither the answer nor its timing tells whether such a request exists.

export interface CustomerLinkApiOptions {
  links: CustomerLinkStore;
  /** Where a customer's yearly reminder is recorded, and the addresses never to remind again. */
  reminders: Pick<CustomerReminderDeps, 'inbox' | 'reminderOptOuts'>;
  /** Tells whoever is on call that a customer wrote about an urgent request. */
  alert: CustomerMessageAlert;
  /** Tells staff, at once, that a customer accepted their quote. */
  quoteAccepted: QuoteAcceptedAlert;
  logger: Logger;
  now: () => Date;
  /** Per client: looks at a page (GET), and changes to a request (a message, or closing it). */
  limits: { views: RateLimit; changes: RateLimit };
  /** What a client's requests are counted by. */
  clientKey: (c: Context) => string;
  /** For a host that renders pages: the page at /r/<token> and its plain HTML forms. Without it, only the JSON. */
  pages?: CustomerLinkPages;
  /** The business's Google "write a review" page (REVIEW_URL); the demo profile's unless set. */
  reviewUrl?: string | undefined;
}

export interface CustomerLinkPages {
  /** Renders the customer link at `url` with what the server found. */
  page: (url: string, state: PageState, status: number) => Promise<Response>;
  /** The site's plain 404 page. */
  notFoundPage: (c: Context) => Promise<Response>;
}

/** Looked up in place of a token that is not shaped like one, so a malformed link costs what a guessed one does. */
const decoyToken = 'A'.repeat(43);

const notFoundError: WireError = { error: 'not-found', message: 'There is no such page' };
const unavailable = `We could not open your request just now. Please try again in a minute, or call us on ${business.phone.display}.`;
const unreadableMessage = `${customerMessageField.label} has characters we could not read. Please type it again.`;

/**
 * Every answer about a customer link: kept out of search engines and caches, and, since the link is
 * the key to the request, never sent on to another site as a referrer.
 */
const privateAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const headers: [string, string][] = [
    ['X-Robots-Tag', 'noindex, nofollow'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cache-Control', 'no-store'],
  ];
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
  // A stored page's validator would let a cache keep what no-store says it must not.
  c.res.headers.delete('etag');
};


/** `/r/<token>` and `/api/r/<token>`, with the forms' and the script's posts. */
export function customerLinkApi(options: CustomerLinkApiOptions) {
  const { links, logger, now, limits, clientKey, pages } = options;
  const deps = { links, logger, reviewUrl: options.reviewUrl };
  const api = new Hono();
  api.use(`/r/*`, privateAnswers);
  api.use(`${customerLinkApiPath}/*`, privateAnswers);

  /** The same lookup for every token: one that cannot be a token still costs a lookup. */
  const equalCost = async (token: string) => {
    if (!isCustomerTokenShaped(token)) await links.findByToken(decoyToken).catch(() => undefined);
  };
  /** The customer's page as they open it: the first opening of a quote sent is recorded as "viewed". */
  const view = async (token: string): Promise<CustomerLinkResult> => {
    await equalCost(token);
    return openCustomerQuote({ ...deps, inbox: options.reminders.inbox }, token, now());
  };

  // ---- The page, and its plain HTML forms.

  function pageRoutes({ page, notFoundPage }: CustomerLinkPages) {

    /** The page at its own address (with the query that says what was just done), or the plain 404. */
    const showPage = async (c: Context, result: CustomerLinkResult, extra: Omit<NonNullable<PageState['customer']>, 'view'> = {}, status = 200) => {
      if (result.ok) {
        const { pathname, search } = new URL(c.req.url);
        return page(`${pathname.replace(/\/(?:messages|close)$/, '')}${search}`, { customer: { view: toWireCustomerView(result.view), ...extra } }, status);
      }
      return result.error.kind === 'not-found' ? notFoundPage(c) : c.text(unavailable, 503);
    };

    api.get('/r/:token', async (c) => {
      const decision = await limits.views.consume(clientKey(c));
      if (!decision.allowed) return refusedPage(c, decision);
      return showPage(c, await view(c.req.param('token')));
    });

    api.post(`/r/:token${customerFormPaths.messages}`, limitBody(bodyLimits.json), async (c) => {
      const decision = await limits.changes.consume(clientKey(c));
      if (!decision.allowed) return refusedPage(c, decision);
      const token = c.req.param('token');
      const { fields, unreadable } = await readFormBody(c);
      const draft = fields[customerMessageField.name] ?? '';
      await equalCost(token);
      const result: CustomerMessageResult = unreadable.includes(customerMessageField.name)
        ? { ok: false, error: { kind: 'invalid-message', message: unreadableMessage } }
        : await sendCustomerMessage({ ...deps, alert: options.alert }, token, draft, now());
      if (result.ok) return c.redirect(`${customerLinkPath(token)}?done=message`, 303);
      switch (result.error.kind) {
        case 'not-found':
          return notFoundPage(c);
        case 'invalid-message':
          return showPage(c, await view(token), { message: { draft, error: result.error.message } }, 400);
        case 'storage-failure':
          return showPage(c, await view(token), { message: { draft, error: unavailable } }, 503);
      }
    });

    api.post(`/r/:token${customerFormPaths.close}`, limitBody(bodyLimits.none), async (c) => {
      const decision = await limits.changes.consume(clientKey(c));
      if (!decision.allowed) return refusedPage(c, decision);
      const token = c.req.param('token');
      await equalCost(token);
      const result = await closeCustomerRequest(deps, token, now());
      if (result.ok) return c.redirect(`${customerLinkPath(token)}?done=closed`, 303);
      return result.error.kind === 'not-found' ? notFoundPage(c) : c.text(unavailable, 503);
    });
  }
  if (pages) pageRoutes(pages);

  // What every capability's routes under the link share: the limits, the lookup, and the page as it
  // stands with what a plain form sent back.
  const shared: CustomerRouteContext = {
    now,
    limits,
    clientKey,
    equalCost,
    refusedPage,
    refusedJson: (c, decision) => refusedJson(c, decision),
    unavailable,
    ...(pages && {
      showPage: async (c: Context, token: string, sentBack: Omit<CustomerLinkState, 'view'>, status: number) => {
        const result = await view(token);
        if (!result.ok) return result.error.kind === 'not-found' ? pages.notFoundPage(c) : c.text(unavailable, 503);
        return pages.page(customerLinkPath(token), { customer: { view: toWireCustomerView(result.view), ...sentBack } }, status);
      },
    }),
  };
  reminderRoutes(api, { ...shared, deps: { ...deps, ...options.reminders } });
  quoteRoutes(api, { ...shared, deps: { ...deps, inbox: options.reminders.inbox, alert: options.quoteAccepted } });

  // ---- The same as JSON, for the page's script.

  const fail = (c: Context, body: WireError, status: ContentfulStatusCode, retryAfter?: number) =>
    c.json(body, status, retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) });
  const refusedJson = (c: Context, { retryAfterSeconds }: Extract<RateLimitDecision, { allowed: false }>) =>
    fail(c, { error: 'rate-limited', message: tooManyRequests(retryAfterSeconds) }, 429, retryAfterSeconds);
  const answerJson = (c: Context, result: CustomerLinkResult | CustomerMessageResult) => {
    if (result.ok) return c.json(toWireCustomerView(result.view));
    switch (result.error.kind) {
      case 'not-found':
        return fail(c, notFoundError, 404);
      case 'invalid-message':
        return fail(c, { error: 'invalid-fields', message: result.error.message, fields: [{ field: customerMessageField.name, message: result.error.message }] }, 400);
      case 'storage-failure':
        return fail(c, { error: 'storage-unavailable', message: unavailable }, 503);
    }
  };

  api.get(`${customerLinkApiPath}/:token`, customerLinkOperations.view, async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    return answerJson(c, await view(c.req.param('token')));
  });

  api.post(`${customerLinkApiPath}/:token${customerFormPaths.messages}`, customerLinkOperations.message, limitBody(bodyLimits.json), async (c) => {
    const decision = await limits.changes.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    const read = await readJsonBody(c);
    if (!read.ok) return fail(c, read.error, 400);
    const token = c.req.param('token');
    await equalCost(token);
    const text: unknown = typeof read.body === 'object' && read.body !== null ? (read.body as Record<string, unknown>)[customerMessageField.name] : undefined;
    return answerJson(c, await sendCustomerMessage({ ...deps, alert: options.alert }, token, text ?? '', now()));
  });

  api.post(`${customerLinkApiPath}/:token${customerFormPaths.close}`, customerLinkOperations.close, limitBody(bodyLimits.none), async (c) => {
    const decision = await limits.changes.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    return answerJson(c, await closeCustomerRequest(deps, token, now()));
  });

  // ---- A done job's review: the link to our review page (recorded as followed), and "stop".
  // Under /api/r/<token> on every host, as the review emails link there; the page's script asks the
  // same as JSON. They answer for as long as the request is kept, not only while its page does.

  const reviewPath = `${customerLinkApiPath}/:token${reviewPaths.leaveReview}` as const;
  const stopPath = `${customerLinkApiPath}/:token${reviewPaths.stopReviews}` as const;

  api.get(reviewPath, customerLinkOperations.followReview, async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedPage(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    const result = await followReviewLink(deps, token, now());
    if (result.ok) return c.redirect(result.url, 302);
    return result.error.kind === 'not-found' ? c.html(unknownReviewLinkPage(), 404) : c.text(unavailable, 503);
  });

  api.post(reviewPath, customerLinkOperations.reviewAddress, limitBody(bodyLimits.none), async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedJson(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    const result = await followReviewLink(deps, token, now());
    if (result.ok) return c.json({ url: result.url });
    return result.error.kind === 'not-found' ? fail(c, notFoundError, 404) : fail(c, { error: 'storage-unavailable', message: unavailable }, 503);
  });

  api.get(stopPath, customerLinkOperations.stopReviewsPage, async (c) => {
    const decision = await limits.views.consume(clientKey(c));
    if (!decision.allowed) return refusedPage(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    // Only shows the button: a mail program that opens links to scan them stops nothing. A link that
    // would stop nothing gets the one 404, as the button would.
    const found = await findReviewStop(deps, token);
    if (found.ok) return c.html(stopReviewsPage());
    return found.error.kind === 'not-found' ? c.html(unknownReviewLinkPage(), 404) : c.text(unavailable, 503);
  });

  // The page's button, or a mail program's one-click unsubscribe (RFC 8058: "List-Unsubscribe=One-Click").
  api.post(stopPath, customerLinkOperations.stopReviews, limitBody(bodyLimits.json), async (c) => {
    const decision = await limits.changes.consume(clientKey(c));
    if (!decision.allowed) return refusedPage(c, decision);
    const token = c.req.param('token');
    await equalCost(token);
    const result = await stopReviewEmails(deps, token, now());
    // The customer's page with scripts asks for JSON; a form, or a mail program, gets the page.
    if (c.req.header('accept')?.includes('application/json') === true) {
      if (result.ok) return c.json({ stopped: true });
      return result.error.kind === 'not-found' ? fail(c, notFoundError, 404) : fail(c, { error: 'storage-unavailable', message: unavailable }, 503);
    }
    if (result.ok) return c.html(reviewsStoppedPage());
    return result.error.kind === 'not-found' ? c.html(unknownReviewLinkPage(), 404) : c.text(unavailable, 503);
  });

  return api;
}
