import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';
import type { ViewCounts } from './view-counts';

export interface ViewCountsDeps {
  inbox: Pick<QuoteInbox, 'viewCounts'>;
  logger: Logger;
}

export type ViewCountsResult = { ok: true; counts: ViewCounts } | { ok: false; error: StaffFailure };

/** How many requests each view holds now, for the view tabs. */
export async function readViewCounts(deps: ViewCountsDeps): Promise<ViewCountsResult> {
  try {
    return { ok: true, counts: await deps.inbox.viewCounts() };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Counting the views') };
  }
}
