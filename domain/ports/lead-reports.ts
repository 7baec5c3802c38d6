import type { LeadReport } from '../report/lead-report';
import type { ReportPeriod } from '../report/report-period';

/**
 * The owner's report as the staff pages read it, from whichever host draws it. Rejects with
 * NotSignedIn without a staff session, and when the host cannot be reached.
 */
export interface LeadReports {
  /** The report over `period`, read at the host's clock. */
  read: (period: ReportPeriod) => Promise<LeadReport>;
  /** The same report as a CSV document, for a spreadsheet. */
  csv: (period: ReportPeriod) => Promise<string>;
}
