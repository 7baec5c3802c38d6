import { dueListUntil, serviceDueMax } from '../../../domain/reminders/service-due';
import { londonDay } from '../../../domain/london-time';
import type { Logger } from '../../../domain/ports/logger';
import type { ReportSource } from '../../../domain/ports/report-source';
import type { ServiceDueList } from '../../../domain/ports/service-due-list';
import { leadReport } from '../../../domain/report/lead-report';
import { defaultReportPeriod, isReportPeriod } from '../../../domain/report/report-period';
import type { StaffMember } from '../../../domain/staff/staff';
import type { StaffPagePath } from '../../../domain/staff/staff-pages';
import type { PageState } from '../../http-api/page-state';
import { toWireReportReading, toWireServiceDueReading } from '../../http-api/staff-page-state';

export interface StaffPageReads {
  inbox: ReportSource & ServiceDueList;
  logger: Logger;
  /** The inbox's first screen for the address, as its page state carries it (the inbox's own); undefined when it cannot be read. */
  inboxFirstScreen: (member: StaffMember, address: URL, at: Date) => Promise<PageState['inbox']>;
}

/**
 * What a staff page is drawn with for `member`: what it reads as it opens, read here, so it shows
 * with the page rather than after its scripts have asked for it. A reading that fails leaves the page
 * to ask for it itself, as a page built the same for everyone does.
 */
export async function staffPageState(deps: StaffPageReads, path: StaffPagePath, address: URL, member: StaffMember, at: Date): Promise<PageState> {
  const staffPage = { staff: { email: member.email } };
  switch (path) {
    case '/quotes': {
      const inbox = await deps.inboxFirstScreen(member, address, at);
      return inbox === undefined ? { staffPage } : { inbox };
    }
    case '/quotes/report': {
      const asked = address.searchParams.get('period');
      const read = await leadReport({ reports: deps.inbox, logger: deps.logger }, isReportPeriod(asked) ? asked : defaultReportPeriod, at);
      return { staffPage: read.ok ? { ...staffPage, reading: toWireReportReading(read.report) } : staffPage };
    }
    case '/quotes/service-due': {
      const today = londonDay(at);
      try {
        const quotes = await deps.inbox.findDueForService(dueListUntil(today), serviceDueMax);
        return { staffPage: { ...staffPage, reading: toWireServiceDueReading({ today, quotes }) } };
      } catch (error) {
        deps.logger.error('Reading the services due for the page', error);
        return { staffPage };
      }
    }
    case '/quotes/settings':
      return { staffPage };
  }
}
