import { type InboxCursor, type InboxPage, type InboxQuery, inboxPageMax, inboxPageSize } from './inbox-query';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface FindQuotesDeps {
  inbox: Pick<QuoteInbox, 'findPage'>;
  logger: Logger;
}

export type FindQuotesResult = { ok: true; page: InboxPage } | { ok: false; error: StaffFailure };

/** One page of the inbox for staff: 50 requests unless asked for fewer (or, to export, up to 500). */
export async function findQuotes(
  deps: FindQuotesDeps,
  request: { query: InboxQuery; after: InboxCursor | null; now: Date; limit?: number },
): Promise<FindQuotesResult> {
  const limit = Math.min(Math.max(1, Math.floor(request.limit ?? inboxPageSize)), inboxPageMax);
  try {
    return { ok: true, page: await deps.inbox.findPage({ query: request.query, after: request.after, now: request.now, limit }) };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Reading the inbox') };
  }
}
