import type { ReviewStanding } from '../reviews/review-ask';
import type { Activity } from '../activity/activity';
import type { AlertRecord, Taking } from '../alerts/alert-plan';
import type { QuoteRequest } from '../quote/quote';
import type { PhotoRef } from '../photos/photos';
import type { SpamMark } from '../spam/spam';
import type { QuoteStatus, StatusChange } from './quote-status';

/** A note staff keep on a request: what was said on the phone, when to go round. */
export interface QuoteNote {
  id: string;
  text: string;
  /** The staff member's email, or `customerAuthor` for a message the customer sent through their link. */
  by: string;
  at: Date;
}

/** The most characters kept of why an email failed: enough to tell the cause, never a whole transcript. */
export const deliveryErrorMaxLength = 500;

/** How the email telling the business of a request is getting on. */
export interface BusinessEmail {
  /** When it was handed over for delivery; null while it still waits. */
  sentAt: Date | null;
  /** Why the last attempt failed, if one has, cut to {@link deliveryErrorMaxLength} characters. */
  lastError: string | null;
}

/** A call staff made to the customer that nobody picked up: who rang, and when. */
export interface CallAttempt {
  /** The staff member's email. */
  by: string;
  at: Date;
}

/**
 * A request as staff work it in the inbox: where it stands, and its life as one log, with what the card
 * reads of it folded from the log (activity-folds.ts): its history, notes, calls, who took it and its review.
 */
export interface InboxQuote extends QuoteRequest {
  status: QuoteStatus;
  /** Every step of its life, oldest first. */
  activity: readonly Activity[];
  /** When staff first marked it contacted: the end of its response time. Null while it waits. */
  respondedAt: Date | null;
  /** Every change of status, oldest first. */
  history: readonly StatusChange[];
  /** Newest first. */
  notes: readonly QuoteNote[];
  /** Absent where the store sends no emails (the demo without its recorded ones). */
  businessEmail?: BusinessEmail;
  /** Who took it on and when; null while it waits for someone. */
  taken: Taking | null;
  /** The alerts it has sent, oldest first. */
  alerts: readonly AlertRecord[];
  /** The photos sent with it, in the order sent; empty when none. */
  photos: readonly PhotoRef[];
  /** How it was judged spam, and who moved it out of the Spam folder; null when it was not judged spam. */
  spam: SpamMark | null;
  /** The calls nobody picked up while it waited, oldest first. */
  callAttempts: readonly CallAttempt[];
  /** Where asking its customer for a review stands, once there is anything to say: asked, reminded, link followed. */
  review?: ReviewStanding;
}
