import type { Taking } from '../alerts/alert-plan';
import type { InboxQuote } from './inbox-quote';
import type { QuoteStatus } from './quote-status';
import { type RecordStepDeps, recordStep } from '../activity/record-step';
import type { StaffFailure } from '../staff/staff-failure';

export type TakeQuoteDeps = RecordStepDeps;

type TakeQuoteError = { kind: 'already-taken'; taken: Taking } | { kind: 'not-waiting'; current: QuoteStatus } | { kind: 'not-found' } | StaffFailure;

export type TakeQuoteResult = { ok: true; quote: InboxQuote } | { ok: false; error: TakeQuoteError };

/**
 * A staff member takes a waiting request on ("I'm on it"): the card says who and when, and its alerts
 * stop. Only the first taker counts; anyone after hears who it was.
 */
export async function takeQuote(deps: TakeQuoteDeps, { id, by, at }: { id: string; by: string; at: Date }): Promise<TakeQuoteResult> {
  const result = await recordStep(deps, { id, step: { kind: 'taken' }, by, at }, 'Taking a quote request');
  switch (result.outcome) {
    case 'recorded':
      return { ok: true, quote: result.quote };
    case 'refused':
      if (result.refusal.reason === 'already-taken') return { ok: false, error: { kind: 'already-taken', taken: result.refusal.taken } };
      return { ok: false, error: { kind: 'not-waiting', current: 'current' in result.refusal ? result.refusal.current : 'new' } };
    case 'not-found':
      return { ok: false, error: { kind: 'not-found' } };
    case 'failed':
      return { ok: false, error: result.failure };
  }
}
