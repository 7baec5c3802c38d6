import { expectTypeOf, test } from 'vitest';
import type { Activity, ActivityStep, StaffStep } from '../activity/activity';
import type { Refusal } from '../activity/activity-guard';
import type { InboxView } from '../inbox/inbox-query';
import type { InboxQuote } from '../inbox/inbox-quote';
import type { ViewCounts } from '../inbox/view-counts';
import type { NoStamp, QuoteInbox, RecordOutcome, SelfStampingQuoteInbox, Stamp, StepToRecord } from './quote-inbox';

test('an inbox that stamps its own may stand in for one told who and when, never the other way round', () => {
  expectTypeOf<SelfStampingQuoteInbox>().toExtend<QuoteInbox>();
  expectTypeOf<QuoteInbox>().not.toExtend<SelfStampingQuoteInbox>();
});

test('an inbox told who and when is told them with every step, and one that stamps its own is told neither', () => {
  expectTypeOf<StepToRecord>().toEqualTypeOf<{ id: string; step: StaffStep } & Stamp>();
  expectTypeOf<StepToRecord<NoStamp>>().not.toHaveProperty('by');
  expectTypeOf<StepToRecord<NoStamp>>().not.toHaveProperty('at');
  expectTypeOf<Parameters<SelfStampingQuoteInbox['record']>>().toEqualTypeOf<[request: StepToRecord<NoStamp>]>();
  expectTypeOf<Parameters<SelfStampingQuoteInbox['resendBusinessEmail']>>().toEqualTypeOf<[id: string]>();
});

test('staff record their own kinds of step alone: the customer’s and the system’s are not theirs to ask for', () => {
  expectTypeOf<'status-moved' | 'note' | 'call-attempted' | 'taken' | 'spam-cleared'>().toExtend<StaffStep['kind']>();
  expectTypeOf<Extract<StaffStep['kind'], 'customer-wrote' | 'review-asked' | 'review-reminded' | 'review-opened'>>().toBeNever();
  expectTypeOf<StaffStep>().toExtend<ActivityStep>();
  // A step asked for carries no stamp: the store writes its id, who and when.
  expectTypeOf<StaffStep>().not.toHaveProperty('by');
});

test('a step recorded comes back with the request and the entry written; one refused says why', () => {
  expectTypeOf<Extract<RecordOutcome, { outcome: 'recorded' }>>().toEqualTypeOf<{ outcome: 'recorded'; quote: InboxQuote; entry: Activity }>();
  expectTypeOf<Extract<RecordOutcome, { outcome: 'refused' }>['refusal']>().toEqualTypeOf<Refusal>();
  expectTypeOf<RecordOutcome['outcome']>().toEqualTypeOf<'recorded' | 'refused' | 'not-found'>();
});

test('every inbox counts its views alike, told nothing: one number for each view', () => {
  expectTypeOf<QuoteInbox['viewCounts']>().toEqualTypeOf<() => Promise<ViewCounts>>();
  expectTypeOf<SelfStampingQuoteInbox['viewCounts']>().toEqualTypeOf<() => Promise<ViewCounts>>();
  expectTypeOf<keyof ViewCounts>().toEqualTypeOf<InboxView>();
  expectTypeOf<ViewCounts[InboxView]>().toEqualTypeOf<number>();
});
