import { describeDay } from '../reminders/service-words';
import type { QuoteStanding } from './priced-quote';
import { formatPrice } from './quote-pricing';

// The words the folded card and the Quoted view say a quote's standing in: apart from quoteCopy
// (quote-copy.ts, which re-exports them), so the staff page's first screen carries these alone and the
// rest of a quote's texts load with the screens that show them.

/** How the card and the Quoted view say where a version stands. */
export const standingWords = { draft: 'draft', sent: 'no answer', viewed: 'viewed · no answer', accepted: 'accepted', declined: 'declined', replaced: 'replaced', expired: 'expired' } as const satisfies Record<QuoteStanding, string>;

/** The title of the quote on a request's card: "Quote", or where it stands ("Quote: £1,254.00 draft"). */
export const quotePanelTitle = (standing: string | undefined): string => (standing === undefined ? 'Quote' : `Quote: ${standing}`);

/** "£1,254.00 sent 2 Dec · viewed · no answer": a version's standing as the Quoted view says it. */
export function describeQuoteStanding(quote: { price: { totalPence: number }; sentAt: Date | null }, standing: QuoteStanding, sentOn: string | null): string {
  const total = formatPrice(quote.price.totalPence);
  if (sentOn === null) return `${total} ${standingWords.draft}`;
  return `${total} sent ${describeDay(sentOn, 'no-year')} · ${standingWords[standing]}`;
}
