import type { CustomerData, CustomerSubject, ErasedCustomerData } from '../customer-data/customer-data';

/**
 * Everything held about one customer, found by the email or phone number they gave (see
 * matchesSubject), to hand over or to erase. Staff only: rejects with NotSignedIn where the store wants
 * a staff session it does not have, and otherwise when it cannot be reached.
 */
export interface CustomerDataStore {
  /** The subject's requests, newest first, each with its whole log and its alerts; and the emails about them. */
  findCustomerData(subject: CustomerSubject): Promise<CustomerData>;
  /**
   * Erases every request of the subject's and everything hanging off them (its log, emails,
   * alerts), all in one transaction: a rejected call has erased nothing. Says how many of each went.
   */
  eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData>;
}
