import { useEffect } from 'react';
import { useStore } from 'zustand';
import { business } from '../../domain/business';
import { copy } from '../../domain/copy';
import { useAppContext } from '../app-context-provider';
import { QuoteCard } from '../components/quote-card';
import { RefreshIcon } from '../components/icons';
import { SignInForm } from '../components/sign-in-form';
import { PageHead } from '../seo/page-head';
import { siteUrl } from '../site-url';

/** The list, for a signed-in staff member. */
function QuoteRequests() {
  const list = useAppContext((context) => context.quoteList);
  const staff = useAppContext((context) => context.staff);
  const email = useStore(staff, (state) => state.staff?.email);
  const status = useStore(list, (state) => state.status);
  const quotes = useStore(list, (state) => state.quotes);
  const load = useStore(list, (state) => state.load);
  const loading = status !== 'loaded';

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="quotes-title">
      <div className="quotes-toolbar">
        <h1 id="quotes-title">
          {copy.quotes.heading} {status === 'loaded' && <span className="count">({quotes.length})</span>}
        </h1>
        <button type="button" className="button button-outline" onClick={() => void load()} aria-disabled={status === 'loading'}>
          <RefreshIcon className={status === 'loading' ? 'spin' : undefined} /> {copy.quotes.refresh}
        </button>
        <p className="signed-in-as">
          Signed in as {email}{' '}
          <button type="button" className="button button-outline" onClick={() => void staff.getState().signOut()}>
            Sign out
          </button>
        </p>
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

/** Staff only: the sign-in form to anyone else. */
export function QuotesPage() {
  const staff = useAppContext((context) => context.staff);
  const status = useStore(staff, (state) => state.status);

  useEffect(() => {
    void staff.getState().check();
  }, [staff]);

  return (
    <div className="container quotes-page">
      <PageHead
        title={`${copy.quotes.heading} | ${business.name}`}
        description={`Quote requests sent to ${business.name}, for staff.`}
        path="/quotes"
        siteUrl={siteUrl}
        noindex
      />
      {status === 'checking' ? (
        <p className="list-message">Checking your sign-in…</p>
      ) : status === 'signed-out' ? (
        <SignInForm />
      ) : (
        <QuoteRequests />
      )}
    </div>
  );
}
