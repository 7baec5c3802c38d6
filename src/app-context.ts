import { listQuotes } from '../domain/list-quotes';
import { submitQuote } from '../domain/submit-quote';
import type { Backend } from './backends/backend';
import { createQuoteFormStore, type QuoteFormStore } from './stores/quote-form-store';
import { createQuoteListStore, type QuoteListStore } from './stores/quote-list-store';
import { createToastStore, type ToastStore } from './stores/toast-store';

/** What every route gets through the router's context: the stores, bound to one backend's ports. */
export interface AppContext {
  toasts: ToastStore;
  quoteForm: QuoteFormStore;
  quoteList: QuoteListStore;
}

export function createAppContext(backend: Backend): AppContext {
  const toasts = createToastStore();
  return {
    toasts,
    quoteForm: createQuoteFormStore({ submitQuote: (draft) => submitQuote(backend, draft), toasts }),
    quoteList: createQuoteListStore({ listQuotes: () => listQuotes(backend), toasts }),
  };
}
