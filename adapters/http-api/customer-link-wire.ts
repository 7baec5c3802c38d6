import * as v from 'valibot';
import type { CustomerLinkView } from '../../domain/customer-link/customer-link';
import { fromNamedFields, namedFieldsEntries, toNamedFields } from '../../domain/quote/quote';
import { QuoteStatusSchema } from '../../domain/inbox/quote-status';
import { IsoTimeSchema } from './iso-time';
import { serviceKinds } from '../../domain/reminders/service-words';
import type { CustomerQuote } from '../../domain/priced-quote/customer-quote-view';
import { vatRates } from '../../domain/priced-quote/quote-pricing';
import { lostReasons } from '../../domain/inbox/job-outcome';

// The customer link over HTTP: what /api/r/<token> answers, and what a page our server renders
// tells the browser. Only what domain/customer-link/customer-link.ts lets a customer see; times as ISO 8601.

/** The paths a customer's plain HTML forms post to, under their customer link's path. */
export const customerFormPaths = { messages: '/messages', close: '/close' } as const;

/** A customer's yearly reminder: standing, with its due day (and for a landlord's check, the first day that keeps it), or offered. */
const WireCustomerReminderSchema = v.variant('stands', [
  v.object({ stands: v.literal(true), service: v.picklist(serviceKinds), due: v.pipe(v.string(), v.isoDate()), keeps_from: v.nullable(v.pipe(v.string(), v.isoDate())) }),
  v.object({ stands: v.literal(false), offered: v.boolean() }),
]);

const pence = v.pipe(v.number(), v.integer());
const day = v.pipe(v.string(), v.isoDate());

/** A priced quote the customer was sent: its lines and totals in pence, and where it stands. */
const WireCustomerQuoteSchema = v.object({
  version: v.number(),
  lines: v.array(v.object({ description: v.string(), quantity: v.number(), unit_pence: pence, vat: v.picklist(vatRates), net_pence: pence, vat_pence: pence })),
  by_rate: v.array(v.object({ vat: v.picklist(vatRates), net_pence: pence, vat_pence: pence })),
  net_pence: pence,
  vat_pence: pence,
  total_pence: pence,
  vat_registered: v.boolean(),
  valid_until: day,
  terms: v.string(),
  sent_at: IsoTimeSchema,
  standing: v.picklist(['draft', 'sent', 'viewed', 'accepted', 'declined', 'replaced', 'expired']),
  answer: v.nullable(
    v.variant('kind', [
      v.object({ kind: v.literal('accepted'), at: IsoTimeSchema, total_pence: pence, early_start: v.boolean() }),
      v.object({ kind: v.literal('declined'), at: IsoTimeSchema, reason: v.nullable(v.picklist(lostReasons)) }),
    ]),
  ),
  replaced_by: v.nullable(v.number()),
});
type WireCustomerQuote = v.InferOutput<typeof WireCustomerQuoteSchema>;

function toWireCustomerQuote({ version, price, validUntil, terms, sentAt, standing, answer, replacedBy }: CustomerQuote): WireCustomerQuote {
  return {
    version,
    lines: price.lines.map((line) => ({ description: line.description, quantity: line.quantity, unit_pence: line.unitPence, vat: line.vat, net_pence: line.netPence, vat_pence: line.vatPence })),
    by_rate: price.byRate.map((rate) => ({ vat: rate.vat, net_pence: rate.netPence, vat_pence: rate.vatPence })),
    net_pence: price.netPence,
    vat_pence: price.vatPence,
    total_pence: price.totalPence,
    vat_registered: price.vatRegistered,
    valid_until: validUntil,
    terms,
    sent_at: sentAt.toISOString(),
    standing,
    answer:
      answer === null
        ? null
        : answer.kind === 'accepted'
          ? { kind: 'accepted', at: answer.at.toISOString(), total_pence: answer.totalPence, early_start: answer.earlyStart }
          : { kind: 'declined', at: answer.at.toISOString(), reason: answer.reason },
    replaced_by: replacedBy,
  };
}

function fromWireCustomerQuote(quote: WireCustomerQuote): CustomerQuote {
  const { answer } = quote;
  return {
    version: quote.version,
    price: {
      lines: quote.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPence: line.unit_pence, vat: line.vat, netPence: line.net_pence, vatPence: line.vat_pence })),
      byRate: quote.by_rate.map((rate) => ({ vat: rate.vat, netPence: rate.net_pence, vatPence: rate.vat_pence })),
      netPence: quote.net_pence,
      vatPence: quote.vat_pence,
      totalPence: quote.total_pence,
      vatRegistered: quote.vat_registered,
    },
    validUntil: quote.valid_until,
    terms: quote.terms,
    sentAt: new Date(quote.sent_at),
    standing: quote.standing,
    answer:
      answer === null
        ? null
        : answer.kind === 'accepted'
          ? { kind: 'accepted', at: new Date(answer.at), totalPence: answer.total_pence, earlyStart: answer.early_start }
          : { kind: 'declined', at: new Date(answer.at), reason: answer.reason },
    replacedBy: quote.replaced_by,
  };
}

export const WireCustomerViewSchema = v.object({
  quote: v.object({ ...namedFieldsEntries, created_at: IsoTimeSchema }),
  status: QuoteStatusSchema,
  call_by: v.nullable(IsoTimeSchema),
  /** While it waits, the last time we rang and nobody picked up. */
  tried_at: v.nullable(IsoTimeSchema),
  messages: v.array(v.object({ text: v.string(), at: IsoTimeSchema })),
  notices: v.array(v.string()),
  reminder: WireCustomerReminderSchema,
  quotes: v.array(WireCustomerQuoteSchema),
  urgent: v.boolean(),
});
export type WireCustomerView = v.InferOutput<typeof WireCustomerViewSchema>;

export function toWireCustomerView({ quote: { createdAt, ...fields }, status, callBy, triedAt, messages, notices, reminder, quotes, urgent }: CustomerLinkView): WireCustomerView {
  return {
    quote: { ...toNamedFields(fields), created_at: createdAt.toISOString() },
    status,
    call_by: callBy?.toISOString() ?? null,
    tried_at: triedAt?.toISOString() ?? null,
    messages: messages.map(({ text, at }) => ({ text, at: at.toISOString() })),
    notices: [...notices],
    reminder: reminder.stands ? { stands: true, service: reminder.service, due: reminder.due, keeps_from: reminder.keepsFrom } : reminder,
    quotes: quotes.map(toWireCustomerQuote),
    urgent,
  };
}

export function fromWireCustomerView({ quote: { created_at, ...fields }, status, call_by, tried_at, messages, notices, reminder, quotes, urgent }: WireCustomerView): CustomerLinkView {
  return {
    quote: { ...fromNamedFields(fields), createdAt: new Date(created_at) },
    status,
    callBy: call_by === null ? null : new Date(call_by),
    triedAt: tried_at === null ? null : new Date(tried_at),
    messages: messages.map(({ text, at }) => ({ text, at: new Date(at) })),
    notices,
    reminder: reminder.stands ? { stands: true, service: reminder.service, due: reminder.due, keepsFrom: reminder.keeps_from } : reminder,
    quotes: quotes.map(fromWireCustomerQuote),
    urgent,
  };
}

/**
 * A customer's answer to their quote refused (409): why, in their words (`message`), the guard's
 * reason, and their page as it stands now, so it shows the newer state (the version that replaced it,
 * or the answer given first).
 */
export const WireQuoteRefusalSchema = v.object({ error: v.literal('conflict'), message: v.string(), reason: v.string(), view: WireCustomerViewSchema });
export type WireQuoteRefusal = v.InferOutput<typeof WireQuoteRefusalSchema>;
