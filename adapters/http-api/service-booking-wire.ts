import * as v from 'valibot';
import { customerTokenPattern } from '../../domain/customer-link/customer-link';
import { type QuoteDraft, type QuoteField, quoteFieldList, quoteFields } from '../../domain/quote/quote';
import { serviceKinds } from '../../domain/reminders/service-words';

// A reminder's "Book my service" over HTTP: the quote form filled in for the customer's next visit, as
// /api/r/<token>/booking answers it for a page's script, and as a page our server renders carries it.

type DraftEntries = { [K in QuoteField]: QuoteDraft[K] extends boolean ? v.BooleanSchema<undefined> : v.StringSchema<undefined> };

/** The quote form's values, every field. */
export const DraftSchema = v.object(
  Object.fromEntries(quoteFieldList.map((field) => [field, quoteFields[field].kind === 'flag' ? v.boolean() : v.string()])) as DraftEntries,
);

const day = v.pipe(v.string(), v.isoDate());

/** The booking: the customer's token (sent back with the form, to tie the visit to this request), the form's values, and what it repeats. */
export const WireServiceBookingSchema = v.object({
  token: v.pipe(v.string(), v.regex(customerTokenPattern)),
  draft: DraftSchema,
  service: v.picklist(serviceKinds),
  lastDone: day,
  due: day,
});
export type WireServiceBooking = v.InferOutput<typeof WireServiceBookingSchema>;
