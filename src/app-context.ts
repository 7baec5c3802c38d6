import type { PageState } from '../adapters/http-api/page-state';
import { deleteQuote } from '../domain/delete-quote';
import { listQuotes } from '../domain/list-quotes';
import type { StaffAuth } from '../domain/staff';
import { submitQuote } from '../domain/submit-quote';
import type { Backend, BackendModule } from './backends/backend';
import { createQuoteFormStore, openingToast, type QuoteFormStore } from './stores/quote-form-store';
import { createQuoteListStore, type QuoteListStore } from './stores/quote-list-store';
import { createStaffStore, type StaffStore } from './stores/staff-store';
import { createToastStore, type ToastStore } from './stores/toast-store';

/** What every part of the page reaches through React's context: the stores, bound to one backend's ports. */
export interface AppContext {
  toasts: ToastStore;
  quoteForm: QuoteFormStore;
  quoteList: QuoteListStore;
  staff: StaffStore;
  /** Credentials a demo shows on its sign-in screen; none in a real deployment. */
  demoStaff: { email: string; password: string } | undefined;
  /** Where the quote form posts without scripts; none in a backend without a server. */
  quoteFormAction: string | undefined;
  /** Starts loading the backend's client ahead of need, as when a visitor starts on the form. */
  preloadBackend: () => void;
}

/** Loads the ports once, when first needed; a failed load (say, offline) is tried again next time. */
function onFirstUse(load: () => Promise<Backend>): () => Promise<Backend> {
  let loading: Promise<Backend> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** What the use cases answer when the backend's client cannot be loaded (say, the connection dropped). */
const unreachable = { ok: false, error: { kind: 'storage-failure' } } as const;

async function withPorts<T>(ports: () => Promise<Backend>, use: (backend: Backend) => Promise<T>): Promise<T | typeof unreachable> {
  const backend = await ports().catch(() => undefined);
  return backend ? use(backend) : unreachable;
}

/** Staff sign-in that loads the backend's client only when someone asks. */
function staffAuthOf(ports: () => Promise<Backend>): StaffAuth {
  return {
    currentStaff: async () => (await ports()).staffAuth.currentStaff(),
    signIn: async (credentials) => {
      const backend = await ports().catch(() => undefined);
      return backend ? backend.staffAuth.signIn(credentials) : { ok: false, error: { kind: 'unavailable' } };
    },
    signOut: async () => (await ports()).staffAuth.signOut(),
  };
}

/** The stores over one backend's ports; `initial` is what a server-rendered page was told. */
export function createAppContext(backend: BackendModule, initial: PageState = {}): AppContext {
  const ports = onFirstUse(backend.load);
  const opening = openingToast({ restored: initial.form, submitted: initial.submitted });
  const toasts = createToastStore(opening ? [opening] : []);
  const staff = createStaffStore(staffAuthOf(ports));
  const quoteList = createQuoteListStore({
    listQuotes: () => withPorts(ports, listQuotes),
    deleteQuote: (id) => withPorts(ports, (loaded) => deleteQuote(loaded, id)),
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
      submitQuote: (draft) => withPorts(ports, (loaded) => submitQuote(loaded, draft)),
      toasts,
      restored: initial.form,
    }),
    quoteList,
    staff,
    demoStaff: backend.demoStaff,
    quoteFormAction: backend.quoteFormAction,
    preloadBackend: () => void ports().catch(() => undefined),
  };
}
