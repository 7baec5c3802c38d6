import type { EmailOptOuts } from '../../domain/ports/email-opt-outs';
import { reviewLinksAct } from '../../domain/reviews/review-ask';
import { callAttemptLookbackMs, type RecentCalls } from '../../domain/inbox/call-attempt-limits';
import { confirmationAddressKey } from '../../domain/quote/customer-confirmation';
import { currentOutcome } from '../../domain/inbox/job-outcome';
import type { ReportSource, ReportTallies } from '../../domain/ports/report-source';
import { type ReportRecord, reportQuoteOf, tallyRequests } from '../../domain/report/report-tally';
import { businessEmailsOf, type CustomerData, type CustomerSubject, type ErasedCustomerData, matchesSubject } from '../../domain/customer-data/customer-data';
import { compareInInbox, type InboxCursor, type InboxPage, type InboxQuery } from '../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { noLongerNeededReason } from '../../domain/customer-link/customer-link';
import type { ClockRecord, QuoteInbox, RecordOutcome, ResendOutcome, StepToRecord } from '../../domain/ports/quote-inbox';
import { type Activity } from '../../domain/activity/activity';
import { customerAuthor, systemAuthor } from '../../domain/activity/actor';
import { appendToLog, type InboxQuoteBase, inboxQuoteOf, logOf } from '../../domain/activity/activity-folds';
import { refusalOf, stepsRecorded } from '../../domain/activity/activity-guard';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import type { CustomerLinkStore } from '../../domain/ports/customer-link-store';
import type { FormTokens } from '../../domain/ports/form-tokens';
import type { NewlyStored, QuoteRepository, QuoteRetention } from '../../domain/ports/quote-repository';
import type { PhotoContent, PhotoStore } from '../../domain/ports/photos';
import type { PhotoRef, ProcessedPhoto } from '../../domain/photos/photos';
import { fromNamedFields, type NewQuote, type QuoteRequest, toNamedFields } from '../../domain/quote/quote';
import { isWon, waitingStatus } from '../../domain/inbox/quote-status';
import { type Arrival, inSpamFolder, judgeSpam, type SpamMark, spamTextKey } from '../../domain/spam/spam';
import { inboxPage } from './inbox-page';
import { reminderStands, type ServiceReminder, serviceReminderOf } from '../../domain/reminders/service-reminder';
import { pricedQuotesOf } from '../../domain/priced-quote/priced-quote';
import { londonDay } from '../../domain/london-time';
import { nextCycleStep, repeatVisitSteps } from '../../domain/reminders/repeat-visit';
import type { ServiceDueList } from '../../domain/ports/service-due-list';
import { type ViewCounts, viewCountsOf } from '../../domain/inbox/view-counts';
import { customerTokenHash, newCustomerToken } from '../../domain/customer-link/customer-link';

/** A photo a seeded request comes with: what the card shows, and the JPEG images when there are any to read. */
type SeedPhoto = PhotoRef & { body?: Uint8Array; thumbnail?: Uint8Array };

/** A request to start with: a bare one waits as new; the demo's may come already worked on, and with photos. */
export type InboxSeed = QuoteRequest &
  Partial<Pick<InboxQuote, 'status' | 'respondedAt' | 'history' | 'notes' | 'businessEmail' | 'taken' | 'alerts' | 'spam' | 'callAttempts' | 'review' | 'activity'>> & {
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
export class InMemoryQuoteRepository implements QuoteRepository, QuoteRetention, QuoteInbox, ReportSource, CustomerDataStore, PhotoStore, CustomerLinkStore, EmailOptOuts, ServiceDueList {
  readonly #quotes: InboxQuote[];
  /** The addresses never to ask for a review again, trimmed and lower-cased; in the demo, until the page is loaded again. */
  readonly #reviewOptOuts = new Set<string>();
  /** The same for service reminders. */
  readonly #reminderOptOuts = new Set<string>();
  /** The addresses never to remind of a yearly visit again, as a port of their own. */
  readonly reminderOptOuts: EmailOptOuts = {
    optOut: (address) => Promise.resolve(void this.#reminderOptOuts.add(confirmationAddressKey(address))),
    isOptedOut: (address) => Promise.resolve(this.#reminderOptOuts.has(confirmationAddressKey(address))),
  };
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
      const { status = waitingStatus, respondedAt = null, alerts = [], spam = null, businessEmail } = quote;
      // A seed tells its life the way the card reads it, or as its whole log; the store keeps the log.
      const log = quote.activity !== undefined && quote.activity.length > 0 ? quote.activity.map(copyOfEntry) : logOf(quote, this.#newId, customerAuthor);
      const base: InboxQuoteBase = { ...quote, status, respondedAt, alerts, spam, photos: kept.map(({ ref }) => ref), ...(businessEmail && { businessEmail }) };
      return copyOf(inboxQuoteOf(base, log));
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
    const stored = inboxQuoteOf({ ...quote, id, createdAt, status: waitingStatus, respondedAt: null, alerts: [], photos: this.#keep(id, photos), spam }, []);
    this.#quotes.push(stored);
    this.#texts.set(id, { key, storedAt: createdAt });
    this.#links.set(hash, id);
    // Booked through a reminder's link: tied to the request it repeats, whose reminders stop.
    const earlier = arrival?.repeatOf !== undefined && spam === null ? this.#find(this.#links.get(await customerTokenHash(arrival.repeatOf)) ?? '') : undefined;
    const steps = earlier && earlier.id !== id ? repeatVisitSteps({ id: earlier.id, log: earlier.activity }, id) : null;
    if (earlier && steps) {
      const stamp = { by: customerAuthor, at: new Date(createdAt) };
      this.#append(earlier, steps.onEarlier.map((step): Activity => ({ ...step, id: this.#newId(), ...stamp })));
      this.#append(stored, steps.onLater.map((step): Activity => ({ ...step, id: this.#newId(), ...stamp })));
    }
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

  /** The step under the domain's guard, and what moves with it; "Not spam" sends the demo's notifications. */
  async record({ id, step, by, at }: StepToRecord): Promise<RecordOutcome> {
    const quote = this.#find(id);
    if (quote === undefined) return { outcome: 'not-found' };
    const state = {
      status: quote.status,
      inSpam: inSpamFolder(quote),
      taken: quote.taken,
      reminderStands: reminderStands(serviceReminderOf(quote.activity)),
      quotes: pricedQuotesOf(quote.activity),
      today: londonDay(at),
      at,
      recentCalls: step.kind === 'call-attempted' ? this.#recentCalls(quote, by, at) : { request: [], staff: [] },
    };
    const refusal = refusalOf(step, state);
    if (refusal !== null) return { outcome: 'refused', refusal };
    const entries = stepsRecorded(step, state).map((recorded): Activity => ({ ...recorded, id: this.#newId(), by, at: new Date(at) }));
    for (const entry of entries) {
      if (entry.kind !== 'status-moved') continue;
      quote.status = entry.to;
      if (entry.from === waitingStatus) quote.respondedAt = new Date(at);
    }
    if (step.kind === 'spam-cleared') quote.createdAt = new Date(at);
    // A new agreement to be reminded outweighs an earlier stop.
    if (step.kind === 'reminder-set' && quote.email !== null) this.#reminderOptOuts.delete(confirmationAddressKey(quote.email));
    this.#append(quote, entries);
    // A visit booked through last year's reminder is reminded again once done, as its customer agreed.
    const next = step.kind === 'status-moved' && step.to === 'done' ? nextCycleStep(quote.activity, at) : null;
    if (next !== null) this.#append(quote, [{ ...next, id: this.#newId(), by: systemAuthor, at: new Date(at) }]);
    const recorded = copyOf(quote);
    if (step.kind === 'spam-cleared' && this.#onClearedSpam) {
      // The request alone, as a notifier is given it: its fields, not how staff worked it.
      await this.#onClearedSpam({ id: recorded.id, createdAt: recorded.createdAt, ...fromNamedFields(toNamedFields(recorded)) });
    }
    const entry = entries.at(-1);
    if (entry === undefined) throw new Error('A step records at least itself');
    return { outcome: 'recorded', quote: recorded, entry: copyOfEntry(entry) };
  }

  /** The calls nobody answered the guard weighs a new one against: this request's, and `by`'s on any. */
  #recentCalls(quote: InboxQuote, by: string, at: Date): RecentCalls {
    const since = at.getTime() - callAttemptLookbackMs;
    const recent = (calls: readonly { by: string; at: Date }[]) => calls.filter((call) => call.at.getTime() > since).map((call) => call.at);
    return { request: recent(quote.callAttempts), staff: recent(this.#quotes.flatMap((each) => each.callAttempts).filter((call) => call.by === by)) };
  }

  /** Writes steps into a request's log, each in its place by time, and folds the log again. */
  #append(quote: InboxQuote, entries: readonly Activity[]): void {
    const log = entries.reduce<Activity[]>((kept, entry) => appendToLog(kept, entry), [...quote.activity]);
    Object.assign(quote, inboxQuoteOf(quote, log));
  }

  findDueForService(until: string, limit: number): Promise<InboxQuote[]> {
    const due = this.#quotes
      .map((quote) => ({ quote, reminder: serviceReminderOf(quote.activity) }))
      .filter((entry): entry is { quote: InboxQuote; reminder: ServiceReminder } => reminderStands(entry.reminder) && entry.reminder.due <= until)
      .sort((a, b) => a.reminder.due.localeCompare(b.reminder.due) || a.quote.id.localeCompare(b.quote.id));
    return Promise.resolve(due.slice(0, limit).map(({ quote }) => copyOf(quote)));
  }

  clockRecords(since: Date): Promise<readonly ClockRecord[]> {
    const records = this.#quotes
      .filter((quote) => !inSpamFolder(quote))
      .filter(({ createdAt, respondedAt }) => createdAt.getTime() >= since.getTime() || respondedAt === null)
      .map(({ createdAt, urgent, respondedAt, callAttempts }) => ({
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
      // The demo's requests are records as the report reads them, once each is given its won value now and its quote.
      .map((quote): ReportRecord => ({ ...quote, wonPence: isWon(quote.status) ? (currentOutcome(quote).wonPence ?? null) : null, quote: reportQuoteOf(quote.activity) }));
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
    for (const address of [subject.email, ...erased.map(({ email }) => email)]) {
      if (address === null) continue;
      this.#reviewOptOuts.add(confirmationAddressKey(address));
      this.#reminderOptOuts.add(confirmationAddressKey(address));
    }
    this.#keepOnly(this.#quotes.filter((quote) => !matchesSubject(quote, subject)));
    const sum = (count: (quote: InboxQuote) => number) => erased.reduce((total, quote) => total + count(quote), 0);
    return Promise.resolve({
      requests: erased.length,
      steps: sum((quote) => quote.activity.length),
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
    this.#append(quote, [{ kind: 'customer-wrote', id: this.#newId(), text, by: customerAuthor, at: new Date(at) }]);
    return copyOf(quote);
  }

  /** Closes it as lost, by the customer, as staff would from where it stands; one already lost stays as it is. */
  async closeForCustomer(token: string, at: Date): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    if (quote.status !== 'lost') {
      const from = quote.status;
      quote.status = 'lost';
      if (from === waitingStatus) quote.respondedAt = new Date(at);
      this.#append(quote, [
        { kind: 'status-moved', id: this.#newId(), from, to: 'lost', by: customerAuthor, at: new Date(at) },
        { kind: 'customer-wrote', id: this.#newId(), text: noLongerNeededReason, by: customerAuthor, at: new Date(at) },
      ]);
    }
    return copyOf(quote);
  }

  async openReview(token: string, at: Date): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    if (reviewLinksAct(quote) && quote.review?.openedAt == null) this.#append(quote, [{ kind: 'review-opened', id: this.#newId(), by: customerAuthor, at: new Date(at) }]);
    return copyOf(quote);
  }

  async stopReviews(token: string): Promise<InboxQuote | undefined> {
    const quote = await this.#byToken(token);
    if (quote === undefined) return undefined;
    if (reviewLinksAct(quote) && quote.email !== null) await this.optOut(quote.email);
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

// Every Date and list is copied: a caller's change to what it was given never reaches the store.
function copyOf(quote: InboxQuote): InboxQuote {
  const { businessEmail, spam } = quote;
  return inboxQuoteOf(
    {
      ...quote,
      createdAt: new Date(quote.createdAt),
      respondedAt: quote.respondedAt && new Date(quote.respondedAt),
      alerts: quote.alerts.map((record) => ({ ...record, at: new Date(record.at), recipients: [...record.recipients] })),
      photos: quote.photos.map((photo) => ({ ...photo })),
      spam: spam && { score: spam.score, reasons: spam.reasons.map((reason) => ({ ...reason })), sentAt: new Date(spam.sentAt) },
      ...(businessEmail && { businessEmail: { ...businessEmail, sentAt: businessEmail.sentAt && new Date(businessEmail.sentAt) } }),
    },
    quote.activity.map(copyOfEntry),
  );
}

const copyOfEntry = (entry: Activity): Activity => ({ ...entry, at: new Date(entry.at) });
