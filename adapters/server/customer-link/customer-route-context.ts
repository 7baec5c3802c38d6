import type { Context } from 'hono';
import type { RateLimit, RateLimitDecision } from '../http/rate-limit';
import type { CustomerLinkState } from '../../http-api/page-state';

/** What the routes of a customer link's capabilities (reminder-routes.ts, quote-routes.ts) share with customer-link-api.ts. */
export interface CustomerRouteContext {
  now: () => Date;
  limits: { views: RateLimit; changes: RateLimit };
  clientKey: (c: Context) => string;
  /** The same lookup for every token, so a malformed one costs what a guessed one does. */
  equalCost: (token: string) => Promise<void>;
  refusedPage: (c: Context, decision: Extract<RateLimitDecision, { allowed: false }>) => Response;
  refusedJson: (c: Context, decision: Extract<RateLimitDecision, { allowed: false }>) => Response;
  /**
   * For a host that renders pages: the customer's page as it stands, with what a plain form sent back
   * (its error, and what was chosen), at `status`; the site's 404 when there is no such link.
   */
  showPage?: (c: Context, token: string, sentBack: Omit<CustomerLinkState, 'view'>, status: number) => Promise<Response>;
  unavailable: string;
}
