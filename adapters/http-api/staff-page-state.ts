import * as v from 'valibot';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import type { LeadReport } from '../../domain/report/lead-report';
import type { ReportPeriod } from '../../domain/report/report-period';
import { fromWireInboxQuote, toWireInboxQuote, WireInboxQuoteSchema } from './inbox-wire';
import { fromWireLeadReport, toWireLeadReport, WireLeadReportSchema } from './report-wire';

// What our server read for a staff page as it drew it, in the API's own formats, for the page to show
// at once: kept apart from page-state.ts, as the inbox's first screen is, so the home page's scripts
// never carry these formats. A reading that does not read is no reading: the page asks for its own.

/** The report over the period its address names. */
export const toWireReportReading = toWireLeadReport;

/** The report the page was drawn with, if it is over `period`. */
export function fromWireReportReading(value: unknown, period: ReportPeriod): LeadReport | undefined {
  const parsed = v.safeParse(WireLeadReportSchema, value);
  return parsed.success && parsed.output.period === period ? fromWireLeadReport(parsed.output) : undefined;
}

const ServiceDueReadingSchema = v.object({ today: v.pipe(v.string(), v.isoDate()), quotes: v.array(WireInboxQuoteSchema) });

/** The services due as read on `today` (London's day). */
export const toWireServiceDueReading = ({ today, quotes }: { today: string; quotes: readonly InboxQuote[] }) => ({ today, quotes: quotes.map(toWireInboxQuote) });

/** The services due the page was drawn with. */
export function fromWireServiceDueReading(value: unknown): { today: string; quotes: InboxQuote[] } | undefined {
  const parsed = v.safeParse(ServiceDueReadingSchema, value);
  return parsed.success ? { today: parsed.output.today, quotes: parsed.output.quotes.map(fromWireInboxQuote) } : undefined;
}
