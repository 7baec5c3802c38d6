import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingLogger } from '../adapters/memory/recording-logger';
import { InMemoryQuoteRepository } from '../adapters/memory/in-memory-quote-repository';
import type { QuoteRepository } from './ports';
import { purgeExpiredQuotes } from './purge-expired-quotes';
import type { QuoteRequest } from './quote';
import { retentionCutoff } from './retention';

function quoteAt(id: string, createdAt: Date): QuoteRequest {
  return {
    id,
    createdAt,
    name: 'Kwame Asante',
    email: null,
    phone: '020 7946 0555',
    serviceType: 'general',
    description: null,
    urgent: false,
  };
}

const now = new Date('2026-05-14T09:30:00Z');

test('by default requests older than 24 months go, and the rest stay', async () => {
  const old = quoteAt('old', new Date('2024-05-14T09:29:59.999Z'));
  const onTheCutoff = quoteAt('on-the-cutoff', new Date('2024-05-14T09:30:00.000Z'));
  const recent = quoteAt('recent', new Date('2026-05-01T12:00:00Z'));
  const quotes = new InMemoryQuoteRepository({ seed: [old, onTheCutoff, recent] });

  const result = await purgeExpiredQuotes({ quotes, logger: recordingLogger().logger }, now);

  expect(result).toEqual({ ok: true, deleted: 1, cutoff: new Date('2024-05-14T09:30:00Z') });
  expect(await quotes.listNewestFirst()).toEqual([recent, onTheCutoff]);
});

test('another retention period can be given', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [quoteAt('a', new Date('2026-01-01T00:00:00Z')), quoteAt('b', new Date('2026-04-01T00:00:00Z'))],
  });

  const result = await purgeExpiredQuotes({ quotes, logger: recordingLogger().logger }, now, 3);

  expect(result).toMatchObject({ ok: true, deleted: 1 });
  expect((await quotes.listNewestFirst()).map(({ id }) => id)).toEqual(['b']);
});

test('after a purge nothing older than the cutoff remains, and everything else does', async () => {
  const timeArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });
  await fc.assert(
    fc.asyncProperty(fc.array(timeArb, { maxLength: 20 }), timeArb, fc.integer({ min: 1, max: 60 }), async (times, now, months) => {
      const seed = times.map((time, index) => quoteAt(`q${index}`, time));
      const quotes = new InMemoryQuoteRepository({ seed });
      const cutoff = retentionCutoff(now, months);

      const result = await purgeExpiredQuotes({ quotes, logger: recordingLogger().logger }, now, months);

      const kept = seed.filter(({ createdAt }) => createdAt >= cutoff).map(({ id }) => id);
      expect(result).toEqual({ ok: true, deleted: seed.length - kept.length, cutoff });
      expect((await quotes.listNewestFirst()).map(({ id }) => id).sort()).toEqual(kept.sort());
    }),
  );
});

test('purging twice deletes nothing more the second time', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [quoteAt('old', new Date('2020-01-01T00:00:00Z')), quoteAt('new', new Date('2026-05-01T00:00:00Z'))],
  });
  const deps = { quotes, logger: recordingLogger().logger };

  expect(await purgeExpiredQuotes(deps, now)).toMatchObject({ ok: true, deleted: 1 });
  expect(await purgeExpiredQuotes(deps, now)).toMatchObject({ ok: true, deleted: 0 });
  expect(await quotes.listNewestFirst()).toHaveLength(1);
});

test('a store that cannot be reached is logged and reported, not thrown', async () => {
  const failure = new Error('database unreachable');
  const fail = () => Promise.reject(failure);
  const quotes: QuoteRepository = { insert: fail, listNewestFirst: fail, delete: fail, deleteCreatedBefore: fail };
  const { logger, errors } = recordingLogger();

  expect(await purgeExpiredQuotes({ quotes, logger }, now)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Deleting expired quote requests failed', cause: failure }]);
});

test('a retention of no months is a mistake: it throws before anything is deleted', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [quoteAt('recent', new Date('2026-05-14T09:00:00Z'))] });

  await expect(purgeExpiredQuotes({ quotes, logger: recordingLogger().logger }, now, 0)).rejects.toThrow(RangeError);
  expect(await quotes.listNewestFirst()).toHaveLength(1);
});
