import { expectTypeOf, test } from 'vitest';
import type { InboxView } from '../inbox/inbox-query';
import type { ViewCounts } from '../inbox/view-counts';
import type { CallAttemptToRecord, NoStamp, NoteToAdd, QuoteInbox, SelfStampingQuoteInbox, Stamp, StatusMove } from './quote-inbox';

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

test('a call nobody answered is told who and when, or the inbox stamps its own and is told neither', () => {
  expectTypeOf<CallAttemptToRecord>().toEqualTypeOf<{ id: string } & Stamp>();
  expectTypeOf<CallAttemptToRecord<NoStamp>>().not.toHaveProperty('by');
  expectTypeOf<CallAttemptToRecord<NoStamp>>().not.toHaveProperty('at');
  expectTypeOf<Parameters<SelfStampingQuoteInbox['recordCallAttempt']>>().toEqualTypeOf<[attempt: CallAttemptToRecord<NoStamp>]>();
});

test('every inbox counts its views alike, told nothing: one number for each view', () => {
  expectTypeOf<QuoteInbox['viewCounts']>().toEqualTypeOf<() => Promise<ViewCounts>>();
  expectTypeOf<SelfStampingQuoteInbox['viewCounts']>().toEqualTypeOf<() => Promise<ViewCounts>>();
  expectTypeOf<keyof ViewCounts>().toEqualTypeOf<InboxView>();
  expectTypeOf<ViewCounts[InboxView]>().toEqualTypeOf<number>();
});
