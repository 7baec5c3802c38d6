import type { ReviewOptOutReason } from '../reviews/review-ask';

/**
 * The addresses never to ask for a review again (they said stop, or their data was erased), kept so
 * that every server, and every mode, honours them for good. Rejects when the store cannot be reached.
 */
export interface ReviewOptOuts {
  /** Records that `address` is never asked again; recording it twice keeps the first. */
  optOut(address: string, reason: ReviewOptOutReason, at: Date): Promise<void>;
  isOptedOut(address: string): Promise<boolean>;
}
