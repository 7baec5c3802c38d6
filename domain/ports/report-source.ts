import type { LeadSource } from '../quote/lead-channel';

/**
 * Requests of a period alike in everything the report reads of them, and their sums: where they came
 * from, how their first call went, what they were quoted and what they won.
 */
export interface ReportTally extends LeadSource {
  /** Whole minutes from arriving to the first call (picked up or not), never below 0; null while none came. */
  minutesToFirstCall: number | null;
  /** Called by the time the promise ran out; false while not called. */
  calledWithinPromise: boolean;
  /** Not called, and the promise ran out before the report's `now`. */
  overdueUncalled: boolean;
  requests: number;
  /** Of them, those won now. */
  won: number;
  /** The value staff gave with their last move to won, in pence, of those won now. */
  wonPence: number;
  /** Of them, those whose customer was asked for a review, and those whose review link was followed. */
  reviewsAsked: number;
  reviewsOpened: number;
  /** Of them, those sent a priced quote (at any time up to now), and those that accepted one. */
  quotesSent: number;
  quotesAccepted: number;
  /** The total including VAT of the version last sent to each of them, in pence. */
  quotedPence: number;
}

/** Requests that arrived on one London day (a store may split a day into several of these), and their won value. */
export interface ReportDay {
  /** One of their arrival times. */
  at: Date;
  requests: number;
  wonPence: number;
}

/** A period's requests as the report sums them: by what it reads of them, and by the day they arrived. */
export interface ReportTallies {
  tallies: readonly ReportTally[];
  days: readonly ReportDay[];
}

/**
 * Where the report's figures are read from: a store of the requests, on the host that draws the report
 * (our server, Supabase's function, the demo's API in the page). Rejects when the store cannot be reached.
 */
export interface ReportSource {
  /**
   * The sums of every request received from `from` up to (not including) `to`, but those in the Spam
   * folder, with the promises read at `now`: the same as the domain's tallyRequests of them.
   */
  reportTallies: (from: Date, to: Date, now: Date) => Promise<ReportTallies>;
}
