import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { answered, request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';
import { catchDownloads } from '../../components/inbox/catch-downloads.test-support';

/** From the inbox to the settings page by the staff header's link, as staff go. */
async function toSettings(user: UserEvent) {
  await user.click(within(screen.getByRole('navigation', { name: 'Staff' })).getByRole('link', { name: 'Settings' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
}

test('the settings page holds the response times, alerts, customer data, Export CSV and Sign out', async () => {
  const store = new InMemoryQuoteRepository({ seed: [request('a', 'Ada', 150), answered(request('b', 'Bo', 200), 190), request('c', 'Cy', 10)] });
  renderApp({ path: '/quotes/settings', backend: testBackend({ store }), now: () => testNow });

  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  const summary = within(screen.getByRole('region', { name: 'Response times' }));
  expect((await summary.findByText('Waiting now')).nextElementSibling?.textContent).toBe('2');
  expect(summary.getByText('Overdue now').nextElementSibling?.textContent.trim()).toBe('1');
  // Alerts and customer data stay folded until opened.
  expect(screen.getByRole('heading', { level: 2, name: 'Alerts' }).closest('details')?.open).toBe(false);
  expect(screen.getByRole('heading', { level: 2, name: 'Customer data' }).closest('details')?.open).toBe(false);
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  // The inbox keeps only the list and what finds things in it.
  expect(screen.queryByRole('search', { name: 'Filter quote requests' })).toBeNull();
});

test('the inbox leaves the response times, alerts, customer data, Export CSV and Sign out to the settings page', async () => {
  renderApp({ path: '/quotes', backend: testBackend({ store: new InMemoryQuoteRepository({ seed: [request('a', 'Ada', 10)] }) }), now: () => testNow });

  expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Response times' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Alerts' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Customer data' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
});


test('Export CSV, opened straight from its address, saves every request of every status as a spreadsheet-safe CSV named for the day, and says how many', async () => {
  const files = catchDownloads();
  const store = new InMemoryQuoteRepository({
    seed: [
      request('a', 'Ada Lovelace', 10, { phone: '020 7946 0111', serviceType: 'general' }),
      request('b', 'Tom Okafor', 20, { serviceType: 'heating', description: 'Boiler, "F28" error' }),
      request('c', 'Grace Whitfield', 30, { serviceType: 'bathroom' }),
    ],
  });
  await store.record({ id: 'c', step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'demo@se1plumbing.example', at: testNow });
  const { user } = renderApp({ path: '/quotes/settings', backend: testBackend({ store }), now: () => testNow });

  await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(files).toHaveLength(1));
  const [file] = files;
  expect(file?.name).toBe('quote-requests-2026-11-20.csv');
  expect(file?.blob.type).toBe('text/csv;charset=utf-8');
  const bytes = new Uint8Array((await file?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
  expect(lines[0]).toBe(
    'Received,Name,Phone,Email,Postcode,Service area,Service,Description,Heard of us,Urgent,Landing page,Referrer,utm_source,utm_medium,utm_campaign,Ad click,Channel,Status,Won value (£),Lost reason,Responded,Response minutes,Within promise,Notes,Photos,Id',
  );
  expect(lines).toHaveLength(5);
  expect(lines).toContain('2026-11-20 11:40,Tom Okafor,020 7946 0381,b@example.co.uk,SE1 7PB,,Heating Services,"Boiler, ""F28"" error",Google search,No,/?utm_source=google&utm_medium=cpc&utm_campaign=boiler-repair-se1,www.google.com,google,cpc,boiler-repair-se1,Yes,Google Ads,New,,,,,,,0,b');
  expect(lines.some((line) => line.includes('Grace Whitfield') && line.includes(',Contacted,'))).toBe(true);
  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Exported 3 requests')).toBeTruthy();
  expect(within(status).getByText('Saved as quote-requests-2026-11-20.csv.')).toBeTruthy();
});

test('Export CSV between two days keeps to them, and a To day before the From day is named beside the field', async () => {
  const files = catchDownloads();
  const store = new InMemoryQuoteRepository({ seed: [request('a', 'Ada Lovelace', 10)] });
  const { user } = renderApp({ path: '/quotes/settings', backend: testBackend({ store }), now: () => testNow });
  const form = await screen.findByRole('form', { name: 'Export' });

  await user.type(within(form).getByLabelText('From'), '2026-11-21');
  await user.type(within(form).getByLabelText('To'), '2026-11-20');
  await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
  expect(within(form).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
  expect(within(form).getByText('The From date must be on or before the To date')).toBeTruthy();
  expect(files).toEqual([]);

  await user.clear(within(form).getByLabelText('To'));
  await user.type(within(form).getByLabelText('To'), '2026-11-22');
  await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(files).toHaveLength(1));
  expect(new TextDecoder().decode(await files[0]?.blob.arrayBuffer()).split('\r\n')).toHaveLength(2);

  await user.clear(within(form).getByLabelText('From'));
  await user.type(within(form).getByLabelText('From'), '2026-11-20');
  await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(files).toHaveLength(2));
  expect(new TextDecoder().decode(await files[1]?.blob.arrayBuffer()).split('\r\n')).toHaveLength(3);
});

test('a cell a spreadsheet would run as a formula is defused', async () => {
  const files = catchDownloads();
  const store = new InMemoryQuoteRepository({ seed: [request('a', '=HYPERLINK("http://evil.example")', 10, { phone: '+44 20 7946 0111' })] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });
  await screen.findByRole('heading', { name: '=HYPERLINK("http://evil.example")' });
  await toSettings(user);

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(files).toHaveLength(1));
  const text = new TextDecoder().decode(await files[0]?.blob.arrayBuffer());
  expect(text.split('\r\n')[1]).toBe(`2026-11-20 11:50,"'=HYPERLINK(""http://evil.example"")",'+44 20 7946 0111,a@example.co.uk,SE1 7PB,,Heating Services,,Google search,No,/?utm_source=google&utm_medium=cpc&utm_campaign=boiler-repair-se1,www.google.com,google,cpc,boiler-repair-se1,Yes,Google Ads,New,,,,,,,0,a`);
});

test('when the export cannot be read, a destructive toast says so and nothing is saved', async () => {
  const files = catchDownloads();
  class Unreachable extends InMemoryQuoteRepository {
    override findPage(request: Parameters<InMemoryQuoteRepository['findPage']>[0]) {
      return request.limit > 50 ? Promise.reject(new Error('database unreachable')) : super.findPage(request);
    }
  }
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: new Unreachable({ seed: [request('a', 'Ada', 5)] }) }), now: () => testNow });
  await screen.findByRole('heading', { name: 'Ada' });
  await toSettings(user);

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  expect(await within(screen.getByRole('alert')).findByText('Could not export')).toBeTruthy();
  expect(files).toEqual([]);
});
