import * as v from 'valibot';
import { closedStatuses, customerAuthor, type CustomerLinkView } from '../../domain/customer-link/customer-link';
import type { InboxQuote } from '../../domain/inbox/inbox-quote';
import { fromNamedFields, namedFieldsEntries, toNamedFields } from '../../domain/quote/quote';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { TimestampSchema } from './supabase-quote-row';

// The customer link as the customer-link edge function sends it and the
// browser reads it: the form's fields with the columns' names, where it stands, the promise, their
// own messages, and when it was closed (for how long the link lasts). Nothing else of the request.

/** When a closed request was closed (the last change to its status); null while it is open. */
function closedAtOf(quote: InboxQuote): Date | null {
  if (!closedStatuses.includes(quote.status)) return null;
  return quote.history.findLast((change) => change.to === quote.status)?.at ?? quote.createdAt;
}

/** The answer to the customer link, from the request as staff see it and the view the domain made of it. */
export function customerLinkWire(quote: InboxQuote, view: CustomerLinkView) {
  return {
    quote: { ...toNamedFields(view.quote), created_at: view.quote.createdAt.toISOString() },
    status: view.status,
    call_by: view.callBy?.toISOString() ?? null,
    messages: view.messages.map(({ text, at }) => ({ text, at: at.toISOString() })),
    closed_at: closedAtOf(quote)?.toISOString() ?? null,
  };
}

/**
 * The function's answer, as the request it is the customer link of: only what the page is made of
 * (customerLinkViewOf reads the fields, the time, the status, when it changed, and the customer's notes);
 * staff's notes, names and everything else the customer was never told stay empty. Its id is not the
 * customer's to know, so it is empty too.
 */
export const CustomerLinkWireSchema = v.pipe(
  v.object({
    quote: v.object({ ...namedFieldsEntries, created_at: TimestampSchema }),
    status: QuoteStatusSchema,
    call_by: v.nullable(TimestampSchema),
    messages: v.array(v.object({ text: v.string(), at: TimestampSchema })),
    closed_at: v.nullable(TimestampSchema),
  }),
  v.transform(
    (wire): InboxQuote => ({
      id: '',
      createdAt: wire.quote.created_at,
      ...fromNamedFields(wire.quote),
      status: wire.status,
      respondedAt: null,
      history: wire.closed_at === null ? [] : [{ from: wire.status, to: wire.status, by: '', at: wire.closed_at }],
      // Newest first, as the inbox keeps notes; the customer link reads them oldest first.
      notes: wire.messages.map(({ text, at }, index) => ({ id: String(index), text, by: customerAuthor, at })).reverse(),
      taken: null,
      alerts: [],
      photos: [],
      spam: null,
    }),
  ),
);
