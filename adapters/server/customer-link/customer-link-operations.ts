import * as v from 'valibot';
import { CustomerMessageSchema, customerMessageField } from '../../../domain/customer-link/customer-link';
import { WireCustomerViewSchema, WireQuoteRefusalSchema } from '../../http-api/customer-link-wire';
import { quoteAnswerFields } from '../../../domain/priced-quote/customer-quote';
import { lostReasons } from '../../../domain/inbox/job-outcome';
import { WireServiceBookingSchema } from '../../http-api/service-booking-wire';
import { reminderServiceField } from '../../../domain/reminders/customer-reminders';
import { serviceKinds } from '../../../domain/reminders/service-words';
import { type Answer, describeRoute, down, failure, htmlAnswer, jsonAnswer, jsonBody, limited, named, type Operation, tooLarge } from '../openapi/describe-route';

// The customer's own link under /api/r/{token} (customer-link-api.ts), for the API's document: the
// JSON the page's script reads, and the review emails' links.

const token = { name: 'token', in: 'path' as const, required: true, description: 'The customer’s token, from their link /r/{token}', schema: { type: 'string' } };
const view = jsonAnswer(
  'What the customer sees of their request: the fields they gave, where it stands, when we aim to call, and their messages',
  named('CustomerView', WireCustomerViewSchema),
);
const notFound = failure('No such link: malformed, guessed, expired, or its request deleted (all alike)');
const noSuchPage = htmlAnswer('No such link');

const byToken = (operation: Omit<Operation, 'parameters'>) => describeRoute({ ...operation, parameters: [token] });
const answers = (responses: Record<number, Answer>) => ({ ...responses, 429: limited() });

const stopped = {
  description: 'Stopped: the page, or `{"stopped": true}` to a client that accepts JSON',
  content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: v.object({ stopped: v.literal(true) }) } },
};

const version = v.pipe(v.number(), v.integer(), v.minValue(1), v.description('The version of the quote answered, as the page showed it'));
const refused = jsonAnswer(
  'Not taken: answered already, replaced by a newer version, expired, or the request moved on. `message` says which in the customer’s words; `view` is their page as it stands now',
  named('QuoteRefusal', WireQuoteRefusalSchema),
);
const invalidAnswer = failure('No version, a reason not on the list, or not JSON: `fields` names it');

export const customerLinkOperations = {
  quote: {
    accept: byToken({
      summary: '“Accept and agree to pay …”: the customer accepts the version they were sent; the request is won at its total, and staff are alerted',
      requestBody: jsonBody(
        v.object({
          [quoteAnswerFields.version]: version,
          [quoteAnswerFields.earlyStart]: v.optional(v.pipe(v.boolean(), v.description('“Please start the work within the 14-day cancellation period”, ticked'))),
        }),
      ),
      responses: answers({ 200: view, 400: invalidAnswer, 404: notFound, 409: refused, 413: tooLarge, 503: down }),
    }),
    decline: byToken({
      summary: '“No thanks”: the customer declines the version they were sent, with a reason if they gave one; the request is lost',
      requestBody: jsonBody(v.object({ [quoteAnswerFields.version]: version, [quoteAnswerFields.reason]: v.optional(v.union([v.picklist(lostReasons), v.literal('')])) })),
      responses: answers({ 200: view, 400: invalidAnswer, 404: notFound, 409: refused, 413: tooLarge, 503: down }),
    }),
  },
  remind: byToken({
    summary: '“Remind me when my next service is due”: a yearly reminder on a job done, with the customer’s agreement',
    requestBody: jsonBody(v.object({ [reminderServiceField.name]: v.picklist(serviceKinds) })),
    responses: answers({ 200: view, 400: failure('No such service, or not JSON: `fields` names it'), 404: notFound, 409: failure('The job is not done'), 413: tooLarge, 503: down }),
  }),
  stopRemindersPage: byToken({
    summary: '“Stop reminders”: a plain page with the one button that does it (opening the link alone stops nothing)',
    responses: answers({ 200: htmlAnswer('The page and its form'), 404: noSuchPage }),
  }),
  stopReminders: byToken({
    summary: 'Never reminds the request’s address of a yearly visit again: the page’s button, or a mail program’s one-click unsubscribe (RFC 8058)',
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: v.object({ 'List-Unsubscribe': v.optional(v.literal('One-Click')) }) } } },
    responses: answers({ 200: stopped, 404: noSuchPage, 413: tooLarge, 503: down }),
  }),
  booking: byToken({
    summary: '“Book my service”: the quote form’s values for the customer’s next visit, and what it repeats',
    responses: answers({ 200: jsonAnswer('The booking', named('ServiceBooking', WireServiceBookingSchema)), 404: notFound, 503: down }),
  }),
  view: byToken({ summary: 'The customer’s own request, by the token in their link; the first opening of a quote sent is recorded as viewed', responses: answers({ 200: view, 404: notFound, 503: down }) }),
  message: byToken({
    summary: 'A message from the customer about their request; an urgent one alerts whoever is on call',
    requestBody: jsonBody(v.object({ [customerMessageField.name]: CustomerMessageSchema })),
    responses: answers({ 200: view, 400: failure('An empty or too long message, or not JSON: `fields` names it'), 404: notFound, 413: tooLarge, 503: down }),
  }),
  close: byToken({ summary: '“No longer needed”: the customer closes their request', responses: answers({ 200: view, 404: notFound, 413: tooLarge, 503: down }) }),
  followReview: byToken({
    summary: 'A done job’s review link, from its review emails: recorded as followed (for a request asked for a review or done), then on to the business’s review page',
    responses: answers({ 302: { description: 'To the business’s “write a review” page' }, 404: noSuchPage, 503: down }),
  }),
  reviewAddress: byToken({
    summary: 'The same for the customer’s page with scripts on: recorded as followed, and the review page’s address to go to',
    responses: answers({ 200: jsonAnswer('Where to go', v.object({ url: v.pipe(v.string(), v.url()) })), 404: notFound, 503: down }),
  }),
  stopReviewsPage: byToken({
    summary: '“Stop review emails”: a plain page with the one button that does it (opening the link alone stops nothing); a link that would stop nothing is the one 404',
    responses: answers({ 200: htmlAnswer('The page and its form'), 404: noSuchPage, 503: down }),
  }),
  stopReviews: byToken({
    summary: 'Never asks the request’s address for a review again: the page’s button, or a mail program’s one-click unsubscribe (RFC 8058); only through a request asked for a review or done, any other is the one 404',
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: v.object({ 'List-Unsubscribe': v.optional(v.literal('One-Click')) }) } } },
    responses: answers({
      200: stopped,
      404: noSuchPage,
      413: tooLarge,
      503: down,
    }),
  }),
};
