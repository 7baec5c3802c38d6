import type { InboxQuote } from '../inbox/inbox-quote';

/** The requests whose yearly reminder stands, by when the next visit falls due: staff's "Due for service" list. */
export interface ServiceDueList {
  /** Those falling due on or before `until` (a London day, yyyy-mm-dd), soonest first, up to `limit`. Rejects when the store cannot be reached. */
  findDueForService(until: string, limit: number): Promise<InboxQuote[]>;
}
