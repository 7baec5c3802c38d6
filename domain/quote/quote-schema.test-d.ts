import type * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import type { NewQuote, QuoteDraft } from './quote';
import type { QuoteInputSchema } from './quote-schema';

test('the schema turns a draft into exactly a NewQuote', () => {
  expectTypeOf<v.InferOutput<typeof QuoteInputSchema>>().toEqualTypeOf<NewQuote>();
});

test('a draft is valid schema input, so the form can send what it holds', () => {
  expectTypeOf<QuoteDraft>().toExtend<v.InferInput<typeof QuoteInputSchema>>();
});
