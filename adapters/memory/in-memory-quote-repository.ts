import type { ReviewOptOuts } from '../../domain/ports/review-opt-outs';
import { noReviewYet } from '../../domain/reviews/review-ask';
import { confirmationAddressKey } from '../../domain/quote/customer-confirmation';
import { currentOutcome, type JobOutcome } from '../../domain/inbox/job-outcome';
import type { ReportSource, ReportTallies } from '../../domain/ports/report-source';
import { type ReportRecord, tallyRequests } from '../../domain/report/report-tally';
import { businessEmailsOf, type CustomerData, type CustomerSubject, type ErasedCustomerData, matchesSubject } from '../../domain/customer-data/customer-data';
import { compareInInbox, type InboxCursor, type InboxPage, type InboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote, QuoteNote } from '../../domain/inbox/inbox-quote';
import { takesRequest } from '../../domain/alerts/alert-plan';
import { customerAuthor, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import type {
  CallAttemptOutcome,
  CallAttemptToRecord,
  ClearSpamOutcome,
  ClockRecord,
  NoteToAdd,
  QuoteInbox,
  ResendOutcome,
  SpamClearing,
  StatusChangeOutcome,
  StatusMove,
  TakeOutcome,
  TakeRequest,
} from '../../domain/ports/quote-inbox';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import type { CustomerLinkStore } from '../../domain/ports/customer-link-store';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { NewlyStored, QuoteRepository, QuoteRetention } from '../../domain/ports/quote-repository';
import type { PhotoContent, PhotoStore } from '../../domain/ports/photos';
import type { PhotoRef, ProcessedPhoto } from '../../domain/photos/photos';
import { fromNamedFields, type NewQuote, type QuoteRequest, toNamedFields } from '../../domain/quote/quote';
import { isWon, type QuoteStatus, waitingStatus } from '../../domain/inbox/quote-status';
import { type Arrival, inSpamFolder, judgeSpam, type SpamMark, spamTextKey } from '../../domain/spam/spam';
import { inboxPage } from './inbox-page';
import { type ViewCounts, viewCountsOf } from '../../domain/inbox/view-counts';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';

/** A photo a seeded request comes with: what the card shows, and the JPEG images when there are any to read. */
type SeedPhoto = PhotoRef & { body?: Uint8Array; thumbnail?: Uint8Array };

/** A request to start with: a bare one waits as new; the demo's may come already worked on, and with photos. */
export type InboxSeed = QuoteRequest &
  Partial<Pick<InboxQuote, 'status' | 'respondedAt' | 'history' | 'notes' | 'businessEmail' | 'taken' | 'alerts' | 'spam' | 'callAttempts'>> & {
    photos?: readonly SeedPhoto[];
    /** The token of the customer link to it, for a demo whose link opens a request already there. */
    customerToken?: string;
  };

/** How long a request's description counts toward a burst of the same text (`sameTextRecently`). */
const sameTextWindowMs = 24 * 60 * 60 * 1000;

/** A photo as this store keeps it: what the card shows, and the bytes. */
interface KeptPhoto {
  ref: PhotoRef;
  contentType: string;
  /** Absent for a seeded photo given without its images: it cannot be read. */
  body: Uint8Array | undefined;
  thumbnail: Uint8Array | undefined;
}

export interface InMemoryQuoteRepositoryOptions {
  /** Requests already there, in any order; their notes newest first, as the inbox shows them. */
  seed?: readonly InboxSeed[];
  now?: () => Date;
  /** Ids for requests and notes alike. */
  newId?: () => string;
  /** Reads the form's token of a request that arrives with one; left out, no token is read ("no timestamp"). */
  formTokens?: FormTokens;
  /**
   * Told of a request moved out of the Spam folder, which from then is a new request: the demo's way
   * of sending its notifications, as a server's store queues them.
   */
  onClearedSpam?: (quote: QuoteRequest) => Promise<void>;
}

/**
 * Keeps quote requests, their statuses and notes in this process's memory: the demo's store, the
 * tests' fake, and the reference the other stores' inbox queries are tested against. Callers always
 * get copies, so nothing they change alters what is stored.
 */
export class InMemoryQuoteRepository implements QuoteRepository, QuoteRetention, QuoteInbox, ReportSource, CustomerDataStore, PhotoStore, CustomerLinkStore, ReviewOptOuts {
  readonly #quotes: InboxQuote[];
  /** The addresses never to ask for a review again, trimmed and lower-cased; in the demo, until the page is loaded again. */
  readonly #reviewOptOuts = new Set<string>();
  /** Each request's photos, by its id; they go when it goes. */
  readonly #photos = new Map<string, readonly KeptPhoto[]>();
  /** What the spam rules compare of each request: its description's key, and when it was stored. */
  readonly #texts = new Map<string, { key: string | null; storedAt: Date }>();
  /** The request of each customer token, by the token's hash: the token itself is not kept. */
  readonly #links = new Map<string, string>();
  /** The seeds' tokens, hashed once the digests are done: every look-up by token waits for them. */
  readonly #seedLinks: Promise<void>;
  readonly #now: () => Date;
  readonly #newId: () => string;
  readonly #formTokens: FormTokens | undefined;
  readonly #onClearedSpam: InMemoryQuoteRepositoryOptions['onClearedSpam'];

  constructor({ seed = [], now = () => new Date(), newId = () => crypto.randomUUID(), formTokens, onClearedSpam }: InMemoryQuoteRepositoryOptions = {}) {
    this.#now = now;
    this.#newId = newId;
    this.#formTokens = formTokens;
    this.#onClearedSpam = onClearedSpam;
    const links: Promise<unknown>[] = [];
    this.#quotes = seed.map(({ photos = [], customerToken, ...quote }) => {
      if (customerToken !== undefined) links.push(customerTokenHash(customerToken).then((hash) => this.#links.set(hash, quote.id)));
      const kept = photos.map(({ body, thumbnail, ...ref }) => ({ ref: { ...ref }, contentType: 'image/jpeg', body, thumbnail }));
      this.#photos.set(quote.id, kept);
      this.#texts.set(quote.id, { key: spamTextKey(quote), storedAt: quote.spam?.sentAt ?? quote.createdAt });
      const base: Omit<InboxQuote, keyof QuoteRequest | 'photos'> = { status: waitingStatus, respondedAt: null, history: [], notes: [], taken: null, alerts: [], spam: null, callAttempts: [] };
      return copyOf({ ...base, ...quote, photos: kept.map(({ ref }) => ref) });
    });
    this.#seedLinks = Promise.all(links).then(() => undefined);
  }

  /**
   * Stores a request, judged by the spam rules when it comes with `arrival`: the token's age by this
   * store's FormTokens, and the same description among the requests of the last 24 hours.
   */
  async insert(quote: NewQuote, photos: readonly ProcessedPhoto[] = [], arrival?: Arrival): Promise<NewlyStored> {
    const createdAt = this.#now();
    const customerToken = newCustomerToken();
    const hash = await customerTokenHash(customerToken);
    const secondsToSubmit = arrival?.formToken != null && this.#formTokens ? await this.#formTokens.secondsSince(arrival.formToken, createdAt) : null;
    // Nothing is awaited from here on, so requests arriving together each count the ones before them.
    const key = spamTextKey(quote);
    const sameTextRecently = key === null ? 0 : this.#countSameText(key, createdAt);
    const verdict = arrival && judgeSpam(quote, { honeypotFilled: arrival.honeypotFilled, secondsToSubmit, sameTextRecently });
    const spam: SpamMark | null = verdict?.spam ? { score: verdict.score, reasons: verdict.reasons, sentAt: createdAt, cleared: null } : null;
    const id = this.#newId();
    this.#quotes.push({ ...quote, id, createdAt, status: waitingStatus, respondedAt: null, history: [], notes: [], taken: null, alerts: [], photos: this.#keep(id, photos), spam, callAttempts: [] });
    this.#texts.set(id, { key, storedAt: createdAt });
    this.#links.set(hash, id);
    return { ...quote, id, createdAt: new Date(createdAt), customerToken, heldAsSpam: spam !== null };
  }

  /** How many requests stored in the 24 hours before `at` have the description key `key`. */
  #countSameText(key: string, at: Date): number {
    const since = at.getTime() - sameTextWindowMs;
    let count = 0;
    for (const text of this.#texts.values()) if (text.key === key && text.storedAt.getTime() > since) count += 1;
    return count;
  }

  /** The stored photo's bytes (a copy), or undefined when the request has no such photo. */
  read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<PhotoContent | undefined> {
    const photo = this.#photos.get(quoteId)?.find(({ ref }) => ref.id === photoId);
    const body = size === 'full' ? photo?.body : photo?.thumbnail;
    return Promise.resolve(photo && body && { contentType: photo.contentType, body: body.slice() });
  }

  delete(id: string): Promise<boolean> {
    const found = this.#find(id) !== undefined;
    this.#keepOnly(this.#quotes.filter((quote) => quote.id !== id));
    return Promise.resolve(found);
  }

  deleteCreatedBefore(cutoff: Date): Promise<number> {
    const before = this.#quotes.length;
    const kept = this.#quotes.filter(({ createdAt }) => createdAt.getTime() >= cutoff.getTime());
    this.#keepOnly(kept);
    return Promise.resolve(before - kept.length);
  }

  deleteSpamBefore(cutoff: Date): Promise<number> {
    const before = this.#quotes.length;
    const kept = this.#quotes.filter((quote) => !inSpamFolder(quote) || (quote.spam?.sentAt.getTime() ?? 0) >= cutoff.getTime());
    this.#keepOnly(kept);
    return Promise.resolve(before - kept.length);
  }

  /** The requests still kept, that alone; their photos, texts and links stay with them, the others' go. */
  #keepOnly(kept: readonly InboxQuote[]): void {
    this.#quotes.splice(0, this.#quotes.length, ...kept);
    const ids = new Set(kept.map(({ id }) => id));
    for (const id of this.#photos.keys()) if (!ids.has(id)) this.#photos.delete(id);
    for (const id of this.#texts.keys()) if (!ids.has(id)) this.#texts.delete(id);
    for (const [hash, id] of this.#links) if (!ids.has(id)) this.#links.delete(hash);
  }

  /** Keeps copies of the photos for the request, each with an id of its own; answers what the card shows. */
  #keep(quoteId: string, photos: readonly ProcessedPhoto[]): PhotoRef[] {
    const kept = photos.map(
      (photo): KeptPhoto => ({
        ref: { id: this.#newId(), width: photo.width, height: photo.height, thumbnailWidth: photo.thumbnail.width, thumbnailHeight: photo.thumbnail.height },
        contentType: photo.contentType,
        body: photo.body.slice(),
        thumbnail: photo.thumbnail.body.slice(),
      }),
    );
    if (kept.length > 0) this.#photos.set(quoteId, kept);
    return kept.map(({ ref }) => ref);
  }

  findPage(request: { query: InboxQuery; after: InboxCursor | null; limit: number; now: Date }): Promise<InboxPage> {
    const page = inboxPage(this.#quotes, request);
    return Promise.resolve({ ...page, quotes: page.quotes.map(copyOf) });
  }

  changeStatus({ id, from, to, by, at, respondedAt, wonPence, lostReason }: StatusMove): Promise<StatusChangeOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve({ outcome: 'not-found' });
    if (quote.status !== from) return Promise.resolve({ outcome: 'conflict', current: quote.status });
    move(quote, to, by, at, respondedAt, { ...(wonPence !== undefined && { wonPence }), ...(lostReason !== undefined && { lostReason }) });
    return Promise.resolve({ outcome: 'changed', quote: copyOf(quote) });
  }

  /** "Not spam": the request counts as arriving at `at`, and the demo's notifications go out for it. */
  async clearSpam({ id, by, at }: SpamClearing): Promise<ClearSpamOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return { outcome: 'not-found' };
    if (quote.spam === null || !inSpamFolder(quote)) return { outcome: 'not-spam' };
    quote.spam = { ...quote.spam, cleared: { by, at: new Date(at) } };
    quote.createdAt = new Date(at);
    const cleared = copyOf(quote);
    if (this.#onClearedSpam) {
      // The request alone, as a notifier is given it: its fields, not how staff worked it.
      await this.#onClearedSpam({ id: cleared.id, createdAt: cleared.createdAt, ...fromNamedFields(toNamedFields(cleared)) });
    }
    return { outcome: 'cleared', quote: cleared };
  }

  take({ id, by, at }: TakeRequest): Promise<TakeOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve({ outcome: 'not-found' });
    if (quote.taken !== null) return Promise.resolve({ outcome: 'already-taken', taken: { ...quote.taken, at: new Date(quote.taken.at) } });
    if (quote.status !== waitingStatus) return Promise.resolve({ outcome: 'not-waiting', current: quote.status });
    quote.taken = { by, at: new Date(at) };
    return Promise.resolve({ outcome: 'taken', quote: copyOf(quote) });
  }

  /** Only in the Waiting view (not in the Spam folder): the call joins its attempts, and it stays waiting. */
  recordCallAttempt({ id, by, at }: CallAttemptToRecord): Promise<CallAttemptOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve({ outcome: 'not-found' });
    if (quote.status !== waitingStatus || inSpamFolder(quote)) return Promise.resolve({ outcome: 'not-waiting' });
    // Oldest first; one recorded at the same moment as another goes after it, as the later one.
    const attempts = quote.callAttempts ?? [];
    const place = attempts.findIndex((other) => other.at.getTime() > at.getTime());
    const attempt = { by, at: new Date(at) };
    quote.callAttempts = place === -1 ? [...attempts, attempt] : [...attempts.slice(0, place), attempt, ...attempts.slice(place)];
    return Promise.resolve({ outcome: 'recorded', quote: copyOf(quote) });
  }

  addNote({ quoteId, text, by, at }: NoteToAdd): Promise<QuoteNote | undefined> {
    const quote = this.#find(quoteId);
    if (quote === undefined) return Promise.resolve(undefined);
    const note: QuoteNote = { id: this.#newId(), text, by, at: new Date(at) };
    // Newest first; a note written at the same moment as another goes before it, as the later one.
    const older = quote.notes.findIndex((other) => other.at.getTime() <= at.getTime());
    const place = older === -1 ? quote.notes.length : older;
    quote.notes = [...quote.notes.slice(0, place), note, ...quote.notes.slice(place)];
    return Promise.resolve({ ...note, at: new Date(note.at) });
  }

  clockRecords(since: Date): Promise<readonly ClockRecord[]> {
    const records = this.#quotes
      .filter((quote) => !inSpamFolder(quote))
      .filter(({ createdAt, respondedAt }) => createdAt.getTime() >= since.getTime() || respondedAt === null)
      .map(({ createdAt, urgent, respondedAt, callAttempts = [] }) => ({
        createdAt: new Date(createdAt),
        urgent,
        respondedAt: respondedAt && new Date(respondedAt),
        // No calls, no callAttempts at all (as the SQL stores answer).
        ...(callAttempts.length > 0 && { callAttempts: callAttempts.map(({ at }) => ({ at: new Date(at) })) }),
      }));
    return Promise.resolve(records);
  }

  reportTallies(from: Date, to: Date, now: Date): Promise<ReportTallies> {
    const records = this.#quotes
      .filter((quote) => !inSpamFolder(quote) && quote.createdAt.getTime() >= from.getTime() && quote.createdAt.getTime() < to.getTime())
      // The demo's requests are records as the report reads them, once each is given its won value now.
      .map((quote): ReportRecord => ({ ...quote, wonPence: isWon(quote.status) ? (currentOutcome(quote).wonPence ?? null) : null }));
    return Promise.resolve(tallyRequests(records, now));
  }

  viewCounts(): Promise<ViewCounts> {
    return Promise.resolve(viewCountsOf(this.#quotes.map((quote) => ({ status: quote.status, inSpamFolder: inSpamFolder(quote), count: 1 }))));
  }

  /**
   * The demo has no mail server: a resent email counts as sent at once (sentAt = `at`, no error),
   * including for a request that had no email recorded. One already sent is left as it was.
   */
  resendBusinessEmail(id: string, at: Date): Promise<ResendOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve('not-found');
    if (quote.businessEmail?.sentAt != null) return Promise.resolve('already-sent');
    quote.businessEmail = { sentAt: new Date(at), lastError: null };
    return Promise.resolve('queued');
  }

  findCustomerData(subject: CustomerSubject): Promise<CustomerData> {
    const requests = this.#quotes
      .filter((quote) => matchesSubject(quote, subject))
      .sort(compareInInbox('newest', new Date(0)))
      .map(copyOf);
    return Promise.resolve({ requests, emails: businessEmailsOf(requests) });
  }

  /** Erases the subject's requests and all they carry; in the demo, until the page is loaded again. */
  eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData> {
    const erased = this.#quotes.filter((quote) => matchesSubject(quote, subject));
    // An address erased is never asked for a review again, even by a request sent after.
    for (const address of [subject.email, ...erased.map(({ email }) => email)]) if (address !== null) this.#reviewOptOuts.add(confirmationAddressKey(address));
    this.#keepOnly(this.#quotes.filter((quote) => !matchesSubject(quote, subject)));
    const sum = (count: (quote: InboxQuote) => number) => erased.reduce((total, quote) => total + count(quote), 0);
    return Promise.resolve({
      requests: erased.length,
      notes: sum((quote) => quote.notes.length),
      statusChanges: sum((quote) => quote.history.length),
      emails: sum((quote) => (quote.businessEmail === undefined ? 0 : 1)),
      alerts: sum((quote) => quote.alerts.length),
    });
  }

  async findByToken(token: string): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    return quote && copyOf(quote);
  }

  async addCustomerMessage(token: string, text: string, at: Date): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    await this.addNote({ quoteId: quote.id, text, by: customerAuthor, at });
    return copyOf(quote);
  }

  /** Closes it as lost, by the customer, as staff would from where it stands; one already lost stays as it is. */
  async closeForCustomer(token: string, at: Date): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    if (quote.status !== 'lost') {
      move(quote, 'lost', customerAuthor, at, quote.status === waitingStatus ? at : null);
      await this.addNote({ quoteId: quote.id, text: noLongerNeededReason, by: customerAuthor, at });
    }
    return copyOf(quote);
  }

  async openReview(token: string, at: Date): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    quote.review = { ...(quote.review ?? noReviewYet), openedAt: quote.review?.openedAt ?? new Date(at) };
    return copyOf(quote);
  }

  async stopReviews(token: string): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    if (quote.email !== null) await this.optOut(quote.email);
    return copyOf(quote);
  }

  optOut(address: string): Promise<void> {
    this.#reviewOptOuts.add(confirmationAddressKey(address));
    return Promise.resolve();
  }

  isOptedOut(address: string): Promise<boolean> {
    return Promise.resolve(this.#reviewOptOuts.has(confirmationAddressKey(address)));
  }

  async #byToken(token: string): Promise<InboxQuote | undefined> {
    await this.#seedLinks;
    const id = this.#links.get(await customerTokenHash(token));
    return id === undefined ? undefined : this.#find(id);
  }

  #find(id: string): InboxQuote | undefined {
    return this.#quotes.find((quote) => quote.id === id);
  }
}

/** Moves a stored request to `to`, recording who and when; the first move from waiting is its answer. */
function move(quote: InboxQuote, to: QuoteStatus, by: string, at: Date, respondedAt: Date | null, outcome: JobOutcome = {}): void {
  const from = quote.status;
  quote.status = to;
  if (respondedAt !== null) quote.respondedAt = new Date(respondedAt);
  quote.history = [...quote.history, { from, to, by, at: new Date(at), ...outcome }];
  if (quote.taken === null && takesRequest(to)) quote.taken = { by, at: new Date(at) };
}

// Every Date and list is copied: a caller's change to what it was given never reaches the store.
function copyOf(quote: InboxQuote): InboxQuote {
  const { businessEmail, callAttempts, review, ...rest } = quote;
  return {
    ...rest,
    createdAt: new Date(quote.createdAt),
    respondedAt: quote.respondedAt && new Date(quote.respondedAt),
    history: quote.history.map((change) => ({ ...change, at: new Date(change.at) })),
    notes: quote.notes.map((note) => ({ ...note, at: new Date(note.at) })),
    taken: quote.taken && { ...quote.taken, at: new Date(quote.taken.at) },
    alerts: quote.alerts.map((record) => ({ ...record, at: new Date(record.at), recipients: [...record.recipients] })),
    photos: quote.photos.map((photo) => ({ ...photo })),
    spam: quote.spam && {
      score: quote.spam.score,
      reasons: quote.spam.reasons.map((reason) => ({ ...reason })),
      sentAt: new Date(quote.spam.sentAt),
      cleared: quote.spam.cleared && { ...quote.spam.cleared, at: new Date(quote.spam.cleared.at) },
    },
    ...(businessEmail && { businessEmail: { ...businessEmail, sentAt: businessEmail.sentAt && new Date(businessEmail.sentAt) } }),
    ...(callAttempts && { callAttempts: callAttempts.map((attempt) => ({ ...attempt, at: new Date(attempt.at) })) }),
    ...(review && { review: { askedAt: review.askedAt && new Date(review.askedAt), remindedAt: review.remindedAt && new Date(review.remindedAt), openedAt: review.openedAt && new Date(review.openedAt) } }),
  };
}
