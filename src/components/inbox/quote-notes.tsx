import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { type SubmitEvent, useState } from 'react';
import { useStore } from 'zustand';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { noteMaxLength } from '../../../domain/activity/activity';
import { useAppContext } from '../../app/app-context-provider';
import { formatDateTime } from './format-date-time';

const { notes: text } = inboxCopy;

/** What staff noted on a request, newest first, and a field to add one. What was typed stays until it is saved. */
export function QuoteNotes({ quote }: { quote: InboxQuote }) {
  const actions = useAppContext((context) => context.quoteActions);
  const busy = useStore(actions, (state) => state.pending[quote.id] === 'note');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `note-${quote.id}`;
  const errorId = `${fieldId}-error`;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const outcome = await actions.getState().addNote(quote, draft);
    if (outcome.ok) {
      setDraft('');
      setError(null);
    } else if (outcome.message !== '') {
      setError(outcome.message);
    }
  };

  return (
    <details className="quote-notes" open={quote.notes.length > 0}>
      <summary>{text.heading(quote.notes.length)}</summary>
      {quote.notes.length > 0 && (
        <ol className="note-list">
          {quote.notes.map((note) => (
            <li key={note.id}>
              <p className="note-text">{note.text}</p>
              <p className="note-meta">
                {text.by(note.by)} · <time dateTime={note.at.toISOString()}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="note-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={error ? 'field field-invalid' : 'field'}>
          <label htmlFor={fieldId}>{text.label}</label>
          <textarea
            id={fieldId}
            name="note"
            rows={2}
            maxLength={noteMaxLength}
            value={draft}
            aria-invalid={error !== null}
            {...(error ? { 'aria-describedby': errorId } : {})}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button-outline" aria-disabled={busy}>
          {text.add}
        </button>
      </form>
    </details>
  );
}
