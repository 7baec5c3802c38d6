import { businessEmailsOf, type CustomerData, type CustomerSubject, type ErasedCustomerData, matchesSubject } from '../../domain/customer-data';
import { compareInInbox, type InboxCursor, type InboxPage, type InboxQuery } from '../../domain/inbox-query';
import type { InboxQuote, QuoteNote } from '../../domain/inbox-quote';
import { takesRequest } from '../../domain/alert-plan';
import type {
  ClockRecord,
  CustomerDataStore,
  NoteToAdd,
  PhotoContent,
  PhotoStore,
  QuoteInbox,
  QuoteRepository,
  QuoteRetention,
  ResendOutcome,
  StatusChangeOutcome,
  StatusMove,
  TakeOutcome,
  TakeRequest,
} from '../../domain/ports';
import type { PhotoRef, ProcessedPhoto } from '../../domain/photos';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { waitingStatus } from '../../domain/quote-status';
import { inboxPage } from './inbox-page';

/** A photo a seeded request comes with: what the card shows, and the JPEG images when there are any to read. */
type SeedPhoto = PhotoRef & { body?: Uint8Array; thumbnail?: Uint8Array };

/** A request to start with: a bare one waits as new; the demo's may come already worked on, and with photos. */
export type InboxSeed = QuoteRequest &
  Partial<Pick<InboxQuote, 'status' | 'respondedAt' | 'history' | 'notes' | 'businessEmail' | 'taken' | 'alerts'>> & { photos?: readonly SeedPhoto[] };

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
}

/**
 * Keeps quote requests, their statuses and notes in this process's memory: the demo's store, the
 * tests' fake, and the reference the other stores' inbox queries are tested against. Callers always
 * get copies, so nothing they change alters what is stored.
 */
export class InMemoryQuoteRepository implements QuoteRepository, QuoteRetention, QuoteInbox, CustomerDataStore, PhotoStore {
  readonly #quotes: InboxQuote[];
  /** Each request's photos, by its id; they go when it goes. */
  readonly #photos = new Map<string, readonly KeptPhoto[]>();
  readonly #now: () => Date;
  readonly #newId: () => string;

  constructor({ seed = [], now = () => new Date(), newId = () => crypto.randomUUID() }: InMemoryQuoteRepositoryOptions = {}) {
    this.#now = now;
    this.#newId = newId;
    this.#quotes = seed.map(({ photos = [], ...quote }) => {
      const kept = photos.map(({ body, thumbnail, ...ref }) => ({ ref: { ...ref }, contentType: 'image/jpeg', body, thumbnail }));
      this.#photos.set(quote.id, kept);
      return copyOf({ status: waitingStatus, respondedAt: null, history: [], notes: [], taken: null, alerts: [], ...quote, photos: kept.map(({ ref }) => ref) });
    });
  }

  insert(quote: NewQuote, photos: readonly ProcessedPhoto[] = []): Promise<QuoteRequest> {
    const id = this.#newId();
    const stored: InboxQuote = {
      ...quote,
      id,
      createdAt: this.#now(),
      status: waitingStatus,
      respondedAt: null,
      history: [],
      notes: [],
      taken: null,
      alerts: [],
      photos: this.#keep(id, photos),
    };
    this.#quotes.push(stored);
    return Promise.resolve({ ...quote, id: stored.id, createdAt: new Date(stored.createdAt) });
  }

  /** The stored photo's bytes (a copy), or undefined when the request has no such photo. */
  read(quoteId: string, photoId: string, size: 'full' | 'thumbnail'): Promise<PhotoContent | undefined> {
    const photo = this.#photos.get(quoteId)?.find(({ ref }) => ref.id === photoId);
    const body = size === 'full' ? photo?.body : photo?.thumbnail;
    return Promise.resolve(photo && body && { contentType: photo.contentType, body: body.slice() });
  }

  delete(id: string): Promise<boolean> {
    const index = this.#quotes.findIndex((quote) => quote.id === id);
    if (index !== -1) this.#quotes.splice(index, 1);
    this.#photos.delete(id);
    return Promise.resolve(index !== -1);
  }

  deleteCreatedBefore(cutoff: Date): Promise<number> {
    const before = this.#quotes.length;
    const kept = this.#quotes.filter(({ createdAt }) => createdAt.getTime() >= cutoff.getTime());
    this.#keepOnly(kept);
    return Promise.resolve(before - kept.length);
  }

  /** The requests still kept, that alone; their photos stay with them, the others' go. */
  #keepOnly(kept: readonly InboxQuote[]): void {
    this.#quotes.splice(0, this.#quotes.length, ...kept);
    const ids = new Set(kept.map(({ id }) => id));
    for (const id of this.#photos.keys()) if (!ids.has(id)) this.#photos.delete(id);
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

  changeStatus({ id, from, to, by, at, respondedAt }: StatusMove): Promise<StatusChangeOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve({ outcome: 'not-found' });
    if (quote.status !== from) return Promise.resolve({ outcome: 'conflict', current: quote.status });
    quote.status = to;
    if (respondedAt !== null) quote.respondedAt = new Date(respondedAt);
    quote.history = [...quote.history, { from, to, by, at: new Date(at) }];
    if (quote.taken === null && takesRequest(to)) quote.taken = { by, at: new Date(at) };
    return Promise.resolve({ outcome: 'changed', quote: copyOf(quote) });
  }

  take({ id, by, at }: TakeRequest): Promise<TakeOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return Promise.resolve({ outcome: 'not-found' });
    if (quote.taken !== null) return Promise.resolve({ outcome: 'already-taken', taken: { ...quote.taken, at: new Date(quote.taken.at) } });
    if (quote.status !== waitingStatus) return Promise.resolve({ outcome: 'not-waiting', current: quote.status });
    quote.taken = { by, at: new Date(at) };
    return Promise.resolve({ outcome: 'taken', quote: copyOf(quote) });
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
      .filter(({ createdAt, respondedAt }) => createdAt.getTime() >= since.getTime() || respondedAt === null)
      .map(({ createdAt, urgent, respondedAt }) => ({ createdAt: new Date(createdAt), urgent, respondedAt: respondedAt && new Date(respondedAt) }));
    return Promise.resolve(records);
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

  #find(id: string): InboxQuote | undefined {
    return this.#quotes.find((quote) => quote.id === id);
  }
}

// Every Date and list is copied: a caller's change to what it was given never reaches the store.
function copyOf(quote: InboxQuote): InboxQuote {
  const { businessEmail, ...rest } = quote;
  return {
    ...rest,
    createdAt: new Date(quote.createdAt),
    respondedAt: quote.respondedAt && new Date(quote.respondedAt),
    history: quote.history.map((change) => ({ ...change, at: new Date(change.at) })),
    notes: quote.notes.map((note) => ({ ...note, at: new Date(note.at) })),
    taken: quote.taken && { ...quote.taken, at: new Date(quote.taken.at) },
    alerts: quote.alerts.map((record) => ({ ...record, at: new Date(record.at), recipients: [...record.recipients] })),
    photos: quote.photos.map((photo) => ({ ...photo })),
    ...(businessEmail && { businessEmail: { ...businessEmail, sentAt: businessEmail.sentAt && new Date(businessEmail.sentAt) } }),
  };
}
