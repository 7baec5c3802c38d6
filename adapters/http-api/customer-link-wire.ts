import * as v from 'valibot';
import type { CustomerLinkView } from '../../domain/customer-link/customer-link';
import { fromNamedFields, namedFieldsEntries, toNamedFields } from '../../domain/quote/quote';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { IsoTimeSchema } from './iso-time';
import { serviceKinds } from '../../domain/reminders/service-words';

// The customer link over HTTP: what /api/r/<token> answers, and what a page our server renders
// tells the browser. Only what domain/customer-link/customer-link.ts lets a customer see; times as ISO 8601.

/** The paths a customer's plain HTML forms post to, under their customer link's path. */
export const customerFormPaths = { messages: '/messages', close: '/close' } as const;

/** A customer's yearly reminder: standing, with its due day (and for a landlord's check, the first day that keeps it), or offered. */
const WireCustomerReminderSchema = v.variant('stands', [
  v.object({ stands: v.literal(true), service: v.picklist(serviceKinds), due: v.pipe(v.string(), v.isoDate()), keeps_from: v.nullable(v.pipe(v.string(), v.isoDate())) }),
  v.object({ stands: v.literal(false), offered: v.boolean() }),
]);

export const WireCustomerViewSchema = v.object({
  quote: v.object({ ...namedFieldsEntries, created_at: IsoTimeSchema }),
  status: QuoteStatusSchema,
  call_by: v.nullable(IsoTimeSchema),
  /** While it waits, the last time we rang and nobody picked up. */
  tried_at: v.nullable(IsoTimeSchema),
  messages: v.array(v.object({ text: v.string(), at: IsoTimeSchema })),
  notices: v.array(v.string()),
  reminder: WireCustomerReminderSchema,
});
export type WireCustomerView = v.InferOutput<typeof WireCustomerViewSchema>;

export function toWireCustomerView({ quote: { createdAt, ...fields }, status, callBy, triedAt, messages, notices, reminder }: CustomerLinkView): WireCustomerView {
  return {
    quote: { ...toNamedFields(fields), created_at: createdAt.toISOString() },
    status,
    call_by: callBy?.toISOString() ?? null,
    tried_at: triedAt?.toISOString() ?? null,
    messages: messages.map(({ text, at }) => ({ text, at: at.toISOString() })),
    notices: [...notices],
    reminder: reminder.stands ? { stands: true, service: reminder.service, due: reminder.due, keeps_from: reminder.keepsFrom } : reminder,
  };
}

export function fromWireCustomerView({ quote: { created_at, ...fields }, status, call_by, tried_at, messages, notices, reminder }: WireCustomerView): CustomerLinkView {
  return {
    quote: { ...fromNamedFields(fields), createdAt: new Date(created_at) },
    status,
    callBy: call_by === null ? null : new Date(call_by),
    triedAt: tried_at === null ? null : new Date(tried_at),
    messages: messages.map(({ text, at }) => ({ text, at: new Date(at) })),
    notices,
    reminder: reminder.stands ? { stands: true, service: reminder.service, due: reminder.due, keepsFrom: reminder.keeps_from } : reminder,
  };
}
