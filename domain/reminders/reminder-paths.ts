import { customerLinkApiPath } from '../customer-link/customer-link';
import { bookingQueryName } from './service-words';

/**
 * The paths under a customer's link that a yearly reminder uses: on the page (/r/<token>) its plain
 * forms post to `remind` and `stop`; on the API (/api/r/<token>) the same as JSON, the one-click stop a
 * mail program posts to, and the booking the email's "Book my service" fills the quote form with.
 */
export const reminderPaths = { remind: '/reminder', stop: '/stop-reminders', booking: '/booking' } as const;


/** A reminder's links on the API, as its emails give them. */
export const reminderLinkPaths = (token: string) => ({ stop: `${customerLinkApiPath}/${token}${reminderPaths.stop}` });

/** "Book my service": the home page with the quote form filled in for this customer. */
export const bookingPath = (token: string) => `/?${bookingQueryName}=${token}#quote-section`;
