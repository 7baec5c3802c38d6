import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import type { InboxQuote } from './inbox-quote';
import { inboxSummary } from './inbox-summary';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const now = new Date('2026-05-14T12:00:00Z');
const minute = 60_000;
const day = 24 * 60 * minute;

function request(agoMs: number, urgent: boolean, respondedAfterMinutes: number | null): InboxQuote {
  const createdAt = new Date(now.getTime() - agoMs);
  const respondedAt = respondedAfterMinutes === null ? null : new Date(createdAt.getTime() + respondedAfterMinutes * minute);
  return {
    ...sampleInboxQuote({ id: `q${String(agoMs)}`, createdAt, urgent }),
    status: respondedAt === null ? 'new' : 'contacted',
    respondedAt,
    history: respondedAt === null ? [] : [{ from: 'new', to: 'contacted', by: 'demo@se1plumbing.example', at: respondedAt }],
    notes: [],
  };
}

test('waiting and overdue now, and the last 7 and 30 days of response times, from the store', async () => {
  const inbox = new InMemoryQuoteRepository({
    seed: [
      request(10 * minute, true, null), // waiting, on time
      request(45 * minute, true, null), // waiting, overdue
      request(40 * day, false, null), // waiting for 40 days: overdue, outside both periods
      request(2 * day, true, 20), // this week, on time
      request(3 * day, false, 150), // this week, late
      request(20 * day, false, 60), // this month, on time
      request(60 * day, true, 5), // too old to count
    ],
  });
  const { logger, errors } = recordingLogger();

  const result = await inboxSummary({ inbox, logger }, now);

  expect(result).toEqual({
    ok: true,
    summary: {
      waiting: 3,
      overdue: 2,
      periods: [
        // Of the due ones this week: two answered (one late) and one still waiting past its time.
        { days: 7, answered: 2, medianMinutes: 85, withinPromiseShare: 1 / 3 },
        { days: 30, answered: 3, medianMinutes: 60, withinPromiseShare: 2 / 4 },
      ],
    },
  });
  expect(errors).toEqual([]);
});

test('the store is asked for the last 30 days', async () => {
  const asked: Date[] = [];
  class RecordingStore extends InMemoryQuoteRepository {
    override clockRecords(since: Date) {
      asked.push(since);
      return super.clockRecords(since);
    }
  }
  await inboxSummary({ inbox: new RecordingStore(), logger: recordingLogger().logger }, now);
  expect(asked).toEqual([new Date(now.getTime() - 30 * day)]);
});

test('an empty inbox has nothing waiting and no figures yet', async () => {
  const result = await inboxSummary({ inbox: new InMemoryQuoteRepository(), logger: recordingLogger().logger }, now);
  expect(result).toEqual({
    ok: true,
    summary: {
      waiting: 0,
      overdue: 0,
      periods: [
        { days: 7, answered: 0, medianMinutes: null, withinPromiseShare: null },
        { days: 30, answered: 0, medianMinutes: null, withinPromiseShare: null },
      ],
    },
  });
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  expect(await inboxSummary({ inbox: failingQuoteInbox(new NotSignedIn()), logger }, now)).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();
  expect(await inboxSummary({ inbox: failingQuoteInbox(failure), logger }, now)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Reading the response times failed', cause: failure }]);
});
