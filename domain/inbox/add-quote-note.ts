import * as v from 'valibot';
import { NoteTextSchema, type QuoteNote } from './inbox-quote';
import type { Logger } from '../ports/logger';
import type { QuoteInbox } from '../ports/quote-inbox';
import { type StaffFailure, staffFailureOf } from '../staff/staff-failure';

export interface AddQuoteNoteDeps {
  inbox: Pick<QuoteInbox, 'addNote'>;
  logger: Logger;
}

type AddQuoteNoteError = { kind: 'invalid-note'; message: string } | { kind: 'not-found' } | StaffFailure;

export type AddQuoteNoteResult = { ok: true; note: QuoteNote } | { ok: false; error: AddQuoteNoteError };

/** Adds a staff member's note to a request, trimmed; an empty or over-long note is refused, stored nowhere. */
export async function addQuoteNote(
  deps: AddQuoteNoteDeps,
  note: { quoteId: string; text: unknown; by: string; at: Date },
): Promise<AddQuoteNoteResult> {
  const text = v.safeParse(NoteTextSchema, note.text, { abortPipeEarly: true });
  if (!text.success) return { ok: false, error: { kind: 'invalid-note', message: text.issues[0].message } };
  try {
    const added = await deps.inbox.addNote({ quoteId: note.quoteId, text: text.output, by: note.by, at: note.at });
    return added ? { ok: true, note: added } : { ok: false, error: { kind: 'not-found' } };
  } catch (cause) {
    return { ok: false, error: staffFailureOf(cause, deps.logger, 'Adding a note to a quote request') };
  }
}
