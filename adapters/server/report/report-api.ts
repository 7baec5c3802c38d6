import { csvDownload } from '../http/csv-download';
import { Hono, type MiddlewareHandler } from 'hono';
import { londonDay } from '../../../domain/london-time';
import type { Logger } from '../../../domain/ports/logger';
import type { ReportSource } from '../../../domain/ports/report-source';
import { leadReport, reportCsv } from '../../../domain/report/lead-report';
import { defaultReportPeriod, isReportPeriod, reportPeriods } from '../../../domain/report/report-period';
import { toWireLeadReport, WireLeadReportSchema } from '../../http-api/report-wire';
import { noStoreFailure, staffFailureResponse } from '../http/staff-failure-response';
import { describeRoute, down, failure, named, signedOut, staffOnly } from '../openapi/describe-route';
import type { StaffEnv } from '../staff/staff-gate';

export interface ReportApiOptions {
  reports: ReportSource;
  logger: Logger;
  /** The server's clock: the moment the report is read at. */
  now: () => Date;
  requireStaff: MiddlewareHandler<StaffEnv>;
}

const words = { signIn: 'Sign in as staff to read the report', unavailable: 'The report cannot be read right now. Please try again.' };

const reportOperation = describeRoute({
  summary: 'What the site earns over a period, by channel and week by week (staff only)',
  description:
    'For the requests received in the period (London’s calendar, read at the server’s clock; never those in the Spam folder), by the channel each came through and in all: requests, the median minutes to the first call, the share called within the promise, won, the win rate, the won value and the value per request (money in pence, shares 0 to 1); and each week’s requests and won value. `format=csv` answers the same as a CSV download.',
  ...staffOnly,
  parameters: [
    { name: 'period', in: 'query', required: false, schema: { type: 'string', enum: [...reportPeriods], default: defaultReportPeriod } },
    { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
  ],
  responses: {
    200: {
      description: 'The report: a JSON document, or a CSV file (Content-Disposition: attachment)',
      content: { 'application/json': { schema: named('LeadReport', WireLeadReportSchema) }, 'text/csv': { schema: { type: 'string' } } },
    },
    400: failure('A period or format it does not know: `fields` names it'),
    401: signedOut,
    503: down,
  },
});

/**
 * The owner's report under `/api/report`, staff only: `?period=` one of the report's periods (this
 * month unless said), as JSON, or as a CSV download with `format=csv`. Read at the server's clock.
 */
export function reportApi({ reports, logger, now, requireStaff }: ReportApiOptions) {
  const api = new Hono<StaffEnv>();
  api.get('/', reportOperation, requireStaff, async (c) => {
    const period = c.req.query('period') ?? defaultReportPeriod;
    const format = c.req.query('format') ?? 'json';
    const fields = [
      ...(isReportPeriod(period) ? [] : [{ field: 'period', message: `Period must be one of ${reportPeriods.join(', ')}` }]),
      ...(format === 'json' || format === 'csv' ? [] : [{ field: 'format', message: 'Format must be json or csv' }]),
    ];
    if (fields.length > 0 || !isReportPeriod(period)) return noStoreFailure({ error: 'invalid-fields', message: 'Say which period to report on', fields }, 400);
    const at = now();
    const result = await leadReport({ reports, logger }, period, at);
    if (!result.ok) return staffFailureResponse(result.error, words);
    if (format === 'csv') {
      return csvDownload(reportCsv(result.report), `report-${period}-${londonDay(at)}.csv`);
    }
    c.header('cache-control', 'no-store');
    return c.json(toWireLeadReport(result.report));
  });
  return api;
}
