import { createRoute, useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { business } from '../../domain/business';
import { copy } from '../../domain/copy';
import { QuoteCard } from '../components/quote-card';
import { RefreshIcon } from '../components/icons';
import { rootRoute } from './root-route';

function QuotesPage() {
  const list = useRouteContext({ from: '__root__', select: (context) => context.quoteList });
  const status = useStore(list, (state) => state.status);
  const quotes = useStore(list, (state) => state.quotes);
  const load = useStore(list, (state) => state.load);
  const loading = status !== 'loaded';

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="container quotes-page" aria-labelledby="quotes-title">
      <title>{`${copy.quotes.heading} | ${business.name}`}</title>
      <div className="quotes-toolbar">
        <h1 id="quotes-title">
          {copy.quotes.heading} {status === 'loaded' && <span className="count">({quotes.length})</span>}
        </h1>
        <button type="button" className="button button-outline" onClick={() => void load()} aria-disabled={status === 'loading'}>
          <RefreshIcon className={status === 'loading' ? 'spin' : undefined} /> {copy.quotes.refresh}
        </button>
      </div>
      <div aria-live="polite" aria-busy={status === 'loading'}>
        {loading && quotes.length === 0 ? (
          <p className="list-message">Loading quote requests…</p>
        ) : quotes.length === 0 ? (
          <p className="list-message">{copy.quotes.empty}</p>
        ) : (
          <ul className="quote-list">
            {quotes.map((quote) => (
              <li key={quote.id}>
                <QuoteCard quote={quote} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export const quotesRoute = createRoute({ getParentRoute: () => rootRoute, path: '/quotes', component: QuotesPage });
