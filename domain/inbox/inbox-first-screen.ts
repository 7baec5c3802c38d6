import type { StaffMember } from '../staff/staff';
import type { InboxPage, InboxQuery } from './inbox-query';
import type { InboxSummary } from './inbox-summary';
import type { ViewCounts } from './view-counts';

/**
 * What a signed-in staff member sees first on opening the inbox, read before the page is drawn: who
 * is signed in, when it was read (the clocks read that time until they tick), the list the address
 * asks for and its first page, and the figures above it (null where they could not be read).
 */
export interface InboxFirstScreen {
  staff: StaffMember;
  at: Date;
  query: InboxQuery;
  page: InboxPage;
  summary: InboxSummary | null;
  counts: ViewCounts | null;
}
