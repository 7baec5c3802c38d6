import * as v from 'valibot';
import { wonValueMaxPence } from '../inbox/job-outcome';
import { addDays } from '../reminders/service-due';
import { priceQuote, type QuoteLine, vatRates } from './quote-pricing';

// What staff write on a request before it is sent: its lines and the day it is valid until. A draft
// can be edited; once sent, a quote changes only by a new version replacing it.

/** How long a quote stands unless staff say otherwise. */
const defaultValidDays = 30;

/** The day a new quote is valid until: 30 days from `today` (London days, yyyy-mm-dd). */
export const defaultValidUntil = (today: string): string => addDays(today, defaultValidDays);

const quoteLimits = { lines: 50, description: 200, quantity: 1000, unitPence: 10_000_000 } as const;

/** Whether a quantity has at most two decimal places, as 2.5 hours or 1.25 metres do. */
const inHundredths = (quantity: number) => Math.abs(quantity * 100 - Math.round(quantity * 100)) < 1e-6;

/** One line as staff write it and the log keeps it. */
const QuoteLineSchema = v.object({
  description: v.pipe(
    v.string('Describe the work on this line'),
    v.trim(),
    v.nonEmpty('Describe the work on this line'),
    v.maxLength(quoteLimits.description, `Keep the description to ${quoteLimits.description} characters`),
  ),
  quantity: v.pipe(
    v.number('Give the quantity as a number'),
    v.gtValue(0, 'Give a quantity above 0'),
    v.maxValue(quoteLimits.quantity, `Give a quantity of at most ${quoteLimits.quantity}`),
    v.check(inHundredths, 'Give the quantity to at most two decimal places'),
  ),
  unitPence: v.pipe(
    v.number('Give the unit price'),
    v.integer('Give the unit price in whole pence'),
    v.minValue(0, 'A unit price cannot be below £0'),
    v.maxValue(quoteLimits.unitPence, 'A unit price must be at most £100,000'),
  ),
  vat: v.picklist(vatRates, 'Choose the VAT rate: 20%, 5% or 0%'),
});

/** A quote's lines: one at least, and at most 50. */
export const QuoteLinesSchema = v.pipe(v.array(QuoteLineSchema, 'Add at least one line'), v.minLength(1, 'Add at least one line'), v.maxLength(quoteLimits.lines, `A quote has at most ${quoteLimits.lines} lines`));

const DraftSchema = v.object({
  lines: QuoteLinesSchema,
  validUntil: v.pipe(v.string('Give the day the quote is valid until'), v.isoDate('Give the day the quote is valid until')),
});

interface PricedQuoteDraft {
  lines: QuoteLine[];
  validUntil: string;
}

/** A field of the draft, as a form names it: `validUntil`, `lines`, or one line's field (`lines.1.unitPence` is the second line's). */
interface DraftProblem {
  field: string;
  message: string;
}

/**
 * The draft as staff wrote it, trimmed, or the first problem with it, naming its field and, for a line,
 * which ("Line 2: Give the unit price"): a valid-until day before `today`, or a total beyond what a
 * job's value may be, are problems too.
 */
export function readQuoteDraft(input: unknown, today: string, options: { vatRegistered: boolean }): { ok: true; draft: PricedQuoteDraft } | { ok: false; problem: DraftProblem } {
  const parsed = v.safeParse(DraftSchema, input);
  if (!parsed.success) {
    const [issue] = parsed.issues;
    const path = (issue.path ?? []).map((item) => String(item.key));
    const [top, index, field] = path;
    if (top === 'lines' && index !== undefined && field !== undefined) {
      return { ok: false, problem: { field: `lines.${index}.${field}`, message: `Line ${Number(index) + 1}: ${issue.message}` } };
    }
    return { ok: false, problem: { field: top === 'validUntil' ? 'validUntil' : 'lines', message: issue.message } };
  }
  const draft = parsed.output;
  if (draft.validUntil < today) return { ok: false, problem: { field: 'validUntil', message: 'The valid-until day must be today or later' } };
  if (priceQuote(draft.lines, options).totalPence > wonValueMaxPence) return { ok: false, problem: { field: 'lines', message: 'A quote’s total must be at most £1,000,000' } };
  return { ok: true, draft };
}
