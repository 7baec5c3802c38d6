import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { defaultInboxQuery } from './inbox-query';
import { recordCallAttempt } from './record-call-attempt';
import { dueAt } from './response-clock';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const received = new Date('2026-05-14T09:00:00Z');
const minutesLater = (minutes: number) => new Date(received.getTime() + minutes * 60_000);
const sam = 'sam.porter@se1plumbing.example';

const waiting = sampleInboxQuote({ id: 'boiler', createdAt: received, urgent: true });

async function shown(inbox: InMemoryQuoteRepository) {
  return (await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50, now: minutesLater(60) })).quotes[0];
}

test('a call nobody picked up is recorded with who and when; the request still waits, its next try due 30 minutes on', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [waiting] });
  const { logger, errors } = recordingLogger();

  const result = await recordCallAttempt({ inbox, logger }, { id: 'boiler', by: sam, at: minutesLater(12) });

  if (!result.ok) throw new Error(`expected it recorded, got ${result.error.kind}`);
  expect(result.quote).toMatchObject({ status: 'new', respondedAt: null, taken: null, callAttempts: [{ by: sam, at: minutesLater(12) }] });
  expect(dueAt(result.quote)).toEqual(minutesLater(42));
  expect(await shown(inbox)).toEqual(result.quote);
  expect(errors).toEqual([]);
});

test.for([
  { label: 'contacted', seed: { ...waiting, status: 'contacted' as const, respondedAt: minutesLater(5) } },
  { label: 'lost', seed: { ...waiting, status: 'lost' as const, respondedAt: minutesLater(5) } },
  { label: 'in the Spam folder', seed: { ...waiting, spam: { score: 9, reasons: [], sentAt: received, cleared: null } } },
])('a request $label takes no call, and nothing is stored', async ({ seed }) => {
  const inbox = new InMemoryQuoteRepository({ seed: [seed] });

  const result = await recordCallAttempt({ inbox, logger: recordingLogger().logger }, { id: 'boiler', by: sam, at: minutesLater(12) });

  expect(result).toEqual({ ok: false, error: { kind: 'not-waiting' } });
  expect((await inbox.findPage({ query: { ...defaultInboxQuery, view: seed.spam ? 'spam' : 'all' }, after: null, limit: 5, now: minutesLater(60) })).quotes[0]?.callAttempts).toEqual([]);
});

test('a request that is not there is not found', async () => {
  const result = await recordCallAttempt({ inbox: new InMemoryQuoteRepository(), logger: recordingLogger().logger }, { id: 'gone', by: sam, at: received });
  expect(result).toEqual({ ok: false, error: { kind: 'not-found' } });
});

test('a store that cannot be reached is a storage failure, logged; a lapsed session asks to sign in, unlogged', async () => {
  const { logger, errors } = recordingLogger();
  const down = new Error('database unreachable');
  const failing = (failure: Error) => ({ record: () => Promise.reject(failure) });

  expect(await recordCallAttempt({ inbox: failing(down), logger }, { id: 'boiler', by: sam, at: received })).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(await recordCallAttempt({ inbox: failing(new NotSignedIn()), logger }, { id: 'boiler', by: sam, at: received })).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
  expect(errors).toEqual([{ message: 'Recording a call nobody answered failed', cause: down }]);
});
