import type { Activity, ActivityOf } from '../activity/activity';
import type { LostReason } from '../inbox/job-outcome';
import { priceQuote, type QuoteLine, type QuotePrice } from './quote-pricing';

// A request's priced quotes, folded from its log. Staff write version 1 (a draft they may write again
// as often as they like), send it, and from then on change it only by writing and sending version 2,
// which replaces it. The customer views, accepts or declines the version last sent.

/** What the customer answered to a version. */
export type QuoteAnswer =
  | { kind: 'accepted'; at: Date; totalPence: number; earlyStart: boolean }
  | { kind: 'declined'; at: Date; reason: LostReason | null };

/** One version of a request's quote, as its log tells it. */
export interface PricedQuote {
  version: number;
  lines: readonly QuoteLine[];
  /** The London day it stands until (yyyy-mm-dd), that day included. */
  validUntil: string;
  vatRegistered: boolean;
  /** The business's terms as they were when it was written. */
  terms: string;
  price: QuotePrice;
  written: { by: string; at: Date };
  /** When it went to the customer; null while a draft. */
  sentAt: Date | null;
  /** The first time the customer opened it; null until they have. */
  viewedAt: Date | null;
  /** When its one follow-up email went; null until it has. */
  followedUpAt: Date | null;
  answer: QuoteAnswer | null;
  /** The version sent in its place; null while none has been. */
  replacedBy: number | null;
}

/** The kinds of step a request's quotes are folded from, for a store that reads only those. */
export const pricedQuoteKinds = ['quote-written', 'quote-sent', 'quote-viewed', 'quote-accepted', 'quote-declined', 'quote-replaced', 'quote-followed-up'] as const satisfies readonly Activity['kind'][];

type QuoteEntry = ActivityOf<(typeof pricedQuoteKinds)[number]>;

const isQuoteEntry = (entry: Activity): entry is QuoteEntry => pricedQuoteKinds.some((kind) => kind === entry.kind);

/** Every version of the request's quote, oldest first; empty when none was written. */
export function pricedQuotesOf(log: readonly Activity[]): PricedQuote[] {
  const versions = new Map<number, PricedQuote>();
  for (const entry of log.filter(isQuoteEntry)) {
    if (entry.kind === 'quote-written') {
      const { version, lines, validUntil, vatRegistered, terms } = entry;
      // A draft written again is the same version, as it now reads.
      versions.set(version, {
        version,
        lines,
        validUntil,
        vatRegistered,
        terms,
        price: priceQuote(lines, { vatRegistered }),
        written: { by: entry.by, at: entry.at },
        sentAt: null,
        viewedAt: null,
        followedUpAt: null,
        answer: null,
        replacedBy: null,
      });
      continue;
    }
    const quote = versions.get(entry.version);
    if (quote === undefined) continue;
    switch (entry.kind) {
      case 'quote-sent':
        quote.sentAt ??= entry.at;
        break;
      case 'quote-viewed':
        quote.viewedAt ??= entry.at;
        break;
      case 'quote-followed-up':
        quote.followedUpAt ??= entry.at;
        break;
      case 'quote-accepted':
        quote.answer ??= { kind: 'accepted', at: entry.at, totalPence: entry.totalPence, earlyStart: entry.earlyStart };
        break;
      case 'quote-declined':
        quote.answer ??= { kind: 'declined', at: entry.at, reason: entry.reason ?? null };
        break;
      case 'quote-replaced':
        quote.replacedBy ??= entry.replacedBy;
        break;
    }
  }
  return [...versions.values()].sort((a, b) => a.version - b.version);
}

/** The version last written: a draft, or the one last sent. */
export const latestQuoteOf = (quotes: readonly PricedQuote[]): PricedQuote | undefined => quotes.at(-1);

/** The version the customer was last sent: the one they may answer; undefined when none was sent. */
export const sentQuoteOf = (quotes: readonly PricedQuote[]): PricedQuote | undefined => quotes.findLast((quote) => quote.sentAt !== null);

/** Where a version stands, as the card and the customer's page tell it. */
export type QuoteStanding = 'draft' | 'sent' | 'viewed' | 'accepted' | 'declined' | 'replaced' | 'expired';

/** Whether a version still stands on `today` (London, yyyy-mm-dd): its valid-until day is today or later. */
export const quoteInDate = (quote: Pick<PricedQuote, 'validUntil'>, today: string): boolean => quote.validUntil >= today;

/** Where `quote` stands on `today`: an answer or a replacement first, then whether it has expired. */
export function quoteStandingOf(quote: PricedQuote, today: string): QuoteStanding {
  if (quote.answer !== null) return quote.answer.kind;
  if (quote.replacedBy !== null) return 'replaced';
  if (quote.sentAt === null) return 'draft';
  if (!quoteInDate(quote, today)) return 'expired';
  return quote.viewedAt === null ? 'sent' : 'viewed';
}

/** The next version a staff member writes: the draft's own, or the one after the last sent (1 for the first). */
export function nextQuoteVersion(quotes: readonly PricedQuote[]): number {
  const latest = latestQuoteOf(quotes);
  if (latest === undefined) return 1;
  return latest.sentAt === null ? latest.version : latest.version + 1;
}
