import * as v from 'valibot';
import { customerAuthor } from '../activity/actor';
import { customerLinkViewOf, isCustomerTokenShaped } from '../customer-link/customer-link';
import type { CustomerLinkDeps, CustomerLinkResult } from '../customer-link/customer-link-actions';
import { londonDay } from '../london-time';
import type { EmailOptOuts } from '../ports/email-opt-outs';
import type { QuoteInbox } from '../ports/quote-inbox';
import { serviceKinds } from './service-words';
import { type ServiceBooking, serviceBookingOf } from './service-booking';
import { doneOnOf, reminderStands, serviceReminderOf } from './service-reminder';

// What a customer does about their yearly reminder through their private link: ask for one once the
// job is done, stop them for good, and open the quote form filled in for the next visit.

export interface CustomerReminderDeps extends CustomerLinkDeps {
  /** Where the reminder is recorded, under the same guard as staff's steps. */
  inbox: Pick<QuoteInbox, 'record'>;
  /** The addresses never to remind again. */
  reminderOptOuts: Pick<EmailOptOuts, 'optOut'>;
}

/** The customer's form field that names the visit, and what it says when left empty. */
export const reminderServiceField = { name: 'service', message: 'Choose Boiler service or Landlord gas safety check' } as const;

const ServiceSchema = v.picklist(serviceKinds, reminderServiceField.message);

interface StoreFailure { kind: 'storage-failure' }
const notFound = { ok: false, error: { kind: 'not-found' } } as const;

export type RemindResult = CustomerLinkResult | { ok: false; error: { kind: 'invalid-service'; message: string } | { kind: 'not-done' } };

function failure(deps: CustomerLinkDeps, action: string, cause: unknown): { ok: false; error: StoreFailure } {
  deps.logger.error(`${action} failed`, cause);
  return { ok: false, error: { kind: 'storage-failure' } };
}

/**
 * "Remind me when my next service is due": a reminder of `service` by the customer, counted from the
 * day the job was marked done; only on a job done, and while the link's page lives.
 */
export async function remindCustomer(deps: CustomerReminderDeps, token: string, service: unknown, now: Date): Promise<RemindResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  const parsed = v.safeParse(ServiceSchema, service);
  try {
    const quote = await deps.links.findByToken(token);
    if (quote === undefined || customerLinkViewOf(quote, now) === undefined) return notFound;
    if (!parsed.success) return { ok: false, error: { kind: 'invalid-service', message: reminderServiceField.message } };
    const step = { kind: 'reminder-set', service: parsed.output, doneOn: doneOnOf(quote.activity, londonDay(now)), agreed: true } as const;
    const outcome = await deps.inbox.record({ id: quote.id, step, by: customerAuthor, at: now });
    if (outcome.outcome === 'not-found') return notFound;
    if (outcome.outcome === 'refused') return { ok: false, error: { kind: 'not-done' } };
    const view = customerLinkViewOf(outcome.quote, now);
    return view ? { ok: true, view } : notFound;
  } catch (cause) {
    return failure(deps, 'Setting a customer reminder', cause);
  }
}

export type StopRemindersResult = { ok: true } | { ok: false; error: { kind: 'not-found' } | StoreFailure };

/**
 * "Stop reminders": the address is never reminded again, in any mode, and a reminder standing is
 * stopped. Works for as long as the request is kept, and only through a request that had a reminder
 * (set on a job done, with its customer's agreement): anyone may send a request with someone else's
 * address, so any other is answered as a dead link, with nothing recorded, as its stop page is.
 */
export async function stopCustomerReminders(deps: CustomerReminderDeps, token: string, now: Date): Promise<StopRemindersResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.findByToken(token);
    if (quote === undefined || serviceReminderOf(quote.activity) === null) return notFound;
    if (quote.email !== null) await deps.reminderOptOuts.optOut(quote.email, 'unsubscribed', now);
    if (reminderStands(serviceReminderOf(quote.activity))) await deps.inbox.record({ id: quote.id, step: { kind: 'reminder-stopped' }, by: customerAuthor, at: now });
    return { ok: true };
  } catch (cause) {
    return failure(deps, 'Stopping reminders', cause);
  }
}

export type BookingResult = { ok: true; booking: ServiceBooking } | { ok: false; error: { kind: 'not-found' } | StoreFailure };

/** "Book my service": the quote form filled in for the next visit of a request that had a reminder. Works for as long as the request is kept. */
export async function findServiceBooking(deps: CustomerLinkDeps, token: string): Promise<BookingResult> {
  if (!isCustomerTokenShaped(token)) return notFound;
  try {
    const quote = await deps.links.findByToken(token);
    const booking = quote && serviceBookingOf(quote);
    return booking ? { ok: true, booking } : notFound;
  } catch (cause) {
    return failure(deps, 'Opening a service booking', cause);
  }
}
