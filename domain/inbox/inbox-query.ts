import * as v from 'valibot';
import type { InboxQuote } from './inbox-quote';
import { isInServiceArea } from '../quote/postcode';
import { searchableFields, type SearchableField, quoteFields, type NewQuote } from '../quote/quote';
import { QuoteStatusSchema, type QuoteStatus, quoteStatuses, waitingStatus } from './quote-status';
import { isOverdueUrgent, dueAt } from './response-clock';
import { ServiceTypeSchema, type ServiceType } from '../quote/service-type';
import { inSpamFolder } from '../spam/spam';

/** Requests on one page of the inbox. */
export const inboxPageSize = 50;
/** The most one page may hold, for an export reading the whole filter. */
export const inboxPageMax = 500;

/** The view of every request, whatever its status. */
export const allView = 'all';

/** The view of the requests judged spam that nobody has yet said are not: the Spam folder. */
export const spamView = 'spam';

/**
 * A status, every request, or the Spam folder: the waiting status is the default view, the requests
 * still waiting for their call back. Only the Spam folder lists requests in it; every other view leaves
 * them out.
 */
export type InboxView = QuoteStatus | typeof allView | typeof spamView;

/** Every view, in the order staff see them offered. */
export const inboxViews: readonly InboxView[] = [...quoteStatuses, allView, spamView];

export const InboxViewSchema = v.union([QuoteStatusSchema, v.literal(allView), v.literal(spamView)], 'Choose a status from the list');

/** The status a view lists, or null for every request (of the folder it shows). */
export const statusOfView = (view: InboxView): QuoteStatus | null => (view === allView || view === spamView ? null : view);

/** Where a request stands as the views see it: its status, and whether it is in the Spam folder. */
export interface ViewPlace {
  status: QuoteStatus;
  inSpamFolder: boolean;
}

/** Whether `view` lists a request at `place`: the Spam folder only those in it; a status view those at its status; All every other. */
export function viewLists(view: InboxView, place: ViewPlace): boolean {
  if (place.inSpamFolder !== (view === spamView)) return false;
  const status = statusOfView(view);
  return status === null || place.status === status;
}

/** Requests whose postcode lies in the districts the business usually covers, or outside them (a request with no postcode is neither). */
export const serviceAreaFilters = ['inside', 'outside'] as const;
export type ServiceAreaFilter = (typeof serviceAreaFilters)[number];

/**
 * What staff are looking for. Every filter narrows: words all found in the searchable fields; one
 * service type; urgent or not; a postcode inside or outside the service area; received from `from`
 * (inclusive) until `to` (exclusive).
 */
export interface InboxQuery {
  view: InboxView;
  search: string;
  serviceType: ServiceType | null;
  urgent: boolean | null;
  area: ServiceAreaFilter | null;
  from: Date | null;
  to: Date | null;
}

export const defaultInboxQuery: Readonly<InboxQuery> = {
  view: waitingStatus,
  search: '',
  serviceType: null,
  urgent: null,
  area: null,
  from: null,
  to: null,
};

/** The most characters a search may have. */
export const searchMaxLength = 100;

/** A query as it comes from outside (a URL, an API call): checked field by field, each error naming it. */
export const InboxQuerySchema = v.object({
  view: v.optional(InboxViewSchema, waitingStatus),
  search: v.optional(v.pipe(v.string('Search must be text'), v.trim(), v.maxLength(searchMaxLength, `Search must be ${searchMaxLength} characters or fewer`)), ''),
  serviceType: v.optional(v.nullable(ServiceTypeSchema), null),
  urgent: v.optional(v.nullable(v.boolean('Urgent must be true or false')), null),
  area: v.optional(v.nullable(v.picklist(serviceAreaFilters, 'Area must be inside or outside')), null),
  from: v.optional(v.nullable(v.date('From must be a date')), null),
  to: v.optional(v.nullable(v.date('To must be a date')), null),
});

/** The order a view lists in: the waiting view by who must be called first, the others newest first. */
export type InboxOrder = 'waiting' | 'newest';

export const orderOf = (view: InboxView): InboxOrder => (view === waitingStatus ? 'waiting' : 'newest');

/**
 * Where the next page starts: just after the last request of this one. The waiting order depends on
 * the time (an urgent request becomes overdue), so its cursor keeps the time the first page was read.
 */
export type InboxCursor =
  | { order: 'waiting'; asOf: Date; overdueUrgent: boolean; dueAt: Date; id: string }
  | { order: 'newest'; createdAt: Date; id: string };

/** One page of the inbox, and how many requests the query matches in all. */
export interface InboxPage {
  quotes: readonly InboxQuote[];
  total: number;
  next: InboxCursor | null;
  /**
   * Set by a host that keeps the emails to the business in its outbox but has no mail server to send
   * them with yet: staff are told once, above the list, rather than on every card.
   */
  emailNotSetUp?: true;
}

/**
 * The words of a search, lower-cased: each must be found in a request for it to match. A word with
 * digits in it is also matched against the phone number's digits alone, so "07700 900123" finds
 * "07700900123". At most eight words count.
 */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter((word) => word !== '').slice(0, 8);
}

/**
 * What a search looks through, lower-cased: each searchable field in the form's order, one per line,
 * a phone number also as its digits alone. Every store keeps this text; a word never spans two lines.
 */
export function searchTextOf(quote: Pick<NewQuote, SearchableField>): string {
  return searchableFields
    .flatMap((field) => {
      const value = quote[field] ?? '';
      return quoteFields[field].kind === 'phone' ? [value, digitsOf(value)] : [value];
    })
    .join('\n')
    .toLowerCase();
}

/** A phone number's digits alone, as a search by digits finds it. */
const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

/** Whether a request matches every filter of a query: the reference each store's query must agree with. */
export function matchesQuery(quote: InboxQuote, query: InboxQuery): boolean {
  if (!viewLists(query.view, { status: quote.status, inSpamFolder: inSpamFolder(quote) })) return false;
  if (query.serviceType !== null && quote.serviceType !== query.serviceType) return false;
  if (query.urgent !== null && quote.urgent !== query.urgent) return false;
  if (query.area !== null && (quote.postcode === null || isInServiceArea(quote.postcode) !== (query.area === 'inside'))) return false;
  if (query.from !== null && quote.createdAt.getTime() < query.from.getTime()) return false;
  if (query.to !== null && quote.createdAt.getTime() >= query.to.getTime()) return false;
  const text = searchTextOf(quote);
  return searchWords(query.search).every((word) => text.includes(word));
}

/** The cursor that points just after `quote` in `order`, for the page that follows it. */
export function cursorAfter(quote: InboxQuote, order: InboxOrder, asOf: Date): InboxCursor {
  return order === 'waiting'
    ? { order, asOf, overdueUrgent: isOverdueUrgent(quote, asOf), dueAt: dueAt(quote), id: quote.id }
    : { order, createdAt: quote.createdAt, id: quote.id };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The inbox's two orders, as a comparator. Waiting: overdue urgent requests first, then every request
 * by when it falls due, soonest (or most overdue) first. Newest: by time received, latest first. Ties
 * go by id, so every request has one place and paging never skips or repeats one.
 */
export function compareInInbox(order: InboxOrder, asOf: Date) {
  return (a: InboxQuote, b: InboxQuote): number => {
    if (order === 'newest') return b.createdAt.getTime() - a.createdAt.getTime() || compareText(b.id, a.id);
    return (
      Number(isOverdueUrgent(b, asOf)) - Number(isOverdueUrgent(a, asOf)) ||
      dueAt(a).getTime() - dueAt(b).getTime() ||
      compareText(a.id, b.id)
    );
  };
}

/** Whether `quote` comes after the cursor in the cursor's order. */
export function isAfterCursor(quote: InboxQuote, cursor: InboxCursor): boolean {
  if (cursor.order === 'newest') {
    const byTime = cursor.createdAt.getTime() - quote.createdAt.getTime();
    return byTime > 0 || (byTime === 0 && quote.id < cursor.id);
  }
  const rank = Number(cursor.overdueUrgent) - Number(isOverdueUrgent(quote, cursor.asOf));
  if (rank !== 0) return rank > 0;
  const byDue = dueAt(quote).getTime() - cursor.dueAt.getTime();
  return byDue > 0 || (byDue === 0 && quote.id > cursor.id);
}

// Only what encodeCursor writes (Date#toISOString) reads back: "2026-02-30T…" would roll into March.
const IsoDateSchema = v.pipe(
  v.string(),
  v.check((text) => {
    const date = new Date(text);
    return !Number.isNaN(date.getTime()) && date.toISOString() === text;
  }),
  v.transform((text) => new Date(text)),
);

const CursorSchema = v.variant('order', [
  v.object({ order: v.literal('waiting'), asOf: IsoDateSchema, overdueUrgent: v.boolean(), dueAt: IsoDateSchema, id: v.string() }),
  v.object({ order: v.literal('newest'), createdAt: IsoDateSchema, id: v.string() }),
]);

/** A cursor as text, for a URL or an API answer; opaque to everyone but {@link parseCursor}. */
export function encodeCursor(cursor: InboxCursor): string {
  return JSON.stringify(cursor);
}

/** A cursor back from its text; undefined for anything {@link encodeCursor} did not write. */
export function parseCursor(text: string): InboxCursor | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(CursorSchema, json);
  return parsed.success ? parsed.output : undefined;
}
