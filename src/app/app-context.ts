import { fromWireFirstScreen } from '../../adapters/http-api/inbox-page-state';
import type { PageState } from '../../adapters/http-api/page-state';
import { addQuoteNote } from '../../domain/inbox/add-quote-note';
import { recordStep } from '../../domain/activity/record-step';
import { changeQuoteStatus } from '../../domain/inbox/change-quote-status';
import { clearSpam } from '../../domain/spam/clear-spam';
import { deleteQuote } from '../../domain/inbox/delete-quote';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { inboxSummary } from '../../domain/inbox/inbox-summary';
import { readViewCounts } from '../../domain/inbox/read-view-counts';
import { recordCallAttempt } from '../../domain/inbox/record-call-attempt';
import { resendBusinessEmail } from '../../domain/inbox/resend-business-email';
import { takeQuote } from '../../domain/inbox/take-quote';
import type { PhotoLinks } from '../../domain/ports/photos';
import type { StaffAuth } from '../../domain/staff/staff';
import type { Backend, BackendModule } from './backends/backend';
import type { ToastStore } from './stores/toast-store';
import { createInboxStore, type InboxStore } from './stores/inbox-store';
import { createQuoteActionsStore, type QuoteActionsStore } from './stores/quote-actions-store';
import { createStaffStore, type StaffStore } from './stores/staff-store';
import { createCustomerPageContext, type CustomerLinkContext } from './customer-link-context';
import { createSiteContext, portsOnFirstUse, type SiteContext, withPorts } from './site-context';
import type { ThisBrowser } from './this-browser';

/** What the whole application reaches through React's context: the site's stores and the staff's. */
export interface AppContext extends SiteContext {
  /** The staff inbox: the current filter's requests, their total and the response times. */
  inbox: InboxStore;
  /** What staff do to the requests in the inbox. */
  quoteActions: QuoteActionsStore;
  staff: StaffStore;
  /**
   * What the settings page's stores (the alerts, a customer's data: see settings-stores.ts) are made
   * over, when it is first opened: their code is the settings page's own.
   */
  settingsDeps: { ports: () => Promise<Backend>; toasts: ToastStore; onNotSignedIn: () => void; now: () => Date; browser: ThisBrowser | undefined };
  /** The time now: the response clocks read it, and tests fix it. */
  now: () => Date;
  /** When the server rendered the inbox this page took over: its clocks read that time until they first tick. */
  renderedAt: Date | null;
  /**
   * What our server drew a staff page with: the email a sign-in sent without scripts carried, for the
   * form to keep, and what the page read as it opened (the report, the services due) in the API's format.
   */
  drawnStaffPage: { email: string; reading: unknown };
  /** Where a card shows a request's photos from. */
  photoLinks: PhotoLinks;
  /** The customer link: a customer's own request, at /r/<token>. */
  customerLinkPage: CustomerLinkContext;
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
export function createAppContext(
  backend: BackendModule,
  initial: PageState = {},
  { now = () => new Date(), browser }: { now?: () => Date; browser?: ThisBrowser } = {},
): AppContext {
  const ports = portsOnFirstUse(backend);
  const site = createSiteContext(backend, ports, initial);
  const { toasts } = site;
  const first = fromWireFirstScreen(initial.inbox);
  const drawn = initial.staffPage;
  const staff = createStaffStore(
    staffAuthOf(ports),
    first ? { staff: first.staff } : drawn && { staff: drawn.staff, ...(drawn.signIn && { error: drawn.signIn.error }) },
  );
  const onNotSignedIn = () => staff.getState().sessionEnded();
  const inbox = createInboxStore({
    findQuotes: (request) => withPorts(ports, (loaded) => findQuotes(loaded, request)),
    inboxSummary: (at) => withPorts(ports, (loaded) => inboxSummary(loaded, at)),
    viewCounts: () => withPorts(ports, (loaded) => readViewCounts(loaded)),
    now,
    toasts,
    onNotSignedIn,
  }, first);
  const quoteActions = createQuoteActionsStore({
    changeQuoteStatus: (change) => withPorts(ports, (loaded) => changeQuoteStatus(loaded, change)),
    takeQuote: (take) => withPorts(ports, (loaded) => takeQuote(loaded, take)),
    recordCallAttempt: (attempt) => withPorts(ports, (loaded) => recordCallAttempt(loaded, attempt)),
    addQuoteNote: (note) => withPorts(ports, (loaded) => addQuoteNote(loaded, note)),
    recordStep: async (request) => {
      const result = await withPorts(ports, (loaded) => recordStep(loaded, request, 'Recording a step of a quote request'));
      // The backend's code could not be loaded: as the store failing, nothing was recorded.
      return 'outcome' in result ? result : { outcome: 'failed', failure: result.error };
    },
    resendBusinessEmail: (id, at) => withPorts(ports, (loaded) => resendBusinessEmail(loaded, id, at)),
    deleteQuote: (id) => withPorts(ports, (loaded) => deleteQuote(loaded, id)),
    clearSpam: (clearing) => withPorts(ports, (loaded) => clearSpam(loaded, clearing)),
    // The CSV's code (its columns, the channel's rules) comes when staff first export.
    exportQuotes: (query, at) => withPorts(ports, async (loaded) => (await import('../../domain/inbox/export-quotes')).exportQuotes(loaded, query, at)),
    inbox,
    now,
    staffEmail: () => staff.getState().staff?.email ?? '',
    toasts,
    onNotSignedIn,
  });
  // Signing out forgets the inbox at once: the next person at this device must not see it.
  staff.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') {
      inbox.getState().clear();
    }
  });
  const photoLinks: PhotoLinks = { photoUrl: async (quoteId, photo, size) => (await ports()).photos.links.photoUrl(quoteId, photo, size) };
  const customerLinkPage = createCustomerPageContext(backend, ports, initial.customer, now);
  return {
    ...site,
    inbox,
    quoteActions,
    staff,
    settingsDeps: { ports, toasts, onNotSignedIn, now, browser },
    now,
    renderedAt: first?.at ?? null,
    drawnStaffPage: { email: drawn?.signIn?.email ?? '', reading: drawn?.reading },
    photoLinks,
    customerLinkPage,
  };
}
