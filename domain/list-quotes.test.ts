import { expect, test } from 'vitest';
import { recordingLogger } from '../adapters/memory/recording-logger';
import { InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import { listQuotes } from './list-quotes';
import type { QuoteRepository } from './ports';
import type { QuoteRequest } from './quote';

function quoteAt(id: string, createdAt: string): QuoteRequest {
  return {
    id,
    createdAt: new Date(createdAt),
    name: 'Grace Whitfield',
    email: null,
    phone: '07700 900456',
    serviceType: 'bathroom',
    description: null,
    urgent: false,
  };
}

test('lists every request, newest first', async () => {
  const monday = quoteAt('monday', '2024-05-06T09:00:00Z');
  const wednesday = quoteAt('wednesday', '2024-05-08T09:00:00Z');
  const tuesday = quoteAt('tuesday', '2024-05-07T09:00:00Z');
  const quotes = new InMemoryQuoteRepository({ seed: [monday, wednesday, tuesday] });

  const result = await listQuotes({ quotes, logger: recordingLogger().logger });

  expect(result).toEqual({ ok: true, quotes: [wednesday, tuesday, monday] });
});

test('an empty store gives an empty list', async () => {
  const result = await listQuotes({ quotes: new InMemoryQuoteRepository(), logger: recordingLogger().logger });
  expect(result).toEqual({ ok: true, quotes: [] });
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const quotes: QuoteRepository = {
    insert: () => Promise.reject(failure),
    listNewestFirst: () => Promise.reject(failure),
    delete: () => Promise.reject(failure),
    deleteCreatedBefore: () => Promise.reject(failure),
  };
  const { logger, errors } = recordingLogger();

  const result = await listQuotes({ quotes, logger });

  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors.map(({ cause }) => cause)).toEqual([failure]);
});
