import * as v from 'valibot';
import { NoteTextSchema } from '../activity/activity';
import type { InboxQuote, QuoteNote } from './inbox-quote';
import { type RecordStepDeps, recordStep } from '../activity/record-step';
import type { StaffFailure } from '../staff/staff-failure';

export type AddQuoteNoteDeps = RecordStepDeps;

type AddQuoteNoteError = { kind: 'invalid-note'; message: string } | { kind: 'not-found' } | StaffFailure;

/** The note as written, and the request with it in its log. */
export type AddQuoteNoteResult = { ok: true; note: QuoteNote; quote: InboxQuote } | { ok: false; error: AddQuoteNoteError };

/** Adds a staff member's note to a request, trimmed; an empty or over-long note is refused, stored nowhere. */
export async function addQuoteNote(deps: AddQuoteNoteDeps, note: { quoteId: string; text: unknown; by: string; at: Date }): Promise<AddQuoteNoteResult> {
  const text = v.safeParse(NoteTextSchema, note.text, { abortPipeEarly: true });
  if (!text.success) return { ok: false, error: { kind: 'invalid-note', message: text.issues[0].message } };
  const result = await recordStep(deps, { id: note.quoteId, step: { kind: 'note', text: text.output }, by: note.by, at: note.at }, 'Adding a note to a quote request');
  switch (result.outcome) {
    case 'recorded': {
      const { id, by, at } = result.entry;
      return { ok: true, note: { id, text: text.output, by, at }, quote: result.quote };
    }
    case 'refused':
    case 'not-found':
      return { ok: false, error: { kind: 'not-found' } };
    case 'failed':
      return { ok: false, error: result.failure };
  }
}
