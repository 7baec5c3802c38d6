import { findQuotes } from '../../../domain/inbox/find-quotes';
import { inboxSummary } from '../../../domain/inbox/inbox-summary';
import { readViewCounts } from '../../../domain/inbox/read-view-counts';
import type { Logger } from '../../../domain/ports/logger';
import type { QuoteInbox } from '../../../domain/ports/quote-inbox';
import type { StaffMember } from '../../../domain/staff/staff';
import type { InboxFirstScreen } from '../../../domain/inbox/inbox-first-screen';
import { inboxSearchOf, queryOf } from '../../../domain/inbox/inbox-search';

/**
 * What a signed-in staff member opening the inbox sees first, read as the page itself would read it:
 * the first page of the list the address asks for, what waits, and each view's count. Undefined when
 * the list cannot be read: the page then reads it for itself, and says so if it still cannot.
 */
export async function readInboxFirstScreen(
  deps: { inbox: QuoteInbox; logger: Logger },
  staff: StaffMember,
  address: URL,
  at: Date,
): Promise<InboxFirstScreen | undefined> {
  const query = queryOf(inboxSearchOf(address.searchParams));
  const [found, summary, counts] = await Promise.all([findQuotes(deps, { query, after: null, now: at }), inboxSummary(deps, at), readViewCounts(deps)]);
  if (!found.ok) return undefined;
  return { staff, at, query, page: found.page, summary: summary.ok ? summary.summary : null, counts: counts.ok ? counts.counts : null };
}
