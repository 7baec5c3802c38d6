import type { InboxQuote } from '../inbox/inbox-quote';
import { type RecordStepDeps, recordStep } from '../activity/record-step';
import type { StaffFailure } from '../staff/staff-failure';

export type ClearSpamDeps = RecordStepDeps;

export type ClearSpamResult = { ok: true; quote: InboxQuote } | { ok: false; error: { kind: 'not-spam' } | { kind: 'not-found' } | StaffFailure };

/**
 * "Not spam": moves a request from the Spam folder to Waiting, recording who decided. From then it is
 * a new request: its clock starts, the business and the customer are emailed, and whoever is on call
 * is alerted (the store queues both as it moves it).
 */
export async function clearSpam(deps: ClearSpamDeps, { id, by, at }: { id: string; by: string; at: Date }): Promise<ClearSpamResult> {
  const result = await recordStep(deps, { id, step: { kind: 'spam-cleared' }, by, at }, 'Moving a quote request out of spam');
  switch (result.outcome) {
    case 'recorded':
      return { ok: true, quote: result.quote };
    case 'refused':
      return { ok: false, error: { kind: 'not-spam' } };
    case 'not-found':
      return { ok: false, error: { kind: 'not-found' } };
    case 'failed':
      return { ok: false, error: result.failure };
  }
}
