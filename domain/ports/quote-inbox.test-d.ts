import { expectTypeOf, test } from 'vitest';
import type { NoStamp, NoteToAdd, QuoteInbox, SelfStampingQuoteInbox, Stamp, StatusMove } from './quote-inbox';

test('an inbox that stamps its own may stand in for one told who and when, never the other way round', () => {
  expectTypeOf<SelfStampingQuoteInbox>().toExtend<QuoteInbox>();
  expectTypeOf<QuoteInbox>().not.toExtend<SelfStampingQuoteInbox>();
});

test('an inbox told who and when is told them with every change, and one that stamps its own is told neither', () => {
  expectTypeOf<StatusMove>().toExtend<Stamp & { respondedAt: Date | null }>();
  expectTypeOf<NoteToAdd>().toExtend<Stamp>();
  expectTypeOf<StatusMove<NoStamp>>().not.toHaveProperty('by');
  expectTypeOf<StatusMove<NoStamp>>().not.toHaveProperty('respondedAt');
  expectTypeOf<NoteToAdd<NoStamp>>().not.toHaveProperty('at');
  expectTypeOf<Parameters<SelfStampingQuoteInbox['resendBusinessEmail']>>().toEqualTypeOf<[id: string]>();
});
