import { expect, test } from 'vitest';
import { failingQuoteInbox } from '../../adapters/memory/failing-quote-inbox.test-support';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { defaultInboxQuery } from './inbox-query';
import type { InboxQuote } from './inbox-quote';
import { hasDeliveryTrouble, resendBusinessEmail } from './resend-business-email';
import { NotSignedIn } from '../staff/staff';
import { sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const createdAt = new Date('2026-05-14T09:00:00Z');
const now = new Date('2026-05-14T09:25:00Z');

const failing: InboxQuote = {
  ...sampleInboxQuote({ id: 'leak', createdAt }),
  status: 'new',
  respondedAt: null,
  history: [],
  notes: [],
  businessEmail: { sentAt: null, lastError: 'SMTP 421 4.7.0 Try again later' },
};

async function shown(inbox: InMemoryQuoteRepository): Promise<InboxQuote | undefined> {
  return (await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 50, now })).quotes[0];
}

test('a failing email is sent again; in the demo it counts as sent at once, and the flag goes', async () => {
  const inbox = new InMemoryQuoteRepository({ seed: [failing] });
  const { logger, errors } = recordingLogger();
  const before = await shown(inbox);
  expect(before && hasDeliveryTrouble(before, now)).toBe(true);

  expect(await resendBusinessEmail({ inbox, logger }, 'leak', now)).toEqual({ ok: true, outcome: 'queued' });

  const after = await shown(inbox);
  expect(after?.businessEmail).toEqual({ sentAt: now, lastError: null });
  expect(after && hasDeliveryTrouble(after, now)).toBe(false);
  expect(errors).toEqual([]);
});

test('an email already sent is left as it was', async () => {
  const sent = { ...failing, businessEmail: { sentAt: createdAt, lastError: null } };
  const inbox = new InMemoryQuoteRepository({ seed: [sent] });

  expect(await resendBusinessEmail({ inbox, logger: recordingLogger().logger }, 'leak', now)).toEqual({ ok: true, outcome: 'already-sent' });
  expect((await shown(inbox))?.businessEmail).toEqual({ sentAt: createdAt, lastError: null });
});

test('a request that is not there is not-found, and nothing is logged', async () => {
  const { logger, errors } = recordingLogger();
  const result = await resendBusinessEmail({ inbox: new InMemoryQuoteRepository({ seed: [failing] }), logger }, 'gone', now);
  expect(result).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(errors).toEqual([]);
});

test('a store that wants a staff session reports not-signed-in, without logging it', async () => {
  const { logger, errors } = recordingLogger();
  const result = await resendBusinessEmail({ inbox: failingQuoteInbox(new NotSignedIn()), logger }, 'leak', now);
  expect(result).toEqual({ ok: false, error: { kind: 'not-signed-in' } });
  expect(errors).toEqual([]);
});

test('a storage failure is reported as such and logged', async () => {
  const failure = new Error('database unreachable');
  const { logger, errors } = recordingLogger();
  const result = await resendBusinessEmail({ inbox: failingQuoteInbox(failure), logger }, 'leak', now);
  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors).toEqual([{ message: 'Resending the business email failed', cause: failure }]);
});
