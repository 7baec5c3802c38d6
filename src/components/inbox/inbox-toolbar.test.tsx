import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, testBackend } from '../../test-app.test-support';
import { catchDownloads } from './catch-downloads.test-support';


test('Export CSV saves the whole current filter as a spreadsheet-safe CSV named for the day, and says how many', async () => {
  const files = catchDownloads();
  const store = new InMemoryQuoteRepository({
    seed: [
      request('a', '=HYPERLINK("http://evil.example")', 10, { phone: '020 7946 0111', serviceType: 'general' }),
      request('b', 'Tom Okafor', 20, { serviceType: 'heating', description: 'Boiler, "F28" error' }),
      request('c', 'Grace Whitfield', 30, { serviceType: 'bathroom' }),
    ],
  });
  const { user } = renderApp({ path: '/quotes?view=all&service=heating', backend: testBackend({ store }), now: () => testNow });
  await screen.findByRole('heading', { name: 'Tom Okafor' });

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(files).toHaveLength(1));
  const [file] = files;
  expect(file?.name).toBe('quote-requests-2026-11-20.csv');
  expect(file?.blob.type).toBe('text/csv;charset=utf-8');
  const bytes = new Uint8Array((await file?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
  expect(lines[0]).toBe('Received,Name,Phone,Email,Postcode,Service area,Service,Description,Urgent,Status,Responded,Response minutes,Within promise,Notes,Photos,Id');
  expect(lines[1]).toBe('2026-11-20 11:40,Tom Okafor,020 7946 0381,b@example.co.uk,SE1 7PB,,Heating Services,"Boiler, ""F28"" error",No,New,,,,,0,b');
  expect(lines.slice(2)).toEqual(['']);
  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Exported 1 request')).toBeTruthy();
  expect(within(status).getByText('Saved as quote-requests-2026-11-20.csv.')).toBeTruthy();
});

test('a cell a spreadsheet would run as a formula is defused', async () => {
  const files = catchDownloads();
  const store = new InMemoryQuoteRepository({ seed: [request('a', '=HYPERLINK("http://evil.example")', 10, { phone: '+44 20 7946 0111' })] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });
  await screen.findByRole('heading', { name: '=HYPERLINK("http://evil.example")' });

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(files).toHaveLength(1));
  const text = new TextDecoder().decode(await files[0]?.blob.arrayBuffer());
  expect(text.split('\r\n')[1]).toBe(`2026-11-20 11:50,"'=HYPERLINK(""http://evil.example"")",'+44 20 7946 0111,a@example.co.uk,SE1 7PB,,Heating Services,,No,New,,,,,0,a`);
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

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));

  expect(await within(screen.getByRole('alert')).findByText('Could not export')).toBeTruthy();
  expect(files).toEqual([]);
});
