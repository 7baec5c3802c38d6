import fc from 'fast-check';
import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { addQuoteNote } from './add-quote-note';
import { defaultInboxQuery } from './inbox-query';
import { noteMaxLength } from '../activity/activity';
import { NotSignedIn } from '../staff/staff';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

const at = new Date('2026-05-14T10:15:00Z');
const sam = 'sam.porter@se1plumbing.example';

const request = sampleRequest({ id: 'tap', createdAt: new Date('2026-05-14T09:00:00Z') });

function store() {
  let id = 0;
  return new InMemoryQuoteRepository({ seed: [request], newId: () => `note-${++id}` });
}

async function notesOf(inbox: InMemoryQuoteRepository) {
  const page = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50, now: at });
  return page.quotes[0]?.notes;
}

test('a note is added trimmed, with who wrote it and when', async () => {
  const inbox = store();
  const { logger, errors } = recordingLogger();

  const result = await addQuoteNote({ inbox, logger }, { quoteId: 'tap', text: '  Rang: wants it fitted\nbefore the weekend.  \n', by: sam, at });

  const note = { id: 'note-1', text: 'Rang: wants it fitted\nbefore the weekend.', by: sam, at };
  expect(result).toEqual({ ok: true, note, quote: expect.objectContaining({ id: 'tap', notes: [note], activity: [{ kind: 'note', ...note }] }) as unknown });
  expect(await notesOf(inbox)).toEqual([note]);
  expect(errors).toEqual([]);
});

test('notes are shown newest first', async () => {
  const inbox = store();
  const deps = { inbox, logger: recordingLogger().logger };
  for (const [minute, text] of [[0, 'First'], [5, 'Second'], [9, 'Third']] as const) {
    await addQuoteNote(deps, { quoteId: 'tap', text, by: sam, at: new Date(at.getTime() + minute * 60_000) });
  }
  expect((await notesOf(inbox))?.map(({ text }) => text)).toEqual(['Third', 'Second', 'First']);
});

test.for([
  { label: 'empty', text: '', message: 'Write the note before adding it' },
  { label: 'only spaces and lines', text: '  \n\t ', message: 'Write the note before adding it' },
  { label: 'too long', text: 'x'.repeat(noteMaxLength + 1), message: 'Note must be 2,000 characters or fewer' },
  { label: 'with a control character', text: 'Ring the bell\u0007', message: 'Note must be plain text' },
  { label: 'not text at all', text: 42, message: 'Note must be text' },
])('a note that is $label is refused with the reason, and stored nowhere', async ({ text, message }) => {
  const inbox = store();
  const result = await addQuoteNote({ inbox, logger: recordingLogger().logger }, { quoteId: 'tap', text, by: sam, at });
  expect(result).toEqual({ ok: false, error: { kind: 'invalid-note', message } });
  expect(await notesOf(inbox)).toEqual([]);
});

test('a note of exactly the longest length is kept whole', async () => {
  const text = 'ab'.repeat(noteMaxLength / 2);
  const result = await addQuoteNote({ inbox: store(), logger: recordingLogger().logger }, { quoteId: 'tap', text, by: sam, at });
  expect(result.ok && result.note.text).toBe(text);
});

test('any plain text within the limit is stored as trimmed', async () => {
  const plainArb = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'Z', 'ë', '£', '€', '🚪', '\n', '\t', '"', "'", '<', '=', '+', '-', '@'), maxLength: 60 });
  await fc.assert(
    fc.asyncProperty(plainArb, async (text) => {
      const inbox = store();
      const result = await addQuoteNote({ inbox, logger: recordingLogger().logger }, { quoteId: 'tap', text, by: sam, at });
      if (text.trim() === '') expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-note' } });
      else expect((await notesOf(inbox))?.map((note) => note.text)).toEqual([text.trim()]);
    }),
  );
});

test('a note on a request that is not there is not-found, and nothing is logged', async () => {
  const { logger, errors } = recordingLogger();
  const result = await addQuoteNote({ inbox: store(), logger }, { quoteId: 'gone', text: 'Hello', by: sam, at });
  expect(result).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(errors).toEqual([]);
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  const result = await addQuoteNote({ inbox: failingQuoteInbox(new NotSignedIn()), logger }, { quoteId: 'tap', text: 'Hello', by: sam, at });
  expect(result).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();
  const result = await addQuoteNote({ inbox: failingQuoteInbox(failure), logger }, { quoteId: 'tap', text: 'Hello', by: sam, at });
  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Adding a note to a quote request failed', cause: failure }]);
});
