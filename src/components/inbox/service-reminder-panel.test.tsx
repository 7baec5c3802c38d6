import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { customerAuthor, systemAuthor } from '../../../domain/activity/actor';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, storedQuotes, storeWithSteps, testBackend } from '../../test-app.test-support';

const sam = 'sam@example.co.uk';
const tom = answered(request('tom', 'Tom Okafor', 600), 500, 'done');

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

test("a done job's yearly reminder is set from its card, each field it lacks named, then read on the card and stopped", async () => {
  const store = new InMemoryQuoteRepository({ seed: [tom] });
  const { user } = renderApp({ path: '/quotes?view=done', backend: testBackend({ store }), now: () => testNow });
  await openCard(user, 'Tom Okafor');
  const opened = await card('Tom Okafor');
  const date = opened.getByLabelText<HTMLInputElement>('Date the work was done');
  expect(date.value).toBe('2026-11-20');

  // Nothing chosen: the visit and the agreement are asked for, and the first takes the focus.
  await user.click(opened.getByRole('button', { name: 'Set reminder' }));
  expect(opened.getByText('Choose Boiler service or Landlord gas safety check')).toBeTruthy();
  expect(opened.getByText('Tick that the customer agreed to be reminded')).toBeTruthy();
  const boiler = opened.getByRole('radio', { name: 'Boiler service' });
  expect(boiler.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(boiler);
  const agreed = opened.getByRole('checkbox', { name: 'The customer agreed to be reminded' });
  expect(agreed.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(agreed.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Tick that the customer agreed to be reminded');
  expect(opened.getByRole('group', { name: 'Reminder for' })).toBeTruthy();

  // A day not yet come, then none: the date is named, and what was chosen stays.
  await user.click(opened.getByRole('radio', { name: 'Landlord gas safety check' }));
  await user.click(agreed);
  await user.clear(date);
  await user.type(date, '2026-11-21');
  await user.click(opened.getByRole('button', { name: 'Set reminder' }));
  expect(opened.getByText('The date the work was done cannot be after today')).toBeTruthy();
  expect(date.getAttribute('aria-invalid')).toBe('true');
  expect(opened.queryByText('Tick that the customer agreed to be reminded')).toBeNull();
  await user.clear(date);
  await user.click(opened.getByRole('button', { name: 'Set reminder' }));
  expect(opened.getByText('Give the date the work was done')).toBeTruthy();
  expect(opened.getByRole<HTMLInputElement>('radio', { name: 'Landlord gas safety check' }).checked).toBe(true);

  await user.type(date, '2026-10-14');
  await user.click(opened.getByRole('button', { name: 'Set reminder' }));
  expect(await within(screen.getByRole('status')).findByText('Reminder set: landlord gas safety check done 14 Oct 2026')).toBeTruthy();
  const title = opened.getByText('Yearly reminder: Next service due 14 Oct 2027');
  expect(document.activeElement).toBe(title);
  expect(opened.getByText('A check from 14 Aug 2027 keeps 14 Oct as the deadline')).toBeTruthy();
  expect(opened.getByText('Next service due 14 Oct 2027', { selector: '.badge' })).toBeTruthy();
  expect(opened.queryByRole('button', { name: 'Set reminder' })).toBeNull();

  await user.click(opened.getByRole('button', { name: 'Stop reminders' }));
  expect(await within(screen.getByRole('status')).findByText('Reminders stopped')).toBeTruthy();
  expect(opened.getByText('Yearly reminder: Next service due 14 Oct 2027 · reminders stopped')).toBeTruthy();
  expect(opened.queryByText('Next service due 14 Oct 2027', { selector: '.badge' })).toBeNull();
  // Stopped, it can be set again, with the customer's agreement again.
  expect(opened.getByRole('button', { name: 'Set reminder' })).toBeTruthy();
  const [stored] = await storedQuotes(store);
  expect(stored?.activity.filter(({ kind }) => kind === 'reminder-set' || kind === 'reminder-stopped').map(({ kind }) => kind)).toEqual(['reminder-set', 'reminder-stopped']);
});

test('a boiler service reminded by email says when on the card, and has no keep window', async () => {
  const store = await storeWithSteps([tom], {
    tom: [
      { id: 'set', kind: 'reminder-set', service: 'boiler-service', doneOn: '2025-12-20', agreed: true, by: sam, at: minutesBefore(400) },
      { id: 'sent', kind: 'service-reminded', by: systemAuthor, at: minutesBefore(300) },
    ],
  });
  const { user } = renderApp({ path: '/quotes?view=done', backend: testBackend({ store }), now: () => testNow });
  const folded = await card('Tom Okafor');
  expect(folded.getByText('Next service due 20 Dec 2026 · reminded 20 Nov', { selector: '.badge' })).toBeTruthy();
  await openCard(user, 'Tom Okafor');
  const opened = await card('Tom Okafor');
  await user.click(opened.getByText('Yearly reminder: Next service due 20 Dec 2026 · reminded 20 Nov'));
  expect(opened.getByRole('button', { name: 'Stop reminders' })).toBeTruthy();
  expect(opened.queryByText(/keeps .* as the deadline/)).toBeNull();
});

test('a request booked through a reminder says whose visit it repeats; one not done offers no reminder', async () => {
  const repeat = { id: 'repeat', kind: 'repeat-of', request: 'tom', service: 'boiler-service', lastDone: '2025-12-20', due: '2026-12-20', by: customerAuthor, at: minutesBefore(40) } as const;
  const store = await storeWithSteps([request('ann', 'Ann Lee', 40)], { ann: [repeat] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });
  expect((await card('Ann Lee')).getByText('Repeat customer · last service 20 Dec 2025', { selector: '.badge' })).toBeTruthy();
  await openCard(user, 'Ann Lee');
  expect((await card('Ann Lee')).queryByText('Yearly reminder')).toBeNull();
});

test('a reminder someone else stopped first is said so, and the card read again', async () => {
  const store = new InMemoryQuoteRepository({ seed: [tom] });
  await store.record({ id: 'tom', step: { kind: 'reminder-set', service: 'boiler-service', doneOn: '2026-11-20', agreed: true }, by: sam, at: minutesBefore(10) });
  const { user } = renderApp({ path: '/quotes?view=done', backend: testBackend({ store }), now: () => testNow });
  await openCard(user, 'Tom Okafor');
  const opened = await card('Tom Okafor');
  await user.click(opened.getByText('Yearly reminder: Next service due 20 Nov 2027'));
  await store.record({ id: 'tom', step: { kind: 'reminder-stopped' }, by: customerAuthor, at: minutesBefore(1) });

  await user.click(opened.getByRole('button', { name: 'Stop reminders' }));
  expect(await within(screen.getByRole('status')).findByText('This request has no reminder to stop. The list has been reloaded.')).toBeTruthy();
  expect(await opened.findByText('Yearly reminder: Next service due 20 Nov 2027 · reminders stopped')).toBeTruthy();
});
