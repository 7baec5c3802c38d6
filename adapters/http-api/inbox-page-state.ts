import * as v from 'valibot';
import type { InboxFirstScreen } from '../../domain/inbox/inbox-first-screen';
import { inboxPageSize } from '../../domain/inbox/inbox-query';
import { fromInboxSearchParams, toInboxSearchParams } from './inbox-params';
import {
  fromWireInboxPage,
  fromWireInboxSummary,
  toWireInboxPage,
  toWireInboxSummary,
  WireInboxPageSchema,
  WireInboxSummarySchema,
  WireViewCountsSchema,
} from './inbox-wire';
import { IsoTimeSchema } from './iso-time';

/** The inbox's first screen (see InboxFirstScreen) as a page the server drew carries it, in the API's own formats. */
const InboxFirstScreenSchema = v.object({
  staff: v.object({ email: v.string() }),
  at: IsoTimeSchema,
  /** As the API's list takes it: `view=new&q=…`. */
  query: v.string(),
  page: WireInboxPageSchema,
  summary: v.nullable(WireInboxSummarySchema),
  counts: v.nullable(WireViewCountsSchema),
});

/** The first screen as the page carries it, in the API's own formats. */
export const toWireFirstScreen = ({ staff, at, query, page, summary, counts }: InboxFirstScreen) => ({
  staff: { email: staff.email },
  at: at.toISOString(),
  query: toInboxSearchParams({ query, after: null, limit: inboxPageSize }).toString(),
  page: toWireInboxPage(page),
  summary: summary && toWireInboxSummary(summary),
  counts,
});

/** The first screen a page carries; undefined when it carries none, or none that reads. */
export function fromWireFirstScreen(value: unknown): InboxFirstScreen | undefined {
  const parsed = v.safeParse(InboxFirstScreenSchema, value);
  if (!parsed.success) return undefined;
  const page = fromWireInboxPage(parsed.output.page);
  const params = new URLSearchParams(parsed.output.query);
  const query = fromInboxSearchParams((name) => params.get(name) ?? undefined);
  if (page === undefined || !query.ok) return undefined;
  const { staff, at, summary, counts } = parsed.output;
  return { staff, at: new Date(at), query: query.query, page, summary: summary && fromWireInboxSummary(summary), counts };
}
