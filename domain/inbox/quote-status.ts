import * as v from 'valibot';
import type { JobOutcome } from './job-outcome';

/**
 * Where a request stands with the business: waiting for its call back ('new'), called ('contacted'),
 * priced ('quoted'), then won or lost, and a won job at last done: finished, the customer's to review.
 */
export const quoteStatuses = ['new', 'contacted', 'quoted', 'won', 'done', 'lost'] as const;

export type QuoteStatus = (typeof quoteStatuses)[number];

/** Where every request starts, waiting for its call back; none returns to it. */
export const waitingStatus = 'new' satisfies QuoteStatus;

export const QuoteStatusSchema = v.picklist(quoteStatuses, 'Choose a status from the list');

export const quoteStatusLabels: Readonly<Record<QuoteStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  done: 'Done',
  lost: 'Lost',
};

/**
 * The moves staff may make. Nothing goes back to 'new': once a customer has been called, the
 * response time stands. A won job may still fall through, and a lost customer may come back. A job
 * marked done too soon goes back to won, still worth what it was won for.
 */
export const nextStatuses: Readonly<Record<QuoteStatus, readonly QuoteStatus[]>> = {
  new: ['contacted'],
  contacted: ['quoted', 'won', 'lost'],
  quoted: ['won', 'lost'],
  won: ['done', 'lost'],
  done: ['won'],
  lost: ['contacted'],
};

/** The statuses of a job won: won, and done after it. */
export const wonStatuses: readonly QuoteStatus[] = ['won', 'done'];

/** Whether a request is a job won now (done or not). */
export const isWon = (status: QuoteStatus): boolean => wonStatuses.includes(status);

export function canChangeStatus(from: QuoteStatus, to: QuoteStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** One change of status, as the request's history keeps it, with the job's value or why it was lost if staff said. */
export interface StatusChange extends JobOutcome {
  from: QuoteStatus;
  to: QuoteStatus;
  /** The staff member's email, or `customerAuthor` when the customer closed it through their link. */
  by: string;
  at: Date;
}
