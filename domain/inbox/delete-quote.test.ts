import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { listAll } from '../../adapters/contracts/store-under-test.test-support';
import { deleteQuote } from './delete-quote';
import type { QuoteRepository } from '../ports/quote-repository';
import type { QuoteRequest } from '../quote/quote';
import { NotSignedIn } from '../staff/staff';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

// Every request, newest first, read back through the store's inbox: the order does not depend on the time.
const listedAt = new Date('2026-05-14T09:30:00Z');

function quoteAt(id: string, createdAt: string): QuoteRequest {
  return sampleRequest({ id, createdAt: new Date(createdAt) });
}

/** A store whose deletes all fail with `failure`; the rest is never reached. */
function failingStore(failure: unknown): QuoteRepository {
  const fail = () => Promise.reject(failure instanceof Error ? failure : new Error(String(failure)));
  return { insert: fail, delete: fail };
}

test('deletes the request, and only that one', async () => {
  const monday = quoteAt('monday', '2024-05-06T09:00:00Z');
  const tuesday = quoteAt('tuesday', '2024-05-07T09:00:00Z');
  const quotes = new InMemoryQuoteRepository({ seed: [monday, tuesday] });
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes, logger }, 'monday')).toEqual({ ok: true });
  expect(await listAll(quotes, listedAt)).toEqual([tuesday]);
  expect(errors).toEqual([]);
});

test('a request that is not there is not-found, and nothing is logged', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [quoteAt('monday', '2024-05-06T09:00:00Z')] });
  const { logger, errors } = recordingLogger();

  expect(await deleteQuote({ quotes, logger }, 'no-such-id')).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(await listAll(quotes, listedAt)).toHaveLength(1);
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
      const left = (await listAll(quotes, listedAt)).map(({ id }) => id);
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
