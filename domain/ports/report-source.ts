import type { QuoteStatus } from '../inbox/quote-status';
import type { LeadSource } from '../quote/lead-channel';

/** What the owner's report reads of one request: when it came, how fast it was called, where it came from, and how it ended. */
export interface ReportRecord extends LeadSource {
  createdAt: Date;
  urgent: boolean;
  respondedAt: Date | null;
  /** The first call nobody picked up, when there was one: it kept the promise as an answered call does. Absent when there was none. */
  callAttempts?: readonly { at: Date }[];
  status: QuoteStatus;
  /** The job's value in pence, for a request won now whose value staff gave with that move; null otherwise. */
  wonPence: number | null;
}

/**
 * Where the report's figures are read from: a store of the requests, on the host that draws the report
 * (our server, Supabase's function, the demo's API in the page). Rejects when the store cannot be reached.
 */
export interface ReportSource {
  /** Every request received from `from` up to (not including) `to`, but those in the Spam folder. */
  reportRecords: (from: Date, to: Date) => Promise<readonly ReportRecord[]>;
}
