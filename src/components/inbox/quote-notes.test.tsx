import type { RecordOutcome } from '../../../domain/ports/quote-inbox';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { demoStaffAccount } from '../../../adapters/memory/demo-staff-account';
import { minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const priya = request('priya', 'Priya Raman', 12, {
  notes: [{ id: 'n1', text: 'Rang: voicemail.', by: 'sam@example.co.uk', at: minutesBefore(5) }],
});

async function renderNotes(store: InMemoryQuoteRepository, now = () => testNow) {
  const app = renderApp({ path: '/quotes', backend: testBackend({ store }), now });
  const card = (await screen.findByRole('heading', { name: 'Priya Raman' })).closest('article');
  if (!(card instanceof HTMLElement)) throw new Error('no card for Priya');
  // The notes are in the opened card.
  await openCard(app.user, 'Priya Raman');
  return { ...app, card: within(card) };
}

/** The notes among a card's list items, as read. */
const noteTexts = (items: HTMLElement[]) => items.filter((item) => item.querySelector('.note-text')).map((item) => item.textContent);

test('an empty note is refused with a message tied to the field, and nothing is stored', async () => {
  const store = new InMemoryQuoteRepository({ seed: [priya] });
  const { user, card } = await renderNotes(store);

  await user.type(card.getByLabelText('Add a note'), '   ');
  await user.click(card.getByRole('button', { name: 'Add note' }));

  const field = card.getByLabelText('Add a note');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Write the note before adding it');
  expect((await storedQuotes(store))[0]?.notes).toHaveLength(1);
});

test('a note is added at the top, with who wrote it and when, and the field empties', async () => {
  const clock = { time: testNow.getTime() };
  const { user, card } = await renderNotes(new InMemoryQuoteRepository({ seed: [priya] }), () => new Date(clock.time));
  expect(card.getByText('Notes (1)')).toBeTruthy();

  clock.time += 3 * 60_000;
  await user.type(card.getByLabelText('Add a note'), 'Booked for Thursday 8am.\nBring a 15mm coupling.');
  await user.click(card.getByRole('button', { name: 'Add note' }));

  expect(await card.findByText('Notes (2)')).toBeTruthy();
  expect(noteTexts(card.getAllByRole('listitem'))).toEqual([
    `Booked for Thursday 8am.\nBring a 15mm coupling.${demoStaffAccount.email} · 20/11/2026 12:03`,
    'Rang: voicemail.sam@example.co.uk · 20/11/2026 11:55',
  ]);
  expect(card.getByLabelText<HTMLTextAreaElement>('Add a note').value).toBe('');
  expect(card.getByLabelText('Add a note').getAttribute('aria-invalid')).toBe('false');
});

test('when the note cannot be saved, it says so and what was typed stays', async () => {
  class FailingNotes extends InMemoryQuoteRepository {
    override record(): Promise<RecordOutcome> {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user, card } = await renderNotes(new FailingNotes({ seed: [priya] }));

  await user.type(card.getByLabelText('Add a note'), 'Quoted £180 for the new valve.');
  await user.click(card.getByRole('button', { name: 'Add note' }));

  expect(await card.findByText('The note could not be saved. Please try again.')).toBeTruthy();
  expect(card.getByLabelText<HTMLTextAreaElement>('Add a note').value).toBe('Quoted £180 for the new valve.');
  expect(card.getByText('Notes (1)')).toBeTruthy();
});
