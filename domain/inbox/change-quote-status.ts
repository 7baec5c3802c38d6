import type { InboxQuote } from './inbox-quote';
import { type RecordStepDeps, recordStep } from '../activity/record-step';
import { type JobOutcome, outcomeProblem } from './job-outcome';
import { canChangeStatus, type QuoteStatus } from './quote-status';
import type { StaffFailure } from '../staff/staff-failure';

export type ChangeQuoteStatusDeps = RecordStepDeps;

type ChangeQuoteStatusError =
  | { kind: 'not-allowed'; from: QuoteStatus; to: QuoteStatus }
  /** A value out of range or given with a move not to Won, or a reason given with one not to Lost. */
  | { kind: 'invalid-outcome'; field: keyof JobOutcome; message: string }
  | { kind: 'conflict'; current: QuoteStatus }
  | { kind: 'not-found' }
  | StaffFailure;

export type ChangeQuoteStatusResult = { ok: true; quote: InboxQuote } | { ok: false; error: ChangeQuoteStatusError };

/**
 * Moves a request on, as staff saw it (`from`), if that move is allowed: a request changed by someone
 * else meanwhile is a conflict, not overwritten. A move to Won may carry the job's value, one to Lost
 * why it was lost; neither goes with any other move. The first call back (new to contacted) records the
 * response time; the log records who moved it and when: `by` and `at` here, for an inbox told them, or
 * its own for one that stamps them itself (which may stand in for it, see QuoteInbox).
 */
export async function changeQuoteStatus(
  deps: ChangeQuoteStatusDeps,
  { id, from, to, by, at, ...outcome }: { id: string; from: QuoteStatus; to: QuoteStatus; by: string; at: Date } & JobOutcome,
): Promise<ChangeQuoteStatusResult> {
  if (!canChangeStatus(from, to)) return { ok: false, error: { kind: 'not-allowed', from, to } };
  const problem = outcomeProblem({ from, to }, outcome);
  if (problem !== undefined) return { ok: false, error: { kind: 'invalid-outcome', ...problem } };
  const result = await recordStep(
    deps,
    {
      id,
      step: { kind: 'status-moved', from, to, ...(outcome.wonPence !== undefined && { wonPence: outcome.wonPence }), ...(outcome.lostReason !== undefined && { lostReason: outcome.lostReason }) },
      by,
      at,
    },
    'Changing the status of a quote request',
  );
  switch (result.outcome) {
    case 'recorded':
      return { ok: true, quote: result.quote };
    case 'refused':
      return { ok: false, error: { kind: 'conflict', current: 'current' in result.refusal ? result.refusal.current : from } };
    case 'not-found':
      return { ok: false, error: { kind: 'not-found' } };
    case 'failed':
      return { ok: false, error: result.failure };
  }
}
