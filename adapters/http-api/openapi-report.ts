import { toJsonSchema } from '@valibot/to-json-schema';
import { reportPeriods } from '../../domain/report/report-period';
import { WireLeadReportSchema } from './report-wire';
import { apiPaths } from './wire';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The owner's report, for the OpenAPI document. */
export const reportPaths = {
  [apiPaths.report]: {
    get: {
      summary: 'What the site earns over a period, by channel and week by week (staff only)',
      description:
        'For the requests received in the period (London’s calendar, read at the server’s clock; never those in the Spam folder), by the channel each came through and in all: requests, the median minutes to the first call, the share called within the promise, won, the win rate, the won value and the value per request (money in pence, shares 0 to 1); and each week’s requests and won value. `format=csv` answers the same as a CSV download.',
      security: [{ staffSession: [] }],
      parameters: [
        { name: 'period', in: 'query', required: false, schema: { type: 'string', enum: [...reportPeriods], default: 'this-month' } },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
      ],
      responses: {
        '200': {
          description: 'The report: a JSON document, or a CSV file (Content-Disposition: attachment)',
          content: { 'application/json': { schema: toJsonSchema(WireLeadReportSchema, { target: 'draft-2020-12', errorMode: 'ignore' }) }, 'text/csv': { schema: { type: 'string' } } },
        },
        '400': errorResponse('A period or format it does not know: `fields` names it'),
        '401': errorResponse('No valid staff session'),
        '503': errorResponse('The database cannot be reached'),
      },
    },
  },
};
