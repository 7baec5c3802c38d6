import type { Taking } from '../alerts/alert-plan';
import type { InboxCursor, InboxPage, InboxQuery } from '../inbox/inbox-query';
import type { QuoteNote, InboxQuote } from '../inbox/inbox-quote';
import type { JobOutcome } from '../inbox/job-outcome';
import type { QuoteStatus, StatusChange } from '../inbox/quote-status';
import type { ViewCounts } from '../inbox/view-counts';

/** A request found in the inbox after a change, or why there was none to change. */
export type StatusChangeOutcome =
  | { outcome: 'changed'; quote: InboxQuote }
  | { outcome: 'conflict'; current: QuoteStatus }
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

/**
 * A move staff make on one request, as an inbox is told it: where they saw it and where it goes, with
 * the job's value or why it was lost if they said, and, for an inbox told who and when, also when the
 * first call back was (`respondedAt`, else null).
 */
export type StatusMove<Given extends Stamp | NoStamp = Stamp> = { id: string; from: QuoteStatus; to: QuoteStatus } & JobOutcome & (Given extends Stamp
  ? Given & { respondedAt: Date | null }
  : NoStamp);

/** A staff member taking a request on ("I'm on it"), as an inbox is told it. */
export type TakeRequest<Given extends Stamp | NoStamp = Stamp> = { id: string } & Given;

/** What came of taking a request on. */
export type TakeOutcome =
  | { outcome: 'taken'; quote: InboxQuote }
  /** Someone took it first (or marked it contacted): who, and when. */
  | { outcome: 'already-taken'; taken: Taking }
  /** It left the Waiting view before anyone took it (a request from before alerts existed). */
  | { outcome: 'not-waiting'; current: QuoteStatus }
  | { outcome: 'not-found' };

/** Staff saying a request in the Spam folder is not spam, as an inbox is told it. */
export type SpamClearing<Given extends Stamp | NoStamp = Stamp> = { id: string } & Given;

/** What came of "Not spam". */
export type ClearSpamOutcome =
  /** Moved to Waiting: its clock, emails and alerts start now, as for a new request. */
  | { outcome: 'cleared'; quote: InboxQuote }
  /** It is not in the Spam folder (never was, or someone moved it first). */
  | { outcome: 'not-spam' }
  | { outcome: 'not-found' };

/** A note staff add to one request, as an inbox is told it. */
export type NoteToAdd<Given extends Stamp | NoStamp = Stamp> = { quoteId: string; text: string } & Given;

/**
 * Where staff work the quote requests: one page at a time, each request with its status history and
 * notes. Every method rejects when the store cannot be reached (a rejected call has changed nothing),
 * and with NotSignedIn where the store wants a staff session it does not have.
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
   * Moves a request from `from` to `to`, recording who and when, and `respondedAt` on the first call
   * back. Only if it is still at `from`: otherwise 'conflict' with where it is now. A move out of the
   * Waiting view also takes the request on, for whoever moved it, unless someone already had.
   */
  changeStatus: (change: StatusMove<Given>) => Promise<StatusChangeOutcome>;
  /**
   * Takes a waiting request on for who is told (or who is signed in): its alerts stop. Only the first
   * taker counts; later ones get 'already-taken' with who it was.
   */
  take: (take: TakeRequest<Given>) => Promise<TakeOutcome>;
  /** Adds a note to a request, recording who and when; undefined when there is no such request. */
  addNote: (note: NoteToAdd<Given>) => Promise<QuoteNote | undefined>;
  /**
   * Moves a request out of the Spam folder to Waiting, recording who and when: it then counts as
   * arriving now (its createdAt and due time), and its emails are queued and its alerts planned as for
   * a new request.
   */
  clearSpam: (clearing: SpamClearing<Given>) => Promise<ClearSpamOutcome>;
  /** The requests received at or after `since`, and every one still waiting however old; never those in the Spam folder. */
  clockRecords: (since: Date) => Promise<readonly ClockRecord[]>;
  /** How many requests each view lists as a whole (no search, no filter): each view counts exactly what findPage lists in it. */
  viewCounts: () => Promise<ViewCounts>;
  /** Makes the business email about a request due to be sent again at once (`at`, for an inbox told when). */
  resendBusinessEmail: (id: string, ...at: Given extends Stamp ? [at: Date] : []) => Promise<ResendOutcome>;
  /**
   * Records a call nobody picked up ("Called, no answer"), by who is told (or who is signed in) at when:
   * only on a request in the Waiting view, which stays there, its next try falling due 30 minutes later.
   * The first such call is when the promise was kept.
   */
  recordCallAttempt: (attempt: CallAttemptToRecord<Given>) => Promise<CallAttemptOutcome>;
}

/** A call to a waiting request that nobody picked up, as an inbox is told it. */
export type CallAttemptToRecord<Given extends Stamp | NoStamp = Stamp> = { id: string } & Given;

/** What came of recording a call nobody picked up. */
export type CallAttemptOutcome =
  /** Recorded: the request as it is now, still waiting, its next try due 30 minutes after this call. */
  | { outcome: 'recorded'; quote: InboxQuote }
  /** It is not waiting for a call back (moved on, or in the Spam folder): nothing was recorded. */
  | { outcome: 'not-waiting' }
  | { outcome: 'not-found' };

/** An inbox that records who and when itself, from its own session and clock: told neither. */
export type SelfStampingQuoteInbox = QuoteInbox<NoStamp>;
