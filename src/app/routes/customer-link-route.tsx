import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import type { CustomerLinkView } from '../../../domain/customer-link/customer-link';
import { quoteDone, type QuoteAnswerState } from '../../../domain/priced-quote/quote-answer';
import { NotFoundPage } from './not-found-page';
import { rootRoute } from './root-route';

/**
 * What the customer link address may say besides the token: what was just done (after a plain HTML
 * post), that they asked to close it and are asked to confirm, or that they came to stop review or
 * reminder emails (the links in those emails, where the API cannot show a page: Supabase). Anything
 * else is ignored.
 */
const CustomerLinkSearchSchema = v.object({
  done: v.fallback(v.optional(v.picklist(['message', 'closed', 'reminder', 'reminders-stopped', quoteDone.accept, quoteDone.decline])), undefined),
  close: v.fallback(v.optional(v.literal('confirm')), undefined),
  reviews: v.fallback(v.optional(v.literal('stop')), undefined),
  reminders: v.fallback(v.optional(v.literal('stop')), undefined),
});

/**
 * What the page opens with: the request as the customer sees it, and a message or a reminder sent back
 * with what was wrong. `view` is null when the page has expired but its request is still kept with a
 * reminder, and the customer came to stop the reminders: that is all the page then offers.
 */
export type CustomerLinkData =
  | { view: CustomerLinkView; message?: { draft: string; error: string }; reminderError?: string; quoteAnswer?: QuoteAnswerState }
  | { view: null };

/**
 * A customer's private link to their request. A link that leads nowhere (malformed, guessed, expired,
 * or its request deleted) is the site's plain 404, whichever it is. What the server found is used as
 * it is; otherwise, in the browser, it is asked for.
 */
export const customerLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/r/$token',
  validateSearch: CustomerLinkSearchSchema,
  loaderDeps: ({ search }) => ({ stoppingReminders: search.reminders === 'stop' }),
  loader: async ({ context, params, deps }): Promise<CustomerLinkData> => {
    const initial = context.customerLinkPage.takeInitial();
    if (initial) return initial;
    const result = await context.customerLinkPage.view(params.token);
    if (result.ok) return { view: result.view };
    // A reminder's stop works for as long as its request is kept, after the page itself has gone.
    if (result.error.kind === 'not-found' && deps.stoppingReminders && (await context.customerLinkPage.booking(params.token)).ok) return { view: null };
    // The router's own signal for "no such page", which it renders as the site's 404.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (result.error.kind === 'not-found') throw notFound();
    throw new Error('We could not open your request just now. Please try again in a minute, or call us.');
  },
  notFoundComponent: NotFoundPage,
  component: lazyRouteComponent(() => import('./customer-link-page'), 'CustomerRequestRoutePage'),
});
