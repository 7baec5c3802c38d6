import * as v from 'valibot';
import { type NewQuote, type QuoteDraft, quoteFieldList, quoteFields, type RequiredField, requiredFields } from './quote';

/** What each required field says when it is left empty. */
export const missingFieldMessages = Object.fromEntries(
  requiredFields.map((field) => [field, quoteFields[field].missing]),
) as Readonly<Record<RequiredField, string>>;

type Fields = typeof quoteFields;

/**
 * The one set of rules for a quote request, shared by the browser, the server and the edge function:
 * each field's own (values trimmed, the required ones filled, optional ones null when blank, limits).
 */
export const QuoteInputSchema = v.object(
  Object.fromEntries(quoteFieldList.map((field) => [field, quoteFields[field].input])) as { [K in keyof Fields]: Fields[K]['input'] },
);

/** A stored or validated request back in the form's shape: nulls become empty text. */
export function toDraft(quote: NewQuote): QuoteDraft {
  return Object.fromEntries(quoteFieldList.map((field) => [field, quote[field] ?? ''])) as QuoteDraft;
}
