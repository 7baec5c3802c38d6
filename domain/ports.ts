import type { InboxCursor, InboxPage, InboxQuery } from './inbox-query';
import type { QuoteNote, InboxQuote } from './inbox-quote';
import type { NewQuote, QuoteRequest } from './quote';
import type { QuoteStatus, StatusChange } from './quote-status';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; every method
 * rejects when the store cannot be reached, and a rejected call has changed nothing.
 */
export interface QuoteRepository {
  insert(quote: NewQuote): Promise<QuoteRequest>;
  /** Removes one request for good: true if it was there, false if there was none with that id. */
  delete(id: string): Promise<boolean>;
}

/**
 * Where requests kept past the retention period are deleted. Only a store that runs its own timer
 * offers it (memory, SQL behind our server); the browser's clients do not, since a browser choosing
 * the cutoff could wipe every request with a wrong clock (Supabase purges with a job in SQL). Rejects
 * when the store cannot be reached, and a rejected call has deleted nothing.
 */
export interface QuoteRetention {
  /** Removes for good every request stored strictly before `cutoff`, and says how many. */
  deleteCreatedBefore(cutoff: Date): Promise<number>;
}

/** Tells the business that a quote request has arrived. Rejects when the message could not be sent. */
export interface Notifier {
  quoteSubmitted(quote: QuoteRequest): Promise<void>;
}

/** Where the use cases report failures that the visitor is not shown. */
export interface Logger {
  error(message: string, cause: unknown): void;
}

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
}

/** What happened when staff asked for the business email about a request to be sent again. */
export type ResendOutcome = 'queued' | 'already-sent' | 'not-found';

/** Who did something to a request, and when: the staff member's email and the moment. */
export type Stamp = Pick<StatusChange, 'by' | 'at'>;

/** What an inbox that stamps who and when itself is told of them: nothing. */
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- nothing at all is what is meant
export type NoStamp = Record<never, never>;

/**
 * A move staff make on one request, as an inbox is told it: where they saw it and where it goes, and,
 * for an inbox told who and when, also when the first call back was (`respondedAt`, else null).
 */
export type StatusMove<Given extends Stamp | NoStamp = Stamp> = { id: string; from: QuoteStatus; to: QuoteStatus } & (Given extends Stamp
  ? Given & { respondedAt: Date | null }
  : NoStamp);

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
   * back. Only if it is still at `from`: otherwise 'conflict' with where it is now.
   */
  changeStatus: (change: StatusMove<Given>) => Promise<StatusChangeOutcome>;
  /** Adds a note to a request, recording who and when; undefined when there is no such request. */
  addNote: (note: NoteToAdd<Given>) => Promise<QuoteNote | undefined>;
  /** The requests received at or after `since`, and every one still waiting however old. */
  clockRecords: (since: Date) => Promise<readonly ClockRecord[]>;
  /** Makes the business email about a request due to be sent again at once (`at`, for an inbox told when). */
  resendBusinessEmail: (id: string, ...at: Given extends Stamp ? [at: Date] : []) => Promise<ResendOutcome>;
}

/** An inbox that records who and when itself, from its own session and clock: told neither. */
export type SelfStampingQuoteInbox = QuoteInbox<NoStamp>;

/** A staff account's stored session: whose it is, and when it ends unless renewed. */
export interface StoredSession {
  email: string;
  expiresAt: Date;
}

/**
 * The staff accounts our server signs in against: each email with the hash of its password, never the
 * password itself. Every method rejects when the store cannot be reached.
 */
export interface StaffDirectory {
  /** The account's password hash; undefined when there is no such account. */
  findPasswordHash(email: string): Promise<string | undefined>;
  /** Creates the account, or gives an existing one a new password (which ends its sessions). */
  saveAccount(email: string, passwordHash: string, now: Date): Promise<'created' | 'updated'>;
  /** Removes the account and, with it, every session it had: true if there was one. */
  removeAccount(email: string): Promise<boolean>;
  /** Every account's email, in order. */
  listAccounts(): Promise<string[]>;
}

/**
 * Where our server keeps staff sessions, by the hash of each session's token (never the token, so a
 * leaked copy of the store signs nobody in). Every method rejects when the store cannot be reached.
 */
export interface StaffSessionStore {
  createSession(tokenHash: string, email: string, now: Date, expiresAt: Date): Promise<void>;
  findSession(tokenHash: string): Promise<StoredSession | undefined>;
  extendSession(tokenHash: string, expiresAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Sessions past their expiry open nothing; this clears them away, and says how many. */
  deleteExpiredSessions(now: Date): Promise<number>;
}

/** Who a notification email goes to: the business, or the customer who asked for the quote. */
export type NotificationKind = 'business' | 'customer';

/** A notification taken from the outbox to be sent, with the request it is about. */
export interface ClaimedNotification {
  id: string;
  kind: NotificationKind;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
  quote: QuoteRequest;
}

/**
 * The notification emails waiting to be sent, written beside each stored request in the same
 * transaction. Several senders may share one outbox: each notification is claimed by one of them at a
 * time, leased rather than locked, so one a crashed sender held becomes due again.
 */
export interface NotificationOutbox {
  /** Claims up to `limit` notifications that are due, oldest first, each leased for a while. */
  claimDue(limit: number): Promise<ClaimedNotification[]>;
  /** Records that the notification was delivered: it is never claimed again. */
  markSent(id: string, at: Date): Promise<void>;
  /** Records why sending failed, and when to try again. Does nothing to one already sent. */
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /** How many notifications wait to be sent, and since when the oldest has waited. */
  backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }>;
}
