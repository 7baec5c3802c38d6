import type { QuoteStatus } from '../inbox/quote-status';
import { type PricedQuote, quoteInDate, sentQuoteOf } from './priced-quote';

// A priced quote's three emails to the customer: the quote sent, one plain follow-up a few days later
// if nobody answered, and the confirmation of a yes. Whether each still goes is decided as it falls due.

const quoteEmailKinds = ['quote-sent', 'quote-follow-up', 'quote-accepted'] as const;
export type QuoteEmailKind = (typeof quoteEmailKinds)[number];
export const isQuoteEmailKind = (kind: string): kind is QuoteEmailKind => quoteEmailKinds.some((known) => known === kind);

/** Days after a quote is sent that its one follow-up goes, unless the business sets otherwise (0 turns them off). */
export const defaultQuoteFollowUpDays = 3;

/** When the follow-up of a quote sent at `sentAt` falls due. */
export const quoteFollowUpAt = (sentAt: Date, days: number): Date => new Date(sentAt.getTime() + days * 24 * 60 * 60 * 1000);

/**
 * The version an email of `kind` is about, if it still goes on `today`: the quote last sent while it
 * stands unanswered (sent), the same still unanswered, in date, never followed up, on a request still
 * quoted (follow-up), or the version accepted (confirmation); null when it must be taken back unsent.
 */
export function quoteEmailVersion(kind: QuoteEmailKind, quotes: readonly PricedQuote[], status: QuoteStatus, today: string): PricedQuote | null {
  if (kind === 'quote-accepted') return quotes.findLast((quote) => quote.answer?.kind === 'accepted') ?? null;
  const sent = sentQuoteOf(quotes);
  if (sent?.answer !== null || sent.replacedBy !== null) return null;
  if (kind === 'quote-sent') return sent;
  return status === 'quoted' && sent.followedUpAt === null && quoteInDate(sent, today) ? sent : null;
}
