import type { InboxQuote } from '../inbox/inbox-quote';
import { emptyDraft, type QuoteDraft } from '../quote/quote';
import type { ServiceType } from '../quote/service-type';
import { describeDay, reminderCopy } from './reminder-copy';
import type { ServiceKind } from './service-words';
import { serviceReminderOf } from './service-reminder';

/** The next visit a reminder's "Book my service" asks for: the quote form filled in for the customer, and what it repeats. */
export interface ServiceBooking {
  draft: QuoteDraft;
  service: ServiceKind;
  lastDone: string;
  due: string;
}

/** Which of the form's services each visit is. */
const serviceTypeOf: Record<ServiceKind, ServiceType> = { 'boiler-service': 'heating', 'gas-safety-check': 'maintenance' };

/** The quote form filled in for the next visit of a request with a reminder; undefined for one that never had one. */
export function serviceBookingOf(quote: InboxQuote): ServiceBooking | undefined {
  const reminder = serviceReminderOf(quote.activity);
  if (reminder === null) return undefined;
  // With whose visit it is: two customers booking the same visit on the same day write different
  // descriptions, so neither is taken for a burst of the same text (spam.ts).
  const description = `${reminderCopy.services[reminder.service]} for ${quote.name}, last done ${describeDay(reminder.doneOn)}, due by ${describeDay(reminder.due)}.`;
  const draft: QuoteDraft = {
    ...emptyDraft,
    name: quote.name,
    phone: quote.phone,
    email: quote.email ?? '',
    postcode: quote.postcode ?? '',
    serviceType: serviceTypeOf[reminder.service],
    description,
  };
  return { draft, service: reminder.service, lastDone: reminder.doneOn, due: reminder.due };
}
