import { expect, test } from 'vitest';
import type { RequestAlert } from '../../domain/alerts/alert-message';
import type { QuoteRequest } from '../../domain/quote/quote';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { InMemoryNotifier } from './in-memory-notifier';

function quote(id: string): QuoteRequest {
  return sampleRequest({ id });
}

test('starts with nothing sent', () => {
  expect(new InMemoryNotifier().sent).toEqual([]);
});

test('records each request it is told about, in order', async () => {
  const notifier = new InMemoryNotifier();
  await notifier.quoteSubmitted(quote('first'));
  await notifier.quoteSubmitted(quote('second'));
  await notifier.quoteSubmitted(quote('third'));
  expect(notifier.sent.map(({ id }) => id)).toEqual(['first', 'second', 'third']);
  expect(notifier.sent[0]).toEqual(quote('first'));
});

test('the record cannot be changed from outside', async () => {
  const notifier = new InMemoryNotifier();
  await notifier.quoteSubmitted(quote('only'));
  (notifier.sent as QuoteRequest[]).length = 0;
  expect(notifier.sent).toHaveLength(1);
});

test('alerts this device about each new request with what a lock screen may show, and records it even when the alert fails', async () => {
  const alerts: RequestAlert[] = [];
  const notifier = new InMemoryNotifier({ alert: (alert) => Promise.resolve(void alerts.push(alert)) });
  await notifier.quoteSubmitted(sampleRequest({ id: 'burst', name: 'Tom Baker', urgent: true, postcode: 'SE1 7PB' }));
  expect(alerts).toEqual([expect.objectContaining({ kind: 'request', quoteId: 'burst', step: 'new', urgent: true, district: 'SE1', firstName: 'Tom' })]);
  expect(JSON.stringify(alerts)).not.toContain('Baker');

  const failing = new InMemoryNotifier({ alert: () => Promise.reject(new Error('no worker')) });
  await expect(failing.quoteSubmitted(quote('kept'))).rejects.toThrow('no worker');
  expect(failing.sent.map(({ id }) => id)).toEqual(['kept']);
});
