import * as v from 'valibot';
import { QuoteStatusSchema, type QuoteStatus } from '../../domain/inbox/quote-status';

/**
 * What the server reads of staff's request bodies: the move as they saw it, and a note's text. Nothing
 * else counts: who and when are the server's to record, whatever a body says of them.
 */
const propertyOf = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[key] : undefined;

/** `{ from, to }` as statuses, or each that is not one, named. */
export function statusChangeOf(
  body: unknown,
): { ok: true; from: QuoteStatus; to: QuoteStatus } | { ok: false; fields: { field: string; message: string }[] } {
  const from = v.safeParse(QuoteStatusSchema, propertyOf(body, 'from'));
  const to = v.safeParse(QuoteStatusSchema, propertyOf(body, 'to'));
  if (from.success && to.success) return { ok: true, from: from.output, to: to.output };
  return {
    ok: false,
    fields: [
      ...(from.success ? [] : [{ field: 'from', message: from.issues[0].message }]),
      ...(to.success ? [] : [{ field: 'to', message: to.issues[0].message }]),
    ],
  };
}

/** The note's text as sent, for the domain's NoteTextSchema to judge. */
export const noteTextOf = (body: unknown): unknown => propertyOf(body, 'text');
