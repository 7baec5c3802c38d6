import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { clearSpam } from './clear-spam';
import type { RecordOutcome, StepToRecord } from '../ports/quote-inbox';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const at = new Date('2026-11-24T10:00:00Z');
const sam = 'sam.porter@se1plumbing.example';

function inboxAnswering(answer: RecordOutcome | Error) {
  const told: StepToRecord[] = [];
  return {
    told,
    record: (request: StepToRecord) => {
      told.push(request);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

test('"Not spam" moves the request, telling the store who decided and when', async () => {
  const quote = sampleInboxQuote({ createdAt: at, spam: { score: 10, reasons: [{ signal: 'honeypot', weight: 10 }], sentAt: new Date('2026-11-24T08:00:00Z'), cleared: { by: sam, at } } });
  const entry = quote.activity.at(-1);
  if (entry === undefined) throw new Error('the sample was not cleared');
  const inbox = inboxAnswering({ outcome: 'recorded', quote, entry });
  const result = await clearSpam({ inbox, logger: recordingLogger().logger }, { id: quote.id, by: sam, at });
  expect(result).toEqual({ ok: true, quote });
  expect(inbox.told).toEqual([{ id: quote.id, step: { kind: 'spam-cleared' }, by: sam, at }]);
});

test('a request no longer in the folder, or gone, is said to be so', async () => {
  for (const [answer, kind] of [
    [{ outcome: 'refused', refusal: { reason: 'not-spam' } }, 'not-spam'],
    [{ outcome: 'not-found' }, 'not-found'],
  ] as const) {
    const result = await clearSpam({ inbox: inboxAnswering(answer), logger: recordingLogger().logger }, { id: 'q-1', by: sam, at });
    expect(result).toEqual({ ok: false, error: { kind } });
  }
});

test('a lapsed session asks to sign in again; any other failure is logged and reported as storage', async () => {
  expect(await clearSpam({ inbox: inboxAnswering(new NotSignedIn()), logger: recordingLogger().logger }, { id: 'q-1', by: sam, at })).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
  const { logger, errors } = recordingLogger();
  expect(await clearSpam({ inbox: inboxAnswering(new Error('disk')), logger }, { id: 'q-1', by: sam, at })).toEqual({
    ok: false,
    error: { kind: 'storage-failure' },
  });
  expect(errors.map(({ message }) => message)).toEqual(['Moving a quote request out of spam failed']);
});
