import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { listAll } from '../../adapters/contracts/store-under-test.test-support';
import type { QuoteRetention } from '../ports/quote-repository';
import { purgeExpiredQuotes } from './purge-expired-quotes';
import type { QuoteRequest } from '../quote/quote';
import { retentionCutoff } from './retention';
import { sampleRequest } from '../../fixtures/sample-request.test-support';

// Every request, newest first, read back through the store's inbox: the order does not depend on the time.
const listedAt = new Date('2026-05-14T09:30:00Z');

function quoteAt(id: string, createdAt: Date): QuoteRequest {
  return sampleRequest({ id, createdAt });
}

const now = new Date('2026-05-14T09:30:00Z');
/** The default Spam folder cutoff at `now`: 30 days before. */
const spamCutoff = new Date('2026-04-14T09:30:00Z');

test('by default requests older than 24 months go, and the rest stay', async () => {
  const old = quoteAt('old', new Date('2024-05-14T09:29:59.999Z'));
  const onTheCutoff = quoteAt('on-the-cutoff', new Date('2024-05-14T09:30:00.000Z'));
  const recent = quoteAt('recent', new Date('2026-05-01T12:00:00Z'));
  const quotes = new InMemoryQuoteRepository({ seed: [old, onTheCutoff, recent] });

  const result = await purgeExpiredQuotes({ retention: quotes, logger: recordingLogger().logger }, now);

  expect(result).toEqual({ ok: true, deleted: 1, cutoff: new Date('2024-05-14T09:30:00Z'), spam: { deleted: 0, cutoff: spamCutoff } });
  expect(await listAll(quotes, listedAt)).toEqual([recent, onTheCutoff]);
});

test('another retention period can be given', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [quoteAt('a', new Date('2026-01-01T00:00:00Z')), quoteAt('b', new Date('2026-04-01T00:00:00Z'))],
  });

  const result = await purgeExpiredQuotes({ retention: quotes, logger: recordingLogger().logger }, now, 3);

  expect(result).toMatchObject({ ok: true, deleted: 1 });
  expect((await listAll(quotes, listedAt)).map(({ id }) => id)).toEqual(['b']);
});

test('after a purge nothing older than the cutoff remains, and everything else does', async () => {
  const timeArb = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });
  await fc.assert(
    fc.asyncProperty(fc.array(timeArb, { maxLength: 20 }), timeArb, fc.integer({ min: 1, max: 60 }), async (times, now, months) => {
      const seed = times.map((time, index) => quoteAt(`q${index}`, time));
      const quotes = new InMemoryQuoteRepository({ seed });
      const cutoff = retentionCutoff(now, months);

      const result = await purgeExpiredQuotes({ retention: quotes, logger: recordingLogger().logger }, now, months);

      const kept = seed.filter(({ createdAt }) => createdAt >= cutoff).map(({ id }) => id);
      expect(result).toMatchObject({ ok: true, deleted: seed.length - kept.length, cutoff });
      expect((await listAll(quotes, listedAt)).map(({ id }) => id).sort()).toEqual(kept.sort());
    }),
  );
});

test('purging twice deletes nothing more the second time', async () => {
  const quotes = new InMemoryQuoteRepository({
    seed: [quoteAt('old', new Date('2020-01-01T00:00:00Z')), quoteAt('new', new Date('2026-05-01T00:00:00Z'))],
  });
  const deps = { retention: quotes, logger: recordingLogger().logger };

  expect(await purgeExpiredQuotes(deps, now)).toMatchObject({ ok: true, deleted: 1 });
  expect(await purgeExpiredQuotes(deps, now)).toMatchObject({ ok: true, deleted: 0 });
  expect(await listAll(quotes, listedAt)).toHaveLength(1);
});

test('a store that cannot be reached is logged and reported, not thrown', async () => {
  const failure = new Error('database unreachable');
  const fail = () => Promise.reject(failure);
  const retention: QuoteRetention = { deleteCreatedBefore: fail, deleteSpamBefore: fail };
  const { logger, errors } = recordingLogger();

  expect(await purgeExpiredQuotes({ retention, logger }, now)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Deleting expired quote requests failed', cause: failure }]);
});

test('a retention of no months is a mistake: it throws before anything is deleted', async () => {
  const quotes = new InMemoryQuoteRepository({ seed: [quoteAt('recent', new Date('2026-05-14T09:00:00Z'))] });

  await expect(purgeExpiredQuotes({ retention: quotes, logger: recordingLogger().logger }, now, 0)).rejects.toThrow(RangeError);
  expect(await listAll(quotes, listedAt)).toHaveLength(1);
});

/** A store whose Spam folder holds requests sent at `sent`: deleteSpamBefore removes those before the cutoff. */
function spamFolder(sent: Date[]) {
  const cutoffs: Date[] = [];
  let held = [...sent];
  const retention: QuoteRetention = {
    deleteCreatedBefore: () => Promise.resolve(0),
    deleteSpamBefore: (cutoff) => {
      cutoffs.push(cutoff);
      const before = held.length;
      held = held.filter((time) => time >= cutoff);
      return Promise.resolve(before - held.length);
    },
  };
  return { retention, cutoffs, held: () => held };
}

test('by default spam sent more than 30 days ago goes, and newer spam stays for staff to look through', async () => {
  const folder = spamFolder([new Date('2026-04-14T09:29:59.999Z'), spamCutoff, new Date('2026-05-13T00:00:00Z')]);

  const result = await purgeExpiredQuotes({ retention: folder.retention, logger: recordingLogger().logger }, now);

  expect(result).toEqual({ ok: true, deleted: 0, cutoff: new Date('2024-05-14T09:30:00Z'), spam: { deleted: 1, cutoff: spamCutoff } });
  expect(folder.held()).toEqual([spamCutoff, new Date('2026-05-13T00:00:00Z')]);
});

test('another Spam folder retention can be given, in days', async () => {
  const folder = spamFolder([new Date('2026-05-01T00:00:00Z'), new Date('2026-05-10T00:00:00Z')]);

  const result = await purgeExpiredQuotes({ retention: folder.retention, logger: recordingLogger().logger }, now, 24, 7);

  expect(result).toMatchObject({ ok: true, spam: { deleted: 1, cutoff: new Date('2026-05-07T09:30:00Z') } });
  expect(folder.cutoffs).toEqual([new Date('2026-05-07T09:30:00Z')]);
});

test('a Spam folder that cannot be reached is logged and reported, not thrown', async () => {
  const failure = new Error('database unreachable');
  const retention: QuoteRetention = { deleteCreatedBefore: () => Promise.resolve(2), deleteSpamBefore: () => Promise.reject(failure) };
  const { logger, errors } = recordingLogger();

  expect(await purgeExpiredQuotes({ retention, logger }, now)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Deleting old spam failed', cause: failure }]);
});

test('a Spam folder retention of no days is a mistake: it throws before anything is deleted', async () => {
  const folder = spamFolder([new Date('2026-05-14T09:00:00Z')]);

  await expect(purgeExpiredQuotes({ retention: folder.retention, logger: recordingLogger().logger }, now, 24, 0)).rejects.toThrow(RangeError);
  expect(folder.cutoffs).toEqual([]);
});
