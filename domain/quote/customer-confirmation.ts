// How often the customer's confirmation may go to one address. Anyone can send the quote form with
// anyone's address; without a limit the form would let them fill a stranger's mailbox with our emails.
// The request itself is always kept, and the business always told: only the confirmation is held back.

/** At most one confirmation goes to an address in this long (a day), counted from the last one. */
const confirmationIntervalMs = 24 * 60 * 60 * 1000;

/**
 * An address as confirmations to it are counted: trimmed and lower-cased, so `Tom@Example.com` and
 * `tom@example.com ` are one mailbox (as nearly every mail server treats them).
 */
export const confirmationAddressKey = (address: string): string => address.trim().toLowerCase();

/**
 * A day before `now`: another confirmation may go to an address whose last one went
 * at or before this time, and a record of one sent before it no longer matters.
 */
export const confirmationCutoff = (now: Date): Date => new Date(now.getTime() - confirmationIntervalMs);
