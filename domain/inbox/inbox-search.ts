import * as v from 'valibot';
import {
  defaultInboxQuery,
  type InboxQuery,
  type InboxView,
  InboxViewSchema,
  searchMaxLength,
  serviceAreaFilters,
} from './inbox-query';
import { londonDayStart } from '../london-time';
import { ServiceTypeSchema } from '../quote/service-type';

// The router reads `?q=900123` as a number and `?q=true` as a boolean: a search is text all the same.
const SearchTextSchema = v.pipe(
  v.union([v.string(), v.number(), v.boolean()]),
  v.transform((value) => String(value).trim().slice(0, searchMaxLength)),
);

/** A London calendar day as a date input writes it (yyyy-mm-dd), and only a day that exists. */
const LondonDaySchema = v.pipe(
  v.string(),
  v.check((day) => londonDayStart(day) !== undefined),
);

/**
 * The inbox's filters as the address of /quotes holds them, so a filtered view can be bookmarked,
 * shared and reloaded. Anything missing or not understood falls back to "no filter" (and the waiting
 * view), never an error page: a hand-edited or old link still opens the inbox. Defaults stay out of
 * the address, so plain /quotes stays plain.
 */
export const InboxSearchSchema = v.object({
  view: v.fallback(v.optional(InboxViewSchema), undefined),
  q: v.fallback(v.optional(SearchTextSchema), undefined),
  service: v.fallback(v.optional(ServiceTypeSchema), undefined),
  urgent: v.fallback(v.optional(v.boolean()), undefined),
  area: v.fallback(v.optional(v.picklist(serviceAreaFilters)), undefined),
  from: v.fallback(v.optional(LondonDaySchema), undefined),
  to: v.fallback(v.optional(LondonDaySchema), undefined),
  /** One request to bring into view and mark out, as a notification about it opens the inbox. */
  id: v.fallback(v.optional(v.pipe(SearchTextSchema, v.nonEmpty(), v.maxLength(64))), undefined),
});

export type InboxSearch = v.InferOutput<typeof InboxSearchSchema>;

/** The address without the request it names: the filters alone, which decide what the list reads. */
export const filtersOf = ({ view, q, service, urgent, area, from, to }: InboxSearch): Omit<InboxSearch, 'id'> => ({ view, q, service, urgent, area, from, to });

/** The view the address asks for: the waiting requests unless it names another. */
export const viewOf = (search: InboxSearch): InboxView => search.view ?? defaultInboxQuery.view;

/** The calendar day after a yyyy-mm-dd day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The query for the filters: `from` is the start of its London day, and `to`, inclusive for the
 * person choosing it, becomes the start of the day after (the query's end is exclusive).
 */
export function queryOf(search: InboxSearch): InboxQuery {
  return {
    view: viewOf(search),
    search: search.q ?? '',
    serviceType: search.service ?? null,
    urgent: search.urgent ?? null,
    area: search.area ?? null,
    from: (search.from === undefined ? undefined : londonDayStart(search.from)) ?? null,
    to: (search.to === undefined ? undefined : londonDayStart(dayAfter(search.to))) ?? null,
  };
}

/** The address's filters for a query's values, leaving out the defaults so plain /quotes stays plain. */
export function searchOf(filters: {
  view: InboxView;
  q: string;
  service: InboxSearch['service'];
  urgent: InboxSearch['urgent'];
  area: InboxSearch['area'];
  from: string | undefined;
  to: string | undefined;
}) {
  return {
    view: filters.view === defaultInboxQuery.view ? undefined : filters.view,
    q: filters.q.trim() === '' ? undefined : filters.q.trim(),
    service: filters.service,
    urgent: filters.urgent,
    area: filters.area,
    from: filters.from === '' ? undefined : filters.from,
    to: filters.to === '' ? undefined : filters.to,
  };
}

/**
 * The inbox's address as the router reads it: each value as JSON where it is JSON (`urgent=true` is
 * true, `q="123"` the text 123), else as the text it is; anything not understood is dropped as the
 * schema drops it. Our server reads the address so, to show the same list the page will.
 */
export function inboxSearchOf(params: URLSearchParams): InboxSearch {
  const values: Record<string, unknown> = {};
  for (const [name, value] of params) {
    try {
      values[name] = JSON.parse(value);
    } catch {
      values[name] = value;
    }
  }
  return v.parse(InboxSearchSchema, values);
}
