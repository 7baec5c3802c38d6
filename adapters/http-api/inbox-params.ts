import * as v from 'valibot';
import {
  encodeCursor,
  type InboxCursor,
  type InboxQuery,
  InboxQuerySchema,
  inboxPageMax,
  type InboxView,
  inboxPageSize,
  orderOf,
  parseCursor,
} from '../../domain/inbox/inbox-query';
import { IsoTimeSchema } from './iso-time';

/**
 * The view of a request that names none: every request, newest first, as a plain list of them reads.
 * The staff inbox's Waiting view is asked for by name (`view=new`), as the client always names its view.
 */
export const apiDefaultView: InboxView = 'all';

/**
 * The inbox's query as `GET /api/quote-requests` takes it in its URL: snake_case names, `urgent` as
 * true or false, times as ISO 8601, the cursor as the API wrote it. The client writes it with
 * {@link toInboxSearchParams}; the server reads it with {@link fromInboxSearchParams}, which lets the
 * domain's InboxQuerySchema judge every value.
 */
const inboxParamNames = {
  view: 'view',
  search: 'search',
  serviceType: 'service_type',
  urgent: 'urgent',
  area: 'area',
  from: 'from',
  to: 'to',
} as const satisfies Record<keyof InboxQuery, string>;

export interface InboxPageRequest {
  query: InboxQuery;
  after: InboxCursor | null;
  limit: number;
}

export type InboxParamsResult =
  | ({ ok: true } & InboxPageRequest)
  | { ok: false; fields: { field: string; message: string }[] };

export function toInboxSearchParams({ query, after, limit }: InboxPageRequest): URLSearchParams {
  const params = new URLSearchParams({ [inboxParamNames.view]: query.view });
  if (query.search !== '') params.set(inboxParamNames.search, query.search);
  if (query.serviceType !== null) params.set(inboxParamNames.serviceType, query.serviceType);
  if (query.urgent !== null) params.set(inboxParamNames.urgent, String(query.urgent));
  if (query.area !== null) params.set(inboxParamNames.area, query.area);
  if (query.from !== null) params.set(inboxParamNames.from, query.from.toISOString());
  if (query.to !== null) params.set(inboxParamNames.to, query.to.toISOString());
  if (after !== null) params.set('after', encodeCursor(after));
  params.set('limit', String(limit));
  return params;
}

// A value the mapping cannot read goes to the schema as it came, so the schema's message names it.
const urgentOf = (text: string) => (text === 'true' ? true : text === 'false' ? false : text);
const timeOf = (text: string) => (v.is(IsoTimeSchema, text) ? new Date(text) : text);

const limitPattern = /^[1-9]\d{0,2}$/;

/**
 * The query, cursor and page size of a request's URL, or every parameter that is wrong, each named as
 * in the URL. An empty parameter counts as absent, as an HTML form sends an unchosen filter.
 */
export function fromInboxSearchParams(param: (name: string) => string | undefined): InboxParamsResult {
  const given = (name: string) => {
    const value = param(name);
    return value === undefined || value === '' ? undefined : value;
  };
  const input: Record<string, unknown> = {};
  const set = (key: keyof InboxQuery, read: (text: string) => unknown = (text) => text) => {
    const text = given(inboxParamNames[key]);
    if (text !== undefined) input[key] = read(text);
  };
  set('view');
  input.view ??= apiDefaultView;
  set('search');
  set('serviceType');
  set('urgent', urgentOf);
  set('area');
  set('from', timeOf);
  set('to', timeOf);

  const fields: { field: string; message: string }[] = [];
  const parsed = v.safeParse(InboxQuerySchema, input, { abortPipeEarly: true });
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      const field = Object.entries(inboxParamNames).find(([name]) => name === key)?.[1] ?? 'query';
      if (!fields.some((known) => known.field === field)) fields.push({ field, message: issue.message });
    }
  }

  const limitText = given('limit');
  const limit = limitText === undefined ? inboxPageSize : limitPattern.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= inboxPageMax)) {
    fields.push({ field: 'limit', message: `Limit must be a whole number from 1 to ${inboxPageMax}` });
  }

  const afterText = given('after');
  const after = afterText === undefined ? null : parseCursor(afterText);
  if (after === undefined) fields.push({ field: 'after', message: 'The cursor is not one this API gave' });

  if (!parsed.success || fields.length > 0 || after === undefined) return { ok: false, fields };
  // A cursor keeps its place in one order only: one from another view would start the page anywhere.
  if (after !== null && after.order !== orderOf(parsed.output.view)) {
    return { ok: false, fields: [{ field: 'after', message: 'The cursor belongs to a view with another order' }] };
  }
  return { ok: true, query: parsed.output, after, limit };
}
