import type { PageState } from '../../adapters/http-api/page-state';
import type { Backend, BackendModule } from './backends/backend';
import type { gasReportOf } from '../../domain/safety/gas-report';
import { createQuoteFormStore, openingToast, type QuoteFormStore } from './stores/quote-form-store';
import { createToastStore, type ToastStore } from './stores/toast-store';

/**
 * What every page needs, the home page's islands included: the toasts and the quote form. The staff
 * inbox adds its own (app-context.ts), so a visitor's page never downloads it.
 */
export interface SiteContext {
  toasts: ToastStore;
  quoteForm: QuoteFormStore;
  /** Credentials a demo shows on its sign-in screen; none in a real deployment. */
  demoStaff: { email: string; password: string } | undefined;
  /** Where the quote form posts without scripts; none in a backend without a server. */
  quoteFormAction: string | undefined;
  /** The postcode a plain "Do we cover you?" form sent, for the check to answer as the page opens. */
  coverCheckPostcode: string | undefined;
  /** Starts loading the backend's client ahead of need, as when a visitor starts on the form. */
  preloadBackend: () => void;
  /**
   * The form's token the page was given as it started, where no server put one in the page (the demo's
   * own, or one the API signed for Supabase's static site); undefined until it has come.
   */
  pageFormToken: () => string | undefined;
}

/** A backend's ports, loaded once, when first needed; a failed load (say, offline) is tried again next time. */
export function portsOnFirstUse(backend: BackendModule): () => Promise<Backend> {
  let loading: Promise<Backend> | undefined;
  return () =>
    (loading ??= backend.load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** What the use cases answer when the backend's client cannot be loaded (say, the connection dropped). */
const unreachable = { ok: false, error: { kind: 'storage-failure' } } as const;

/** Runs a use case over the ports, or answers a storage failure when they cannot be loaded. */
export async function withPorts<T>(ports: () => Promise<Backend>, use: (backend: Backend) => Promise<T>): Promise<T | typeof unreachable> {
  const backend = await ports().catch(() => undefined);
  return backend ? use(backend) : unreachable;
}

/** The visitor's stores over one backend's ports; `initial` is what a server-rendered page was told. */
export function createSiteContext(backend: BackendModule, ports: () => Promise<Backend>, initial: PageState = {}): SiteContext {
  // The gas rule, loaded once when first needed; a failed load is tried again next time.
  let gasRule: Promise<{ gasReportOf: typeof gasReportOf }> | undefined;
  const loadGasRule = () =>
    (gasRule ??= import('../../domain/safety/gas-report').catch((error: unknown) => {
      gasRule = undefined;
      throw error;
    }));
  // Asked for as the page's scripts start (the visitor's first press or key), and read when the form is sent.
  let pageToken: string | undefined;
  backend.formToken?.().then(
    (token) => {
      pageToken = token;
    },
    () => undefined,
  );
  const opening = openingToast({
    restored: initial.form,
    submitted: initial.submitted,
    remarks: initial.remarks,
    customerToken: initial.customerToken,
    gas: initial.gas,
    received: initial.received && { createdAt: new Date(initial.received.at), urgent: initial.received.urgent },
  });
  const toasts = createToastStore(opening ? [opening] : []);
  return {
    toasts,
    quoteForm: createQuoteFormStore({
      // The code that sends a request comes with the backend's client, when a visitor first starts on the form.
      submitQuote: (draft, arrival) => withPorts(ports, async (loaded) => (await import('./submit-from-page')).submitFromPage(loaded, draft, arrival)),
      // Fetched when a visitor first sends photos, as the code that sends them is.
      submitWithPhotos: (draft, photos, onProgress, arrival) =>
        withPorts(ports, async (loaded) => {
          const [{ sendQuoteWithPhotos }, { fromThisPage }] = await Promise.all([import('../../domain/quote/send-quote-with-photos'), import('./submit-from-page')]);
          return sendQuoteWithPhotos({ ...loaded, photos: loaded.photos.sender }, fromThisPage(draft), photos, onProgress, arrival);
        }),
      // The rule comes when the visitor first types a description, apart from the page's own scripts.
      readGasReport: async (description) => (await loadGasRule()).gasReportOf(description),
      toasts,
      restored: initial.form,
      booking: initial.booking,
      findBooking: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.booking(token) ?? Promise.resolve({ ok: false, error: { kind: 'not-found' } } as const)),
    }),
    demoStaff: backend.demoStaff,
    quoteFormAction: backend.quoteFormAction,
    coverCheckPostcode: initial.coverCheck?.postcode,
    preloadBackend: () => {
      void ports().catch(() => undefined);
      void loadGasRule().catch(() => undefined);
    },
    pageFormToken: () => pageToken,
  };
}
