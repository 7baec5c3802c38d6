import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingLogger } from '../adapters/memory/recording-logger';
import { InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import { deleteQuote } from './delete-quote';
import type { QuoteRepository } from './ports';
import type { QuoteRequest } from './quote';
import { NotSignedIn } from './staff';

function quoteAt(id: string, createdAt: string): QuoteRequest {
  return {
    id,
    createdAt: new Date(createdAt),
    name: 'Grace Whitfield',
    email: 'grace.whitfield@example.co.uk',
    phone: '07700 900456',
    serviceType: 'bathroom',
    description: 'Shower tray leaking into the flat below.',
    urgent: false,
  };
}

/** A store whose deletes all fail with `failure`; the rest is never reached. */
function failingStore(failure: unknown): QuoteRepository {
  const fail = () => Promise.reject(failure instanceof Error ? failure : new Error(String(failure)));
  return { insert: fail, listNewestFirst: fail, delete: fail, deleteCreatedBefore: fail };
}

test('deletes the request, and only that one', async () => {
  const monday = quoteAt('monday', '2024-05-06T09:00:00Z');
  const tuesday = quoteAt('tuesday', '2024-05-07T09:00:00Z');
  const quotes = new InMemoryQuoteRepository({ seed: [monday, tuesday] });
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes, logger }, 'monday')).toEqual({ ok: true });
  expect(await quotes.listNewestFirst()).toEqual([tuesday]);
  expect(errors).toEqual([]);
});

test('a request that is not there is not-found, and nothing is logged', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [quoteAt('monday', '2024-05-06T09:00:00Z')] });
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes, logger }, 'no-such-id')).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(await quotes.listNewestFirst()).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('deleting twice: the second time it is already gone', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 6 }), fc.nat(), async (ids, pick) => {
      const quotes = new InMemoryQuoteRepository({ seed: ids.map((id) => quoteAt(id, '2024-05-06T09:00:00Z')) });
      const target = ids[pick % ids.length] ?? '';
      const deps = { quotes, logger: recordingLogger().logger };

      expect(await deleteQuote(deps, target)).toEqual({ ok: true });
      expect(await deleteQuote(deps, target)).toEqual({ ok: false, error: { kind: 'not-found' } });
      const left = (await quotes.listNewestFirst()).map(({ id }) => id);
      expect(left.sort()).toEqual(ids.filter((id) => id !== target).sort());
    }),
  );
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();

  const result = await deleteQuote({ quotes: failingStore(new NotSignedIn()), logger }, 'monday');

  expect(result).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();

  const result = await deleteQuote({ quotes: failingStore(failure), logger }, 'monday');

  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Deleting a quote request failed', cause: failure }]);
});
