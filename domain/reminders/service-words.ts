
// The yearly visits by kind and name, and the few words and names the home page's quote form needs
// for a visit booked through a reminder: apart from the due rule and the rest of the reminders' texts
// (service-due.ts, reminder-copy.ts), so a visitor's page carries only these.

/** The two yearly visits a reminder is for. */
export const serviceKinds = ['boiler-service', 'gas-safety-check'] as const;
export type ServiceKind = (typeof serviceKinds)[number];

/** The home page's query that opens the quote form filled in for a customer's next visit: `/?book=<token>`. */
export const bookingQueryName = 'book';

/** The quote form's hidden field that ties a booked visit to the request whose reminder it came from: the customer's token. */
export const repeatFieldName = 'repeat_of';

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A London day (yyyy-mm-dd) as people read it: "14 October 2027", or short, "14 Oct 2027", or without its year, "14 Oct". */
export function describeDay(day: string, form: 'long' | 'short' | 'no-year' = 'long'): string {
  const [year = '', month = '1', date = '1'] = day.split('-');
  const name = months[Number(month) - 1] ?? '';
  if (form === 'long') return `${Number(date)} ${name} ${year}`;
  return form === 'short' ? `${Number(date)} ${name.slice(0, 3)} ${year}` : `${Number(date)} ${name.slice(0, 3)}`;
}

/** The two visits by name. */
export const serviceLabels = { 'boiler-service': 'Boiler service', 'gas-safety-check': 'Landlord gas safety check' } as const satisfies Record<ServiceKind, string>;

/** Above the quote form a reminder's "Book my service" filled in: what it is for, and when that is due. */
export const bookingCopy = {
  lead: (service: ServiceKind, due: string) =>
    `Booking your ${serviceLabels[service].toLowerCase()}, due by ${describeDay(due)}. We have filled in your details from last time: check them, change anything, and send.`,
  notFound: 'We could not find the booking this link was for, so the form is empty. Fill it in and we will call you back as usual.',
} as const;
