import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { sentEmailsNotice } from '../../../domain/customer-data/customer-data';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { testNow } from '../../inbox-test-data.test-support';
import { renderApp, storedQuotes, testBackend } from '../../test-app.test-support';
import { catchDownloads } from './catch-downloads.test-support';

async function renderPanel() {
  const store = new InMemoryQuoteRepository({ now: () => testNow });
  const priya = await store.insert(sampleQuote({ name: 'Priya Raman', email: 'priya@example.co.uk', phone: '07700 900123' }));
  await store.insert(sampleQuote({ name: 'Priya Raman', email: null, phone: '+44 7700 900123' }));
  await store.insert(sampleQuote({ name: 'Tom Okafor', email: 'tom@example.co.uk', phone: '020 7946 0111' }));
  await store.record({ id: priya.id, step: { kind: 'note', text: 'Wants a morning visit' }, by: 'demo@se1plumbing.example', at: testNow });
  const rendered = renderApp({ path: '/quotes/settings', backend: testBackend({ store }), now: () => testNow });
  await rendered.user.click(await screen.findByRole('heading', { name: 'Customer data' }));
  return { ...rendered, store };
}

test('staff find a customer by phone, see what is held with focus on it, and download it as JSON and CSV', async () => {
  const files = catchDownloads();
  const { user } = await renderPanel();

  await user.type(screen.getByLabelText('Phone number'), '+447700900123');
  await user.click(screen.getByRole('button', { name: 'Find their data' }));

  const heading = await screen.findByRole('heading', { name: 'What we hold' });
  expect(document.activeElement).toBe(heading);
  const results = within(screen.getByRole('region', { name: 'What we hold' }));
  expect(results.getByText('2 requests, 1 note, 0 status changes and 0 email records.')).toBeTruthy();
  expect(results.getAllByRole('listitem')).toHaveLength(2);
  expect(results.getByText(sentEmailsNotice)).toBeTruthy();

  await user.click(results.getByRole('button', { name: 'Download JSON' }));
  await user.click(results.getByRole('button', { name: 'Download CSV' }));
  expect(files.map(({ name }) => name)).toEqual(['customer-data-2026-11-20.json', 'customer-data-2026-11-20.csv']);
  const json = JSON.parse(await files[0]?.blob.text() ?? '') as { requests: { notes: unknown[] }[]; emails_already_sent: string };
  expect(json.requests).toHaveLength(2);
  expect(json.emails_already_sent).toBe(sentEmailsNotice);
  expect((await files[1]?.blob.text())?.split('\r\n').filter((line) => line.includes('Priya Raman'))).toHaveLength(2);
});

test('a search with nothing in it, or a bad number, is refused at the field', async () => {
  const { user } = await renderPanel();
  await user.click(screen.getByRole('button', { name: 'Find their data' }));
  expect((await screen.findByText('Enter the customer’s email address or phone number')).id).toBe('customer-data-email-error');
  await user.type(screen.getByLabelText('Phone number'), 'call me');
  await user.click(screen.getByRole('button', { name: 'Find their data' }));
  expect((await screen.findByText('Enter a phone number like 07700 900123')).id).toBe('customer-data-phone-error');
  expect(screen.getByLabelText('Phone number')).toHaveProperty('value', 'call me');
});

test('erasing asks for the email or phone again, then erases every request of theirs and says what went', async () => {
  const { user, store } = await renderPanel();
  await user.type(screen.getByLabelText('Phone number'), '07700 900123');
  await user.click(screen.getByRole('button', { name: 'Find their data' }));
  await user.click(await screen.findByRole('button', { name: 'Erase all of it' }));

  const confirm = screen.getByLabelText('Type the email address or phone number again to confirm');
  expect(document.activeElement).toBe(confirm);
  await user.type(confirm, 'someone else');
  await user.click(screen.getByRole('button', { name: 'Erase for good' }));
  expect(await screen.findByText('Type the customer’s email address or phone number again to confirm')).toBeTruthy();
  expect(await storedQuotes(store)).toHaveLength(3);

  await user.clear(confirm);
  await user.type(confirm, '+44 7700 900123');
  await user.click(screen.getByRole('button', { name: 'Erase for good' }));

  const result = await screen.findByText('Erased 2 requests, 1 history entry, 0 email records and 0 alert records.');
  expect(result.closest('[role="status"]')).toBe(document.activeElement);
  expect((await storedQuotes(store)).map(({ name }) => name)).toEqual(['Tom Okafor']);
  expect(screen.queryByRole('heading', { name: 'What we hold' })).toBeNull();
});
