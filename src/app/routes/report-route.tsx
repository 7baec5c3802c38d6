import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { reportPeriods } from '../../../domain/report/report-period';
import { rootRoute } from './root-route';

/**
 * `?period=`: one of the report's periods; absent, or one it does not know, is this month's (the page
 * reads it so). Left undefined rather than filled in: a search the router changes as it reads the
 * address is one it sends the page to first, and a server drawing the page would draw nothing.
 */
const ReportSearchSchema = v.object({ period: v.fallback(v.optional(v.picklist(reportPeriods)), undefined) });

/**
 * Staff only, as the inbox is: what the site earns, by channel, over a period. Its code comes with the
 * settings page's, in one chunk loaded when either is first opened: a chunk of its own would split the
 * code the home page shares with the staff pages into more, smaller files.
 */
export const reportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quotes/report',
  validateSearch: ReportSearchSchema,
  staticData: { scriptsAtOnce: true, staffPage: true },
  component: lazyRouteComponent(() => import('./settings-page'), 'ReportPage'),
});
