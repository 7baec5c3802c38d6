import { customerLinkApiPath } from '../customer-link/customer-link';

/**
 * The paths under a customer's link that a yearly reminder uses: on the page (/r/<token>) its plain
 * forms post to `remind` and `stop`; on the API (/api/r/<token>) the same as JSON, the one-click stop a
 * mail program posts to, and the booking the email's "Book my service" fills the quote form with.
 */
export const reminderPaths = { remind: '/reminder', stop: '/stop-reminders', booking: '/booking' } as const;

/** The home page's query that opens the quote form filled in for a customer's next visit: `/?book=<token>`. */
export const bookingQueryName = 'book';

/** The quote form's hidden field that ties a booked visit to the request whose reminder it came from: the customer's token. */
export const repeatFieldName = 'repeat_of';

/** A reminder's links on the API, as its emails give them. */
export const reminderLinkPaths = (token: string) => ({ stop: `${customerLinkApiPath}/${token}${reminderPaths.stop}` });

/** "Book my service": the home page with the quote form filled in for this customer. */
export const bookingPath = (token: string) => `/?${bookingQueryName}=${token}#quote-section`;
