import { isWon, type QuoteStatus } from '../inbox/quote-status';
import { firstResponseAt, promiseDueAt, responseTime } from '../inbox/response-clock';
import type { ReportDay, ReportTallies, ReportTally } from '../ports/report-source';
import type { LeadSource } from '../quote/lead-channel';
import type { ReviewStanding } from '../reviews/review-ask';
import type { Activity } from '../activity/activity';
import { pricedQuotesOf, sentQuoteOf } from '../priced-quote/priced-quote';

/** What the report reads of one request: when it came, how fast it was called, where it came from, what it was quoted, and how it ended. */
export interface ReportRecord extends LeadSource {
  createdAt: Date;
  urgent: boolean;
  respondedAt: Date | null;
  /** The first call nobody picked up, when there was one: it kept the promise as an answered call does. Absent when there was none. */
  callAttempts?: readonly { at: Date }[];
  status: QuoteStatus;
  /** The job's value in pence, for a request won now (done or not) whose value staff gave when it was won; null otherwise. */
  wonPence: number | null;
  /** Where asking for its review stands; absent while there is nothing to say. */
  review?: ReviewStanding | undefined;
  /** Its priced quote, once a version was sent: the last sent's total including VAT, and whether a version was accepted. Absent while none was sent. */
  quote?: { totalPence: number; accepted: boolean } | undefined;
}

/**
 * What the report reads of a request's priced quote, from its log: the total including VAT of the
 * version last sent, and whether any version was accepted; undefined while none was sent.
 */
export function reportQuoteOf(log: readonly Activity[]): ReportRecord['quote'] {
  const quotes = pricedQuotesOf(log);
  const sent = sentQuoteOf(quotes);
  if (sent === undefined) return undefined;
  return { totalPence: sent.price.totalPence, accepted: quotes.some((quote) => quote.answer?.kind === 'accepted') };
}

const hourMs = 60 * 60_000;

/** The figures a tally sums, beside those its requests share. */
type Sum = 'requests' | 'won' | 'wonPence' | 'reviewsAsked' | 'reviewsOpened' | 'quotesSent' | 'quotesAccepted' | 'quotedPence';

/**
 * The report's sums of `records` at `now` (ReportSource): what a store that keeps its requests as
 * records returns, and what a store that sums them itself must match. Days are kept by the hour: London's
 * clocks change on the hour, so every moment of an hour is on one London day.
 */
export function tallyRequests(records: readonly ReportRecord[], now: Date): ReportTallies {
  const tallies = new Map<string, ReportTally>();
  const days = new Map<number, ReportDay>();
  for (const record of records) {
    const first = firstResponseAt(record);
    const time = first === null ? null : responseTime(record, first);
    const won = isWon(record.status);
    const wonPence = won ? (record.wonPence ?? 0) : 0;
    const kind: Omit<ReportTally, Sum> = {
      referrerHost: record.referrerHost,
      utmSource: record.utmSource,
      utmMedium: record.utmMedium,
      hasGclid: record.hasGclid,
      minutesToFirstCall: time?.minutes ?? null,
      calledWithinPromise: time?.withinPromise ?? false,
      overdueUncalled: first === null && promiseDueAt(record).getTime() < now.getTime(),
    };
    const key = JSON.stringify(Object.values(kind));
    const tally = tallies.get(key) ?? { ...kind, requests: 0, won: 0, wonPence: 0, reviewsAsked: 0, reviewsOpened: 0, quotesSent: 0, quotesAccepted: 0, quotedPence: 0 };
    tallies.set(key, {
      ...tally,
      requests: tally.requests + 1,
      won: tally.won + (won ? 1 : 0),
      wonPence: tally.wonPence + wonPence,
      reviewsAsked: tally.reviewsAsked + (record.review?.askedAt ? 1 : 0),
      reviewsOpened: tally.reviewsOpened + (record.review?.openedAt ? 1 : 0),
      quotesSent: tally.quotesSent + (record.quote ? 1 : 0),
      quotesAccepted: tally.quotesAccepted + (record.quote?.accepted ? 1 : 0),
      quotedPence: tally.quotedPence + (record.quote?.totalPence ?? 0),
    });
    const hour = Math.floor(record.createdAt.getTime() / hourMs);
    const day = days.get(hour) ?? { at: record.createdAt, requests: 0, wonPence: 0 };
    days.set(hour, { ...day, requests: day.requests + 1, wonPence: day.wonPence + wonPence });
  }
  return { tallies: [...tallies.values()], days: [...days.values()] };
}
