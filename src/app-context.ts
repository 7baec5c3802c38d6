import type { PageState } from '../adapters/http-api/page-state';
import { deleteQuote } from '../domain/delete-quote';
import { listQuotes } from '../domain/list-quotes';
import { submitQuote } from '../domain/submit-quote';
import type { Backend } from './backends/backend';
import { createQuoteFormStore, openingToast, type QuoteFormStore } from './stores/quote-form-store';
import { createQuoteListStore, type QuoteListStore } from './stores/quote-list-store';
import { createStaffStore, type StaffStore } from './stores/staff-store';
import { createToastStore, type ToastStore } from './stores/toast-store';

/** What every route gets through the router's context: the stores, bound to one backend's ports. */
export interface AppContext {
  toasts: ToastStore;
  quoteForm: QuoteFormStore;
  quoteList: QuoteListStore;
  staff: StaffStore;
  /** Credentials a demo shows on its sign-in screen; none in a real deployment. */
  demoStaff: { email: string; password: string } | undefined;
  /** Where the quote form posts without scripts; none in a backend without a server. */
  quoteFormAction: string | undefined;
}

/** The stores over one backend's ports; `initial` is what a server-rendered page was told. */
export function createAppContext(backend: Backend, initial: PageState = {}): AppContext {
  const opening = openingToast({ restored: initial.form, submitted: initial.submitted });
  const toasts = createToastStore(opening ? [opening] : []);
  const staff = createStaffStore(backend.staffAuth);
  const quoteList = createQuoteListStore({
    listQuotes: () => listQuotes(backend),
    deleteQuote: (id) => deleteQuote(backend, id),
    toasts,
    onNotSignedIn: () => staff.getState().sessionEnded(),
  });
  // Signing out forgets the list at once: the next person at this device must not see it.
  staff.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') quoteList.getState().clear();
  });
  return {
    toasts,
    quoteForm: createQuoteFormStore({
      submitQuote: (draft) => submitQuote(backend, draft),
      toasts,
      restored: initial.form,
    }),
    quoteList,
    staff,
    demoStaff: backend.staffAuth.demoCredentials,
    quoteFormAction: backend.quoteFormAction,
  };
}
