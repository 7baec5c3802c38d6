import { lazy, Suspense, useState } from 'react';
import { londonDay } from '../../../domain/london-time';
import { useAppContext } from '../../app/app-context-provider';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { latestQuoteOf, pricedQuotesOf, quoteStandingOf, sentQuoteOf } from '../../../domain/priced-quote/priced-quote';
import { describeQuoteStanding, quotePanelTitle } from '../../../domain/priced-quote/quote-standing-copy';

// The editor and its pricing load only when staff open the panel: the staff page's first screen carries
// the panel's title and the folded card's line alone.
const PricedQuoteEditor = lazy(async () => ({ default: (await import('./priced-quote-editor')).PricedQuoteEditor }));

/** Whether a request has a quote staff may write or send: contacted or quoted, as the stores' guard allows. */
const quotable = (quote: InboxQuote): boolean => quote.status === 'contacted' || quote.status === 'quoted';

/** Where `quote`'s version last sent stands on the London day of `now`; undefined while none was sent. */
function sentStanding(quote: InboxQuote, now: Date): string | undefined {
  const sent = sentQuoteOf(pricedQuotesOf(quote.activity));
  if (sent?.sentAt == null) return undefined;
  return describeQuoteStanding(sent, quoteStandingOf(sent, londonDay(now)), londonDay(sent.sentAt));
}

/**
 * On the folded card of a request sent a quote: where the version last sent stands, as the Quoted view
 * reads it ("£1,254.00 sent 2 Dec · viewed · no answer"). Nothing while none was sent.
 */
export function QuoteStandingLine({ quote, now }: { quote: InboxQuote; now: Date }) {
  const standing = sentStanding(quote, now);
  return standing === undefined ? null : <p className="quote-standing">{standing}</p>;
}

/**
 * On an opened card, while the request may be quoted or once it was sent one: its priced quote, folded
 * under a title that says where it stands; opened, the editor loads to write, send or replace it.
 */
export function QuotePanel({ quote, now }: { quote: InboxQuote; now: Date }) {
  const actions = useAppContext((context) => context.quoteActions);
  const [open, setOpen] = useState(false);
  const latest = latestQuoteOf(pricedQuotesOf(quote.activity));
  if (!quotable(quote) && latest?.sentAt == null) return null;
  const standing = sentStanding(quote, now) ?? (latest && describeQuoteStanding(latest, 'draft', null));
  return (
    <details className="quote-priced" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{quotePanelTitle(standing)}</summary>
      {open && (
        <Suspense fallback={null}>
          <PricedQuoteEditor actions={actions} quote={quote} now={now} canWrite={quotable(quote)} />
        </Suspense>
      )}
    </details>
  );
}
