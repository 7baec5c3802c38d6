import * as v from 'valibot';
import { isLostReason, type JobOutcome, type LostReason, lostReasonMessage, wonPenceProblem } from '../../domain/inbox/job-outcome';
import { QuoteStatusSchema, type QuoteStatus } from '../../domain/inbox/quote-status';

/**
 * What the server reads of staff's request bodies: the move as they saw it (with the job's value or why
 * it was lost, if said), and a note's text. Nothing else counts: who and when are the server's to
 * record, whatever a body says of them.
 */
/** A job's value in pence, by the domain's rule; its message names the field. */
const WonPenceSchema = v.custom<number>((pence) => wonPenceProblem(pence) === undefined, (issue) => wonPenceProblem(issue.input) ?? 'Job value must be a whole number of pence');
const LostReasonSchema = v.custom<LostReason>(isLostReason, lostReasonMessage);

/** What taking a request on may carry: an alert's single-use token (with a staff session, nothing). */
export const TakeBodySchema = v.object({ token: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(512))) });

const propertyOf = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined;

/**
 * `{ from, to }` as statuses, with `won_pence` and `lost_reason` when given (each may be left out or
 * null), or each that is not what it should be, named.
 */
export function statusChangeOf(
  body: unknown,
): { ok: true; move: { from: QuoteStatus; to: QuoteStatus } & JobOutcome } | { ok: false; fields: { field: string; message: string }[] } {
  const from = v.safeParse(QuoteStatusSchema, propertyOf(body, 'from'));
  const to = v.safeParse(QuoteStatusSchema, propertyOf(body, 'to'));
  const wonPence = v.safeParse(v.nullish(WonPenceSchema), propertyOf(body, 'won_pence'));
  const lostReason = v.safeParse(v.nullish(LostReasonSchema), propertyOf(body, 'lost_reason'));
  if (from.success && to.success && wonPence.success && lostReason.success) {
    const move = {
      from: from.output,
      to: to.output,
      ...(wonPence.output != null && { wonPence: wonPence.output }),
      ...(lostReason.output != null && { lostReason: lostReason.output }),
    };
    return { ok: true, move };
  }
  return {
    ok: false,
    fields: [
      ...(from.success ? [] : [{ field: 'from', message: from.issues[0].message }]),
      ...(to.success ? [] : [{ field: 'to', message: to.issues[0].message }]),
      ...(wonPence.success ? [] : [{ field: 'won_pence', message: wonPence.issues[0].message }]),
      ...(lostReason.success ? [] : [{ field: 'lost_reason', message: lostReason.issues[0].message }]),
    ],
  };
}

/** The note's text as sent, for the domain's NoteTextSchema to judge. */
export const noteTextOf = (body: unknown): unknown => propertyOf(body, 'text');

/** Each of a move's outcome fields by the name its body gives it, for naming the one that was wrong. */
export const wireOutcomeFields = { wonPence: 'won_pence', lostReason: 'lost_reason' } as const satisfies Record<keyof JobOutcome, string>;
