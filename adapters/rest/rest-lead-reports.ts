import type { KyInstance } from 'ky';
import type { LeadReports } from '../../domain/ports/lead-reports';
import type { LeadReport } from '../../domain/report/lead-report';
import type { ReportPeriod } from '../../domain/report/report-period';
import { fromWireLeadReport, WireLeadReportSchema } from '../http-api/report-wire';
import { apiPaths } from '../http-api/wire';
import { createApiClient, readRetry, type RestClientOptions } from './rest-client';
import { staffCall } from './rest-failure';

/** The owner's report from the API (adapters/server/report/report-api.ts), wherever it runs. */
export class RestLeadReports implements LeadReports {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  /** `GET /api/report?period=…`. */
  async read(period: ReportPeriod): Promise<LeadReport> {
    const wire = await staffCall('Reading the report', this.#timeoutMs, () =>
      this.#api.get(apiPaths.report, { searchParams: { period }, retry: readRetry }).json(WireLeadReportSchema),
    );
    return fromWireLeadReport(wire);
  }

  /** `GET /api/report?period=…&format=csv`. */
  async csv(period: ReportPeriod): Promise<string> {
    return staffCall('Downloading the report', this.#timeoutMs, () => this.#api.get(apiPaths.report, { searchParams: { period, format: 'csv' }, retry: readRetry }).text());
  }
}
