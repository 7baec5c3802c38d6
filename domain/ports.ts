import type { AlertRecord, AlertStep, Taking } from './alert-plan';
import type { CustomerData, CustomerSubject, ErasedCustomerData } from './customer-data';
import type { InboxCursor, InboxPage, InboxQuery } from './inbox-query';
import type { OnCallShift } from './on-call';
import type { QuoteNote, InboxQuote } from './inbox-quote';
import type { NewQuote, QuoteRequest } from './quote';
import type { PhotoError, PhotoRef, ProcessedPhoto } from './photos';
import type { Arrival } from './spam';
import type { QuoteStatus, StatusChange } from './quote-status';

/**
 * Where quote requests are kept. `insert` gives the stored request its id and time; every method
 * rejects when the store cannot be reached, and a rejected call has changed nothing.
 */
export interface QuoteRepository {
  /**
   * Stores a request with its photos (processed: upright, metadata removed) in one step: either all
   * of it is kept, or none of it, files included. With `arrival`, the store judges it by the spam
   * rules (domain/spam.ts) where it can trust what it weighs, and keeps one judged spam in the Spam
   * folder: no email, no alert. Without, it is not judged (the store's own callers and tests).
   */
  insert(quote: NewQuote, photos?: readonly ProcessedPhoto[], arrival?: Arrival): Promise<NewlyStored>;
  /** Removes one request for good: true if it was there, false if there was none with that id. */
  delete(id: string): Promise<boolean>;
}

/** A request just stored, as its sender's use case hears of it. */
export interface NewlyStored extends QuoteRequest {
  /** The token of the customer's private link (domain/customer-link.ts): given now, and never again. */
  customerToken: string;
  /**
   * Whether it went to the Spam folder: for the use case alone, to tell nobody of it. Never shown to
   * the visitor, who is answered alike either way. Absent where the judging is out of the caller's
   * sight (a browser whose server or database judges).
   */
  heldAsSpam?: boolean;
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
  /** Removes for good every request in the Spam folder sent strictly before `cutoff`, and says how many. */
  deleteSpamBefore(cutoff: Date): Promise<number>;
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
  /** Makes the business email about a request due to be sent again at once (`at`, for an inbox told when). */
  resendBusinessEmail: (id: string, ...at: Given extends Stamp ? [at: Date] : []) => Promise<ResendOutcome>;
}

/**
 * Everything held about one customer, found by the email or phone number they gave (see
 * matchesSubject), to hand over or to erase. Staff only: rejects with NotSignedIn where the store wants
 * a staff session it does not have, and otherwise when it cannot be reached.
 */
export interface CustomerDataStore {
  /** The subject's requests, newest first, each with its history, notes and alerts; and the emails about them. */
  findCustomerData(subject: CustomerSubject): Promise<CustomerData>;
  /**
   * Erases every request of the subject's and everything hanging off them (notes, history, emails,
   * alerts), all in one transaction: a rejected call has erased nothing. Says how many of each went.
   */
  eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData>;
}

/**
 * A customer's own request, found by the token of their private link (stores keep only its hash).
 * Every method answers undefined when no request has that token (a guess, or one deleted), and rejects
 * when the store cannot be reached; a rejected call has changed nothing.
 */
export interface CustomerLinkStore {
  /** The request the link is to, as staff see it (the use case shows the customer only what is theirs). */
  findByToken(token: string): Promise<InboxQuote | undefined>;
  /** Adds the customer's message as a note from `customerAuthor`, at `at`; the request as it is then. */
  addCustomerMessage(token: string, text: string, at: Date): Promise<InboxQuote | undefined>;
  /**
   * Closes the request as lost for the customer ("No longer needed", a status change by
   * `customerAuthor` and a note saying so), from any status but lost; the request as it is then.
   */
  closeForCustomer(token: string, at: Date): Promise<InboxQuote | undefined>;
}

/**
 * The quote form's signed, timestamped tokens (`formTokenFieldName`): issued with each page that holds
 * the form, read back when a request arrives, so the spam rules can tell a person from a script that
 * posts the moment it has the page. Signed with a secret of the server's, so a token cannot be made.
 */
export interface FormTokens {
  /** A token saying the form was issued at `now`. */
  issue(now: Date): Promise<string>;
  /** Seconds from the token's issue to `now`; null for a token that is forged, malformed or too old. */
  secondsSince(token: string, now: Date): Promise<number | null>;
}

/** Tells whoever is on call that a customer wrote about an urgent request. Rejects when it could not. */
export interface CustomerMessageAlert {
  customerWrote(quote: InboxQuote, text: string): Promise<void>;
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
  /** How many photos were sent with the request, for the email to say. */
  photoCount: number;
}

/**
 * The notification emails waiting to be sent, written beside each stored request in the same
 * transaction. Several senders may share one outbox: each notification is claimed by one of them at a
 * time, leased rather than locked, so one a crashed sender held becomes due again.
 */
export interface NotificationOutbox {
  /** Claims up to `limit` notifications that are due, oldest first, each leased for a while. */
  /** How long a claim holds unless renewed: a sender renews what it is still at work on well within it. */
  readonly leaseSeconds: number;
  claimDue(limit: number): Promise<ClaimedNotification[]>;
  /** Extends the claim on each still unsent of `ids`, for a sender still at work on them. */
  renew(ids: readonly string[]): Promise<void>;
  /** Records that the notification was delivered: it is never claimed again. */
  markSent(id: string, at: Date): Promise<void>;
  /** Records why sending failed, and when to try again. Does nothing to one already sent. */
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /** How many notifications wait to be sent, and since when the oldest has waited. */
  backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }>;
}

/** A device a staff member gets alerts on, as they see it listed. */
export interface PushDevice {
  id: string;
  /** What the browser said it was when alerts were turned on: "Chrome on Android". */
  label: string;
  createdAt: Date;
  /** When an alert last reached its push service; null before the first. */
  lastAlertAt: Date | null;
}

/** A browser's push subscription (RFC 8030 endpoint, RFC 8291 keys), and what to call the device. */
export interface NewPushDevice {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's authentication secret, base64url. */
  auth: string;
  label: string;
}

/** A device to push to: whose it is, and the subscription that reaches it. */
export interface PushTarget extends NewPushDevice {
  id: string;
  /** The staff member's email. */
  staff: string;
}

/**
 * The devices staff get alerts on, each belonging to one staff member; nobody sees or removes another's.
 * Every method rejects when the store cannot be reached.
 */
export interface PushDeviceStore {
  /** Keeps the device for `staff`; a subscription already kept (the same endpoint) is updated and moves to them. */
  saveDevice(staff: string, device: NewPushDevice, now: Date): Promise<PushDevice>;
  /** The staff member's devices, oldest first. */
  listDevices(staff: string): Promise<PushDevice[]>;
  /** Removes one of the staff member's devices: false when they have none with that id. */
  removeDevice(staff: string, id: string): Promise<boolean>;
  /** The staff member's devices with their subscriptions, to push to. */
  pushTargets(staff: string): Promise<PushTarget[]>;
}

/** Who is on call when: the weekly rota, one list for the whole business. */
export interface OnCallRotaStore {
  readRota(): Promise<OnCallShift[]>;
  /** Replaces the whole rota. */
  saveRota(shifts: readonly OnCallShift[]): Promise<void>;
}

/** A request still waiting for someone, with the alerts it has had: what planning the next one needs. */
export interface AlertCandidate {
  quote: QuoteRequest;
  status: QuoteStatus;
  taken: Taking | null;
  sent: readonly AlertRecord[];
}

/**
 * The record of which alert steps each request has had. Recording a step queues its deliveries in the
 * same transaction, so the step is sent exactly once however many servers plan it.
 */
export interface AlertLedger {
  /**
   * Requests that arrived at or after `since` and still wait for someone, with the steps each has had;
   * only those `only` names, when given.
   */
  awaitingSomeone(since: Date, only?: readonly string[]): Promise<AlertCandidate[]>;
  /**
   * Records the step and queues a delivery for each device of each recipient, and one for the webhook
   * when `webhook`. False, with nothing queued, when the step was recorded already.
   */
  recordAlert(quoteId: string, record: AlertRecord, options: { webhook: boolean }): Promise<boolean>;
  /**
   * Spends the single-use "I'm on it" token of one delivery: the staff member it was sent to, the first
   * time, for the request it was about; undefined ever after, or for a delivery that is not that request's.
   */
  redeemTake(deliveryId: string, quoteId: string, now: Date): Promise<string | undefined>;
}

/** One alert taken from the outbox to be delivered: to one device, or to the webhook. */
export interface ClaimedAlert {
  id: string;
  /** How often it has been claimed, this time included: 1 on the first try. */
  attempts: number;
  step: AlertStep;
  quote: QuoteRequest;
  target: { channel: 'push'; device: PushTarget } | { channel: 'webhook' };
}

/** The alerts waiting to be delivered; leased to one sender at a time, as the email outbox is. */
export interface AlertOutbox {
  /** How long a claim holds unless renewed: a sender renews what it is still at work on well within it. */
  readonly leaseSeconds: number;
  claimDue(limit: number): Promise<ClaimedAlert[]>;
  /** Extends the claim on each still unsent of `ids`, for a sender still at work on them. */
  renew(ids: readonly string[]): Promise<void>;
  markSent(id: string, at: Date): Promise<void>;
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /** The push service says the subscription is gone (404, 410): forget the device and what waits for it. */
  forgetDevice(deviceId: string): Promise<void>;
  backlog(): Promise<{ pending: number; oldestPendingSince: Date | null }>;
}

/**
 * What the inbox's alert settings need, in the browser and behind the API: the signed-in staff
 * member's devices, the test alert, and the rota. Every method rejects when the backend cannot be
 * reached, and with NotSignedIn without a staff session.
 */
export interface AlertSettings {
  /** The VAPID public key (base64url) browsers subscribe with; null where alerts are shown on this device alone (the demo). */
  pushKey(): Promise<string | null>;
  devices(): Promise<PushDevice[]>;
  addDevice(device: NewPushDevice): Promise<PushDevice>;
  removeDevice(id: string): Promise<boolean>;
  /** Sends a test alert to each of the staff member's devices at once: how many push services took it, and how many refused. */
  sendTestAlert(): Promise<{ delivered: number; failed: number }>;
  /** The rota, and every staff member who can be put on it. */
  rota(): Promise<{ shifts: OnCallShift[]; staff: string[] }>;
  saveRota(shifts: readonly OnCallShift[]): Promise<void>;
}

/**
 * Values a server makes once and keeps (the VAPID keys, the key that signs "I'm on it" tokens), shared
 * by every server on one database. Every method rejects when the store cannot be reached.
 */
export interface SecretStore {
  /**
   * The value kept under `name`; if there is none yet, keeps `candidate` and returns it. Two servers
   * starting together both get the one value that was kept first.
   */
  keepOnce(name: string, candidate: string): Promise<string>;
}

/** One stored photo's bytes, as served to staff. */
export interface PhotoContent {
  contentType: string;
  body: Uint8Array;
}

/**
 * Where the photos sent with requests are kept, beside the requests (saved by QuoteRepository.insert,
 * deleted with their request and by the retention purge). Only staff read them.
 */
export interface PhotoStore {
  /** A photo of the request, full size or its thumbnail; undefined when the request has no such photo. */
  read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<PhotoContent | undefined>;
}

/** A photo as the visitor chose it, before anything is done to it: a browser's File fits. */
export interface ChosenPhoto {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Turns a chosen photo into one fit to keep: judged by its content, upright, every piece of metadata
 * removed, re-encoded within the size limits, with a thumbnail. Our server does it with its image
 * library; the modes without a server of ours do it in the visitor's browser before anything is sent.
 */
export interface PhotoProcessor {
  process(photo: ChosenPhoto): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; error: PhotoError }>;
}

/** Thrown by a sender when a photo was refused; the request was not stored. */
export class PhotoRejected extends Error {
  readonly error: PhotoError;
  constructor(error: PhotoError) {
    super(`A photo was refused: ${error.kind}`);
    this.name = 'PhotoRejected';
    this.error = error;
  }
}

/**
 * Sends a request with the photos the visitor chose, in one step (none of it is stored unless all
 * of it is), reporting how much has gone, from 0 to 1. Rejects with PhotoRejected for a refused photo,
 * and as QuoteRepository.insert does otherwise.
 */
export interface QuoteWithPhotosSender {
  send(quote: NewQuote, photos: readonly ChosenPhoto[], onProgress: (fraction: number) => void, arrival?: Arrival): Promise<NewlyStored>;
}

/** Where the browser shows a stored photo from: our API's path, a short-lived signed link, or an object URL. */
export interface PhotoLinks {
  photoUrl(quoteId: string, photo: PhotoRef, size: 'full' | 'thumbnail'): Promise<string>;
}
