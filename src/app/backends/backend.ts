import type { AlertSettings } from '../../../domain/ports/alert-settings';
import type { CustomerDataStore } from '../../../domain/ports/customer-data-store';
import type { LeadReports } from '../../../domain/ports/lead-reports';
import type { Logger } from '../../../domain/ports/logger';
import type { Notifier } from '../../../domain/ports/notifier';
import type { PhotoLinks, QuoteWithPhotosSender } from '../../../domain/ports/photos';
import type { QuoteInbox } from '../../../domain/ports/quote-inbox';
import type { QuoteRepository } from '../../../domain/ports/quote-repository';
import type { CustomerMessageResult, CustomerLinkResult, ReviewLinkResult, StopReviewsResult } from '../../../domain/customer-link/customer-link-actions';
import type { StaffAuth } from '../../../domain/staff/staff';
import type { BookingResult, RemindResult, StopRemindersResult } from '../../../domain/reminders/customer-reminders';
import type { QuoteAnswerInput, QuoteAnswerKind, QuoteAnswerShown } from '../../../domain/priced-quote/quote-answer';
import type { ServiceDueList } from '../../../domain/ports/service-due-list';

/** The ports one backend provides. */
export interface Backend {
  quotes: QuoteRepository;
  /** Where staff work the requests. */
  inbox: QuoteInbox;
  /** A customer's data, for staff to hand over or erase. */
  customerData: CustomerDataStore;
  notifier: Notifier;
  logger: Logger;
  staffAuth: StaffAuth;
  /** The signed-in staff member's alert devices, the test alert, and the on-call rota. */
  alerts: AlertSettings;
  /** Sending a request with the visitor's photos, and where staff see the photos from. */
  photos: BackendPhotos;
  /** A customer link, through their private link; without it, every link is "not found". */
  customerLinkActions?: CustomerLinks;
  /** The owner's report; without it, the report page says it cannot be read. */
  reports?: LeadReports;
  /** The "Due for service" list; without it, its page says it cannot be read. */
  serviceDue?: ServiceDueList;
}

/**
 * What a customer does through their link (domain/customer-link/customer-link-actions.ts): over the store itself in the
 * demo, over our server's /api/r/<token> elsewhere, whose clock then counts rather than `now`.
 */
export interface CustomerLinks {
  view(token: string, now: Date): Promise<CustomerLinkResult>;
  sendMessage(token: string, text: string, now: Date): Promise<CustomerMessageResult>;
  close(token: string, now: Date): Promise<CustomerLinkResult>;
  /** The customer follows the link to review us: recorded, and where to go. */
  openReview(token: string, now: Date): Promise<ReviewLinkResult>;
  /** "Stop review emails": the request's address is never asked again. */
  stopReviews(token: string, now: Date): Promise<StopReviewsResult>;
  /** "Remind me when my next service is due", for `service` (a ServiceKind, as the form sent it). */
  remind(token: string, service: string, now: Date): Promise<RemindResult>;
  /** "Stop": the address is never reminded again. */
  stopReminders(token: string, now: Date): Promise<StopRemindersResult>;
  /** "Book my service": the quote form filled in for the next visit. */
  booking(token: string): Promise<BookingResult>;
  /** "Accept and agree to pay …" or "No thanks" to a version of their quote. */
  answerQuote(token: string, answer: QuoteAnswerKind, input: QuoteAnswerInput, now: Date): Promise<QuoteAnswerShown>;
}

export interface BackendPhotos {
  sender: QuoteWithPhotosSender;
  links: PhotoLinks;
}

/**
 * One VITE_BACKEND, as the pages meet it: what they must know before any code of it loads, and how
 * to load its ports. Each file beside this one exports one as `backend`; the ports' client code is
 * split from the page's own, so a visitor who only reads the page never downloads it.
 */
export interface BackendModule {
  /** Where the quote form posts when scripts are off, for a backend with a server to receive it. */
  quoteFormAction?: string;
  /** Whether the customer link posts its forms to our server when scripts are off (a backend with a server). */
  postsCustomerForms?: boolean;
  /**
   * Where the API answers a link the page gives, with or without scripts ('' for this site's own
   * address, the function's on Supabase); none in the demo, whose API lives in the page.
   */
  apiLinkBase?: () => string;
  /** Credentials a demo shows on its sign-in screen; none in a real deployment. */
  demoStaff?: { email: string; password: string };
  /**
   * The form's token for a page no server of ours sent, asked for as the page's scripts start: the
   * demo's own (the time its page opened), or one the API signs (Supabase's static site).
   */
  formToken?: () => Promise<string>;
  load: () => Promise<Backend>;
}

/** A backend whose ports are already built: the server's, and the tests'. */
export function loadedBackend(backend: Backend, facts: Omit<BackendModule, 'load'> = {}): BackendModule {
  return { ...facts, load: () => Promise.resolve(backend) };
}
