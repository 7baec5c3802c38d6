import type { ReviewOptOutReason } from '../reviews/review-ask';

/**
 * The addresses never to send one kind of email again (review asks, or service reminders): they said
 * stop, or their data was erased. Kept so that every server, and every mode, honours them for good.
 * Rejects when the store cannot be reached.
 */
export interface EmailOptOuts {
  /** Records that `address` is never sent them again; recording it twice keeps the first. */
  optOut(address: string, reason: ReviewOptOutReason, at: Date): Promise<void>;
  isOptedOut(address: string): Promise<boolean>;
}
