import { expect, test } from 'vitest';
import type { QuoteRequest } from '../../domain/quote';
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
