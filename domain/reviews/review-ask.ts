import type { QuoteStatus } from '../inbox/quote-status';
import { isEmailAddress } from '../quote/email-address';

// Every finished job's customer is asked once for a review, whatever we think they would say (Google
// forbids asking only the happy ones), with no reward offered: one plain email a while after the job
// is marked done, one reminder a week later if its link was not followed, and nothing after that. An
// address that said stop, or whose data was erased, is never asked again; a request held as spam, or
// no longer done, is not asked at all.

/** The outbox's two review emails: the ask, and its one reminder. */
const reviewEmailKinds = ['review', 'review-reminder'] as const;

export type ReviewEmailKind = (typeof reviewEmailKinds)[number];

export const isReviewEmailKind = (kind: string): kind is ReviewEmailKind => reviewEmailKinds.some((known) => known === kind);

/** How long after a job is marked done its customer is asked, unless the business sets otherwise. */
export const defaultReviewAskAfterHours = 48;

/** How long after the ask its one reminder goes, if the link was not followed. */
const reviewReminderAfterDays = 7;

const hourMs = 60 * 60_000;

/** When a done job's review email falls due: `askAfterHours` after `doneAt`. */
export const reviewAskDue = (doneAt: Date, askAfterHours: number): Date => new Date(doneAt.getTime() + askAfterHours * hourMs);

/** When its one reminder falls due: a week after the ask went, whenever that was. */
export const reviewReminderDue = (askedAt: Date): Date => new Date(askedAt.getTime() + reviewReminderAfterDays * 24 * hourMs);

/**
 * The business's Google Business Profile "write a review" address (Business Profile, Ask for reviews):
 * where the review link sends the customer. A demo profile's; the business sets its own.
 */
export const writeReviewUrl = 'https://search.google.com/local/writereview?placeid=ChIJse1plumbingheatingexample';

/** Where a request stands as far as its review goes: when we asked, when we reminded, and when its link was followed. */
export interface ReviewStanding {
  askedAt: Date | null;
  remindedAt: Date | null;
  openedAt: Date | null;
}


/**
 * Whether a request's review links act ("opened" recorded, "stop" honoured): it was asked for a review
 * (a review email went), or its job is done (the customer's page offers the review). Anyone can send a
 * request with someone else's address and get its link from the answer; such a request is neither, so
 * its links record nothing, and "stop" answers as a dead link does.
 */
export const reviewLinksAct = (request: { status: QuoteStatus; review?: ReviewStanding | undefined }): boolean =>
  request.status === 'done' || (request.review?.askedAt ?? null) !== null;

/** Why a review email that has come due is not sent after all; null when it goes. */
export type ReviewWithdrawal = 'not-done' | 'spam' | 'no-address' | 'opted-out' | 'link-followed' | 'never-asked';

/** What deciding a due review email reads of its request. */
export interface ReviewCandidate {
  status: QuoteStatus;
  inSpam: boolean;
  email: string | null;
  review: ReviewStanding;
}

/**
 * Whether the review email of `kind` that has come due goes, or why not: the job must still be done,
 * out of Spam, with an address that has not said stop; a reminder only after the ask went, and only
 * while its link has not been followed.
 */
export function reviewWithdrawal(kind: ReviewEmailKind, request: ReviewCandidate, optedOut: boolean): ReviewWithdrawal | null {
  if (request.status !== 'done') return 'not-done';
  if (request.inSpam) return 'spam';
  if (request.email === null || !isEmailAddress(request.email)) return 'no-address';
  if (optedOut) return 'opted-out';
  if (kind === 'review-reminder') {
    if (request.review.askedAt === null) return 'never-asked';
    if (request.review.openedAt !== null) return 'link-followed';
  }
  return null;
}

/** Why an address is never asked for a review again: it said stop, or its data was erased. */
export type ReviewOptOutReason = 'unsubscribed' | 'erased';

/** Where a request's review stands, as its card says it at a glance: "Review asked · reminded · opened", or "Review link opened" from the customer's page alone. */
export function describeReview(review: ReviewStanding): string | null {
  if (review.askedAt === null) return review.openedAt === null ? null : 'Review link opened';
  return ['Review asked', ...(review.remindedAt ? ['reminded'] : []), ...(review.openedAt ? ['opened'] : [])].join(' · ');
}

/** The same with its days, for the opened card: "Asked 14/03/2026 · reminded 21/03/2026 · opened 16/03/2026". */
export function describeReviewDays(review: ReviewStanding, day: (date: Date) => string): string | null {
  const steps = [
    review.askedAt && `Asked ${day(review.askedAt)}`,
    review.remindedAt && `reminded ${day(review.remindedAt)}`,
    review.openedAt && `${review.askedAt ? 'opened' : 'Link opened'} ${day(review.openedAt)}`,
  ].filter((step) => step !== null);
  return steps.length === 0 ? null : steps.join(' · ');
}
