import { csvDownload } from '../http/csv-download';
import { Hono, type MiddlewareHandler } from 'hono';
import { describeErased, sentEmailsNotice } from '../../../domain/customer-data/customer-data';
import { customerDataCsv, customerDataDocument } from '../../../domain/customer-data/customer-data-export';
import { eraseCustomerData, findCustomerData } from '../../../domain/customer-data/customer-data-requests';
import { londonDay } from '../../../domain/london-time';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import type { Logger } from '../../../domain/ports/logger';
import type { StaffFailure } from '../../../domain/staff/staff-failure';
import { toWireErased, type WireErasure } from '../../http-api/customer-data-wire';
import { bodyLimits, limitBody } from '../http/body-limit';
import { noStoreFailure, staffFailureResponse } from '../http/staff-failure-response';
import type { StaffEnv } from '../staff/staff-gate';
import { customerDataOperations } from './customer-data-operations';

export interface CustomerDataApiOptions {
  customerData: CustomerDataStore;
  logger: Logger;
  now: () => Date;
  requireStaff: MiddlewareHandler<StaffEnv>;
}

const fail = noStoreFailure;

const staffFailure = (error: StaffFailure) =>
  staffFailureResponse(error, { signIn: 'Sign in as staff to see a customer’s data', unavailable: 'The customer’s data cannot be reached right now. Please try again.' });

const invalid = (message: string, fields: { field: string; message: string }[]) => fail({ error: 'invalid-fields', message, fields }, 400);

/**
 * A customer's data under `/api/customer-data`, staff only: GET finds everything held about the
 * customer with an email or phone number (JSON, or CSV with `format=csv`); DELETE erases it all, when
 * its body repeats the email or phone number as `confirm`. Never cached: it is a person's data.
 */
export function customerDataApi({ customerData, logger, now, requireStaff }: CustomerDataApiOptions) {
  const deps = { customerData, logger };
  const api = new Hono<StaffEnv>();

  api.get('/', customerDataOperations.find, requireStaff, async (c) => {
    const format = c.req.query('format') ?? 'json';
    if (format !== 'json' && format !== 'csv') return invalid('Ask for json or csv', [{ field: 'format', message: 'Format must be json or csv' }]);
    const result = await findCustomerData(deps, { email: c.req.query('email'), phone: c.req.query('phone') });
    if (!result.ok) return result.error.kind === 'invalid-fields' ? invalid('Say whose data to find', result.error.fields) : staffFailure(result.error);
    const at = now();
    if (format === 'csv') {
      return csvDownload(customerDataCsv(result.data), `customer-data-${londonDay(at)}.csv`);
    }
    c.header('cache-control', 'no-store');
    return c.json(customerDataDocument(result.data, result.subject, at));
  });

  api.delete(
    '/',
    customerDataOperations.erase,
    limitBody(bodyLimits.json),
    requireStaff,
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text()) as unknown;
      } catch {
        return fail({ error: 'invalid-json', message: 'The request body is not valid JSON' }, 400);
      }
      const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const result = await eraseCustomerData(deps, { email: fields.email, phone: fields.phone, confirm: fields.confirm });
      if (!result.ok) return result.error.kind === 'invalid-fields' ? invalid('Nothing was erased', result.error.fields) : staffFailure(result.error);
      const answer: WireErasure = { erased: toWireErased(result.erased), message: describeErased(result.erased), emails_already_sent: sentEmailsNotice };
      return c.json(answer);
    },
  );

  return api;
}
