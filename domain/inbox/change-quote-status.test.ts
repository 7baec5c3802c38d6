import fc from 'fast-check';
import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { changeQuoteStatus } from './change-quote-status';
import { defaultInboxQuery } from './inbox-query';
import type { InboxQuote } from './inbox-quote';
import { currentOutcome, lostReasons, wonValueMaxPence } from './job-outcome';
import { canChangeStatus, quoteStatuses } from './quote-status';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const received = new Date('2026-05-14T09:00:00Z');
const minutesLater = (minutes: number) => new Date(received.getTime() + minutes * 60_000);
const sam = 'sam.porter@se1plumbing.example';
const demo = 'demo@se1plumbing.example';

const waiting: InboxQuote = sampleInboxQuote({ id: 'boiler', createdAt: received });

async function shown(inbox: InMemoryQuoteRepository): Promise<InboxQuote | undefined> {
  const page = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50, now: minutesLater(60) });
  return page.quotes[0];
}

test('the first call back records the response time and who made it', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [waiting] });
  const { logger, errors } = recordingLogger();

  const result = await changeQuoteStatus({ inbox, logger }, { id: 'boiler', from: 'new', to: 'contacted', by: sam, at: minutesLater(12) });

  const stamp = { by: sam, at: minutesLater(12) };
  const anyId = expect.any(String) as unknown;
  const expected = {
    ...waiting,
    status: 'contacted',
    respondedAt: minutesLater(12),
    // The first move out of waiting takes it on too, by the same person at the same time.
    activity: [
      { kind: 'taken', id: anyId, ...stamp },
      { kind: 'status-moved', id: anyId, from: 'new', to: 'contacted', ...stamp },
    ],
    history: [{ from: 'new', to: 'contacted', ...stamp }],
    taken: stamp,
  };
  expect(result).toEqual({ ok: true, quote: expected });
  expect(await shown(inbox)).toEqual(expected);
  expect(errors).toEqual([]);
});

test('later moves keep the first response time, and the history grows oldest first', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [waiting] });
  const deps = { inbox, logger: recordingLogger().logger };

  await changeQuoteStatus(deps, { id: 'boiler', from: 'new', to: 'contacted', by: sam, at: minutesLater(12) });
  await changeQuoteStatus(deps, { id: 'boiler', from: 'contacted', to: 'quoted', by: demo, at: minutesLater(90) });
  const result = await changeQuoteStatus(deps, { id: 'boiler', from: 'quoted', to: 'won', by: sam, at: minutesLater(300) });

  expect(result.ok && result.quote.respondedAt).toEqual(minutesLater(12));
  expect(result.ok && result.quote.history.map(({ to, by }) => [to, by])).toEqual([
    ['contacted', sam],
    ['quoted', demo],
    ['won', sam],
  ]);
});

test('a move the rules do not allow is refused before the store is asked', async () => {
  const pairs = quoteStatuses.flatMap((from) => quoteStatuses.map((to) => ({ from, to }))).filter(({ from, to }) => !canChangeStatus(from, to));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...pairs), async ({ from, to }) => {
      // The store would fail if asked: a refusal that reached it would come back as storage-failure.
      const { logger, errors } = recordingLogger();
      const result = await changeQuoteStatus({ inbox: failingQuoteInbox(new Error('asked')), logger }, { id: 'boiler', from, to, by: sam, at: received });
      expect(result).toEqual({ ok: false, error: { kind: 'not-allowed', from, to } });
      expect(errors).toEqual([]);
    }),
  );
});

test('nothing goes back to new, and a refused move changes nothing', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [{ ...waiting, status: 'contacted', respondedAt: minutesLater(5) }] });
  const before = await shown(inbox);
  const result = await changeQuoteStatus({ inbox, logger: recordingLogger().logger }, { id: 'boiler', from: 'contacted', to: 'new', by: sam, at: received });
  expect(result).toEqual({ ok: false, error: { kind: 'not-allowed', from: 'contacted', to: 'new' } });
  expect(await shown(inbox)).toEqual(before);
});

test('a request someone else has moved meanwhile is a conflict, naming where it is now, and is left as it is', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [waiting] });
  const deps = { inbox, logger: recordingLogger().logger };
  await changeQuoteStatus(deps, { id: 'boiler', from: 'new', to: 'contacted', by: sam, at: minutesLater(10) });
  const before = await shown(inbox);

  const result = await changeQuoteStatus(deps, { id: 'boiler', from: 'new', to: 'contacted', by: demo, at: minutesLater(11) });

  expect(result).toEqual({ ok: false, error: { kind: 'conflict', current: 'contacted' } });
  expect(await shown(inbox)).toEqual(before);
});

test('a request that is not there is not-found, and nothing is logged', async () => {
  const { logger, errors } = recordingLogger();
  const result = await changeQuoteStatus(
    { inbox: new InMemoryQuoteRepository({ seed: [waiting] }), logger },
    { id: 'gone', from: 'new', to: 'contacted', by: sam, at: received },
  );
  expect(result).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(errors).toEqual([]);
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  const result = await changeQuoteStatus(
    { inbox: failingQuoteInbox(new NotSignedIn()), logger },
    { id: 'boiler', from: 'new', to: 'contacted', by: sam, at: received },
  );
  expect(result).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();
  const result = await changeQuoteStatus(
    { inbox: failingQuoteInbox(failure), logger },
    { id: 'boiler', from: 'new', to: 'contacted', by: sam, at: received },
  );
  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Changing the status of a quote request failed', cause: failure }]);
});

test('a value goes only with a move to Won and a reason only with one to Lost; any other is refused, naming its field, before the store is asked', async () => {
  const allowed = quoteStatuses.flatMap((from) => quoteStatuses.map((to) => ({ from, to }))).filter(({ from, to }) => canChangeStatus(from, to));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...allowed),
      fc.oneof(
        fc.record({ wonPence: fc.integer({ min: 0, max: wonValueMaxPence }) }),
        fc.record({ lostReason: fc.constantFrom(...lostReasons) }),
        // Out of range, whatever the move.
        fc.record({ wonPence: fc.oneof(fc.integer({ min: wonValueMaxPence + 1 }), fc.integer({ max: -1 }), fc.constant(12.5)) }),
      ),
      async ({ from, to }, outcome) => {
        const fits = 'wonPence' in outcome ? to === 'won' && Number.isInteger(outcome.wonPence) && outcome.wonPence >= 0 && outcome.wonPence <= wonValueMaxPence : to === 'lost';
        if (fits) return;
        const result = await changeQuoteStatus({ inbox: failingQuoteInbox(new Error('asked')), logger: recordingLogger().logger }, { id: 'boiler', from, to, by: sam, at: received, ...outcome });
        expect(result.ok).toBe(false);
        expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-outcome', field: 'wonPence' in outcome ? 'wonPence' : 'lostReason' });
      },
    ),
  );
});

test("a job won with its value, then lost with its reason: each kept on its move, and the request's outcome is the latest", async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [{ ...waiting, status: 'quoted', respondedAt: minutesLater(5) }] });
  const deps = { inbox, logger: recordingLogger().logger };
  const won = await changeQuoteStatus(deps, { id: 'boiler', from: 'quoted', to: 'won', by: sam, at: minutesLater(60), wonPence: 48_000 });
  expect(won.ok && currentOutcome(won.quote)).toEqual({ wonPence: 48_000 });
  const lost = await changeQuoteStatus(deps, { id: 'boiler', from: 'won', to: 'lost', by: demo, at: minutesLater(90), lostReason: 'price' });
  expect(lost.ok && lost.quote.history).toEqual([
    { from: 'quoted', to: 'won', by: sam, at: minutesLater(60), wonPence: 48_000 },
    { from: 'won', to: 'lost', by: demo, at: minutesLater(90), lostReason: 'price' },
  ]);
  expect(lost.ok && currentOutcome(lost.quote)).toEqual({ lostReason: 'price' });
});
