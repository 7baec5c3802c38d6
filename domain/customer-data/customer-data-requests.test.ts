import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { confirmMessage, eraseCustomerData, findCustomerData } from './customer-data-requests';
import type { CustomerDataStore } from '../ports/customer-data-store';
import { NotSignedIn } from '../staff/staff';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

async function storeWithPriya() {
  const store = new InMemoryQuoteRepository();
  await store.insert(sampleQuote({ email: 'priya@example.co.uk', phone: '07700 900123' }));
  return store;
}

test('erasing without the email or phone typed again is refused on the confirm field, and erases nothing', async () => {
  const store = await storeWithPriya();
  const deps = { customerData: store, logger: recordingLogger().logger };
  for (const confirm of [undefined, '', 'yes', 'someone@example.co.uk', 7700900123]) {
    expect(await eraseCustomerData(deps, { email: 'priya@example.co.uk', confirm })).toEqual({
      ok: false,
      error: { kind: 'invalid-fields', fields: [{ field: 'confirm', message: confirmMessage }] },
    });
  }
  const found = await findCustomerData(deps, { email: 'priya@example.co.uk' });
  expect(found.ok && found.data.requests).toHaveLength(1);
  expect(await eraseCustomerData(deps, { email: 'priya@example.co.uk', confirm: '07700900123' })).toMatchObject({ ok: false });
  expect(await eraseCustomerData(deps, { email: 'priya@example.co.uk', phone: '07700 900123', confirm: '+447700900123' })).toMatchObject({ ok: true, erased: { requests: 1 } });
});

test('a bad search is refused naming its field before the store is asked', async () => {
  const deps = { customerData: await storeWithPriya(), logger: recordingLogger().logger };
  expect(await findCustomerData(deps, { phone: 'abc' })).toMatchObject({ ok: false, error: { kind: 'invalid-fields', fields: [{ field: 'phone' }] } });
});

test('a store that fails is logged and reported; a lapsed session is told apart', async () => {
  const failing: CustomerDataStore = { findCustomerData: () => Promise.reject(new Error('down')), eraseCustomerData: () => Promise.reject(new NotSignedIn()) };
  const { logger, errors } = recordingLogger();
  expect(await findCustomerData({ customerData: failing, logger }, { email: 'priya@example.co.uk' })).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toHaveLength(1);
  expect(await eraseCustomerData({ customerData: failing, logger }, { email: 'priya@example.co.uk', confirm: 'priya@example.co.uk' })).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
});
