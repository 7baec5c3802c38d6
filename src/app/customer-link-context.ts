import * as v from 'valibot';
import { fromWireCustomerView, WireCustomerViewSchema } from '../../adapters/http-api/customer-link-wire';
import type { CustomerLinkState } from '../../adapters/http-api/page-state';
import type { QuoteAnswerInput, QuoteAnswerKind, QuoteAnswerShown, QuoteAnswerState } from '../../domain/priced-quote/quote-answer';
import type { CustomerLinkView } from '../../domain/customer-link/customer-link';
import type { CustomerMessageResult, CustomerLinkResult, ReviewLinkResult, StopReviewsResult } from '../../domain/customer-link/customer-link-actions';
import type { BookingResult, RemindResult, StopRemindersResult } from '../../domain/reminders/customer-reminders';
import type { Backend, BackendModule } from './backends/backend';
import { withPorts } from './site-context';

/** What the customer link (/r/<token>) reaches through the application's context. */
export interface CustomerLinkContext {
  /** What the server that rendered this page found for its link; given once, to the page's first load. */
  takeInitial: () => { view: CustomerLinkView; message?: { draft: string; error: string }; reminderError?: string; quoteAnswer?: QuoteAnswerState } | undefined;
  /** Whether the page's forms post to our server when scripts are off. */
  postsForms: boolean;
  view: (token: string) => Promise<CustomerLinkResult>;
  sendMessage: (token: string, text: string) => Promise<CustomerMessageResult>;
  close: (token: string) => Promise<CustomerLinkResult>;
  /** Where the API answers the page's links with or without scripts ('' for this site); none in the demo. */
  apiLinkBase: () => string | undefined;
  /** The customer follows the link to review us, with scripts: recorded, and where to go. */
  openReview: (token: string) => Promise<ReviewLinkResult>;
  /** "Stop review emails", with scripts. */
  stopReviews: (token: string) => Promise<StopReviewsResult>;
  /** "Remind me when my next service is due", with scripts. */
  remind: (token: string, service: string) => Promise<RemindResult>;
  /** "Stop" reminders, with scripts: for as long as the request is kept. */
  stopReminders: (token: string) => Promise<StopRemindersResult>;
  /** Whether the link's request is still kept, with a reminder to stop, after its page has expired. */
  booking: (token: string) => Promise<BookingResult>;
  /** "Accept and agree to pay …" or "No thanks", with scripts. */
  answerQuote: (token: string, answer: QuoteAnswerKind, input: QuoteAnswerInput) => Promise<QuoteAnswerShown>;
}

/** A backend without customer links finds none. */
const notFound = { ok: false, error: { kind: 'not-found' } } as const;

export function createCustomerPageContext(
  backend: BackendModule,
  ports: () => Promise<Backend>,
  initial: CustomerLinkState | undefined,
  now: () => Date,
): CustomerLinkContext {
  let first = initial;
  return {
    takeInitial: () => {
      const taken = first;
      first = undefined;
      const view = taken && v.safeParse(WireCustomerViewSchema, taken.view);
      // A view the page cannot read is as if none was drawn: the page asks for it again.
      if (!taken || !view?.success) return undefined;
      return {
        view: fromWireCustomerView(view.output),
        ...(taken.message && { message: taken.message }),
        ...(taken.reminderError !== undefined && { reminderError: taken.reminderError }),
        ...(taken.quoteAnswer && { quoteAnswer: taken.quoteAnswer }),
      };
    },
    postsForms: backend.postsCustomerForms ?? false,
    view: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.view(token, now()) ?? Promise.resolve(notFound)),
    sendMessage: (token, text) => withPorts(ports, (loaded) => loaded.customerLinkActions?.sendMessage(token, text, now()) ?? Promise.resolve(notFound)),
    close: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.close(token, now()) ?? Promise.resolve(notFound)),
    apiLinkBase: () => backend.apiLinkBase?.(),
    openReview: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.openReview(token, now()) ?? Promise.resolve(notFound)),
    stopReviews: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.stopReviews(token, now()) ?? Promise.resolve(notFound)),
    remind: (token, service) => withPorts(ports, (loaded) => loaded.customerLinkActions?.remind(token, service, now()) ?? Promise.resolve(notFound)),
    stopReminders: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.stopReminders(token, now()) ?? Promise.resolve(notFound)),
    booking: (token) => withPorts(ports, (loaded) => loaded.customerLinkActions?.booking(token) ?? Promise.resolve(notFound)),
    answerQuote: (token, answer, input) => withPorts(ports, (loaded) => loaded.customerLinkActions?.answerQuote(token, answer, input, now()) ?? Promise.resolve(notFound)),
  };
}
