import type { QuoteInbox } from '../../domain/ports/quote-inbox';

/**
 * A QuoteInbox whose every call rejects with `failure`: the tests' store that cannot be reached, or
 * (with NotSignedIn) one whose staff session has lapsed.
 */
export function failingQuoteInbox(failure: Error): QuoteInbox {
  const fail = () => Promise.reject(failure);
  return { findPage: fail, record: fail, clockRecords: fail, viewCounts: fail, resendBusinessEmail: fail };
}
