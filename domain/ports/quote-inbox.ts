import type { Activity, GuardedStep } from '../activity/activity';
import type { Refusal } from '../activity/activity-guard';
import type { InboxCursor, InboxPage, InboxQuery } from '../inbox/inbox-query';
import type { InboxQuote } from '../inbox/inbox-quote';
import type { StatusChange } from '../inbox/quote-status';
import type { ViewCounts } from '../inbox/view-counts';

/** What came of recording a step: the request as it is now with the entry written, or why not. */
export type RecordOutcome =
  | { outcome: 'recorded'; quote: InboxQuote; entry: Activity }
  | { outcome: 'refused'; refusal: Refusal }
  | { outcome: 'not-found' };

/** What the response clock's summary needs to know of a request. */
export interface ClockRecord {
  createdAt: Date;
  urgent: boolean;
  respondedAt: Date | null;
  /** The calls nobody picked up, oldest first: the first and the last at least, which are all the clock reads. Absent when there were none. */
  callAttempts?: readonly { at: Date }[];
}

/** What happened when staff asked for the business email about a request to be sent again. */
export type ResendOutcome = 'queued' | 'already-sent' | 'not-found';

/** Who did something to a request, and when: the staff member's email and the moment. */
export type Stamp = Pick<StatusChange, 'by' | 'at'>;

/** What an inbox that stamps who and when itself is told of them: nothing. */
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- nothing at all is what is meant
export type NoStamp = Record<never, never>;

/** A step staff (or the customer, answering a quote) take on one request, as an inbox is told it. */
export type StepToRecord<Given extends Stamp | NoStamp = Stamp> = { id: string; step: GuardedStep } & Given;

/**
 * Where staff work the quote requests: one page at a time, each request with its life's log. Every
 * method rejects when the store cannot be reached (a rejected call has changed nothing), and with NotSignedIn where the store wants a staff session it does not have.
 *
 * `Given` is what the caller tells the inbox of who did something and when. `Stamp` (the default):
 * the inbox records what it is told (memory; SQL, told by our server its session's staff member and
 * its clock). `NoStamp`: the inbox stamps them itself and is told nothing (the REST client, whose
 * server stamps from the session and its clock; Supabase, whose database stamps from the JWT and
 * now()). One that stamps its own may stand wherever one that is told is wanted, ignoring what it
 * is told; never the other way round. The methods are written as properties so that TypeScript
 * checks their parameters strictly, which is what keeps it so.
 */
export interface QuoteInbox<Given extends Stamp | NoStamp = Stamp> {
  /** One page of the requests matching `query`, in its view's order, starting after `after`. */
  findPage: (request: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }) => Promise<InboxPage>;
  /**
   * Records a staff member's step on a request, with who and when, under its guard (activity-guard.ts):
   * only where the step may be taken (a move from where the request still is, a take of one nobody has
   * taken, a call on one still waiting, "Not spam" on one in the Spam folder), all in one transaction
   * with what moves with it: the status, the response time, the due time, its taking, and for "Not
   * spam" its arrival now, with its emails queued and its alerts planned as for a new request.
   */
  record: (request: StepToRecord<Given>) => Promise<RecordOutcome>;
  /** The requests received at or after `since`, and every one still waiting however old; never those in the Spam folder. */
  clockRecords: (since: Date) => Promise<readonly ClockRecord[]>;
  /** How many requests each view lists as a whole (no search, no filter): each view counts exactly what findPage lists in it. */
  viewCounts: () => Promise<ViewCounts>;
  /** Makes the business email about a request due to be sent again at once (`at`, for an inbox told when). */
  resendBusinessEmail: (id: string, ...at: Given extends Stamp ? [at: Date] : []) => Promise<ResendOutcome>;
}

/** An inbox that records who and when itself, from its own session and clock: told neither. */
export type SelfStampingQuoteInbox = QuoteInbox<NoStamp>;
