import type { PageState } from '../adapters/http-api/page-state';
import { listQuotes } from '../domain/list-quotes';
import { submitQuote } from '../domain/submit-quote';
import type { Backend } from './backends/backend';
import { createQuoteFormStore, openingToast, type QuoteFormStore } from './stores/quote-form-store';
import { createQuoteListStore, type QuoteListStore } from './stores/quote-list-store';
import { createToastStore, type ToastStore } from './stores/toast-store';

/** What every route gets through the router's context: the stores, bound to one backend's ports. */
export interface AppContext {
  toasts: ToastStore;
  quoteForm: QuoteFormStore;
  quoteList: QuoteListStore;
  /** Where the quote form posts without scripts; none in a backend without a server. */
  quoteFormAction: string | undefined;
}

/** The stores over one backend's ports; `initial` is what a server-rendered page was told. */
export function createAppContext(backend: Backend, initial: PageState = {}): AppContext {
  const opening = openingToast({ restored: initial.form, submitted: initial.submitted });
  const toasts = createToastStore(opening ? [opening] : []);
  return {
    toasts,
    quoteForm: createQuoteFormStore({
      submitQuote: (draft) => submitQuote(backend, draft),
      toasts,
      restored: initial.form,
    }),
    quoteList: createQuoteListStore({ listQuotes: () => listQuotes(backend), toasts }),
    quoteFormAction: backend.quoteFormAction,
  };
}
