import type { Activity } from '../activity/activity';
import { londonDay } from '../london-time';
import { type PricedQuote, pricedQuotesOf, type QuoteAnswer, type QuoteStanding, quoteStandingOf } from './priced-quote';
import type { QuotePrice } from './quote-pricing';

// The versions of a priced quote the customer's own page shows: those sent, never a draft.

/** A version sent to the customer, as their page shows it. */
export interface CustomerQuote {
  version: number;
  price: QuotePrice;
  validUntil: string;
  terms: string;
  sentAt: Date;
  standing: QuoteStanding;
  answer: QuoteAnswer | null;
  replacedBy: number | null;
}

const customerQuoteOf = (quote: PricedQuote & { sentAt: Date }, today: string): CustomerQuote => ({
  version: quote.version,
  price: quote.price,
  validUntil: quote.validUntil,
  terms: quote.terms,
  sentAt: quote.sentAt,
  standing: quoteStandingOf(quote, today),
  answer: quote.answer,
  replacedBy: quote.replacedBy,
});

/** The versions the customer was sent, newest first (never a draft); empty when none was. */
export function customerQuotesOf(log: readonly Activity[], now: Date): CustomerQuote[] {
  const today = londonDay(now);
  return pricedQuotesOf(log)
    .filter((quote): quote is PricedQuote & { sentAt: Date } => quote.sentAt !== null)
    .map((quote) => customerQuoteOf(quote, today))
    .reverse();
}

