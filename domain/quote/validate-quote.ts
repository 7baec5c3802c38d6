import * as v from 'valibot';
import { type NewQuote, type QuoteField, quoteFieldList, type RequiredField, requiredFields } from './quote';
import type { FieldIssue, ValidationError } from './quote-errors';
import { QuoteInputSchema } from './quote-schema';
import { gasReportOf } from '../safety/gas-report';

export type ValidationResult = { ok: true; quote: NewQuote } | { ok: false; error: ValidationError };

const isQuoteField = (key: unknown): key is QuoteField => typeof key === 'string' && (quoteFieldList as readonly string[]).includes(key);
const isRequiredField = (field: QuoteField): field is RequiredField =>
  (requiredFields as readonly QuoteField[]).includes(field);

/**
 * Applies the quote rules to anything a visitor sent, naming every bad field with its message in one
 * round. Any empty required field makes it `missing-fields` (the spec's "Missing Information"), with
 * the other fields' problems beside it. A description that reports a gas smell or carbon monoxide
 * makes the request urgent, ticked or not: every host stores it so.
 */
export function validateQuote(input: unknown): ValidationResult {
  const result = v.safeParse(QuoteInputSchema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, quote: gasReportOf(result.output.description) === null ? result.output : { ...result.output, urgent: true } };

  const issues: FieldIssue[] = [];
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (isQuoteField(field)) issues.push({ field, message: issue.message });
  }
  // Not an object at all: nothing was filled in.
  if (issues.length === 0) return { ok: false, error: { kind: 'missing-fields', fields: [...requiredFields] } };

  const missing = result.issues
    .filter((issue) => issue.type === 'non_empty')
    .map((issue) => issue.path?.[0]?.key)
    .filter(isQuoteField)
    .filter(isRequiredField);
  const others = issues.filter(({ field }) => !(missing as QuoteField[]).includes(field));
  if (missing.length > 0) return { ok: false, error: { kind: 'missing-fields', fields: missing, ...(others.length > 0 && { issues: others }) } };
  return { ok: false, error: { kind: 'invalid-fields', issues } };
}
