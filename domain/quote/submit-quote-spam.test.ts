import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import type { NewlyStored, QuoteRepository } from '../ports/quote-repository';
import type { NewQuote } from './quote';
import type { Arrival } from '../spam/spam';
import { submitQuote } from './submit-quote';
import { sampleCustomerToken, sampleDraft } from '../../fixtures/sample-request.test-support';

/** A store that judges as told: it records what it was given, and says whether it held the request as spam. */
function judgingStore(heldAsSpam: boolean | undefined) {
  const given: { quote: NewQuote; arrival: Arrival | undefined }[] = [];
  const quotes: Pick<QuoteRepository, 'insert'> = {
    insert: (quote, _photos, arrival) => {
      given.push({ quote, arrival });
      const stored: NewlyStored = { ...quote, id: 'q-1', createdAt: new Date('2026-11-24T09:00:00Z'), customerToken: sampleCustomerToken };
      return Promise.resolve(heldAsSpam === undefined ? stored : { ...stored, heldAsSpam });
    },
  };
  return { quotes, given };
}

function recordingNotifier() {
  const told: string[] = [];
  return { told, quoteSubmitted: ({ id }: { id: string }) => Promise.resolve(void told.push(id)) };
}

const bot: Arrival = { honeypotFilled: true, formToken: null };

test('the arrival goes to the store with the request, for the store to judge', async () => {
  const { quotes, given } = judgingStore(false);
  const result = await submitQuote({ quotes, notifier: recordingNotifier(), logger: recordingLogger().logger }, sampleDraft(), bot);
  expect(result.ok).toBe(true);
  expect(given.map(({ arrival }) => arrival)).toEqual([bot]);
});

test('a request the store holds as spam tells nobody, and its sender hears success with a link, as anyone does', async () => {
  const { quotes } = judgingStore(true);
  const notifier = recordingNotifier();
  const { logger, errors } = recordingLogger();
  const result = await submitQuote({ quotes, notifier, logger }, sampleDraft(), bot);
  expect(result).toMatchObject({ ok: true, quote: { id: 'q-1', customerToken: sampleCustomerToken } });
  expect(notifier.told).toEqual([]);
  expect(errors).toEqual([]);
});

test('a request not held as spam, or whose judging is out of sight, is told of at once', async () => {
  for (const heldAsSpam of [false, undefined]) {
    const { quotes } = judgingStore(heldAsSpam);
    const notifier = recordingNotifier();
    await submitQuote({ quotes, notifier, logger: recordingLogger().logger }, sampleDraft(), { honeypotFilled: false, formToken: 'token' });
    expect(notifier.told).toEqual(['q-1']);
  }
});

test('without an arrival the request goes to the store unjudged', async () => {
  const { quotes, given } = judgingStore(undefined);
  await submitQuote({ quotes, notifier: recordingNotifier(), logger: recordingLogger().logger }, sampleDraft());
  expect(given.map(({ arrival }) => arrival)).toEqual([undefined]);
});

test('a request that breaks a rule reaches no store, however it arrived', async () => {
  const { quotes, given } = judgingStore(true);
  const result = await submitQuote({ quotes, notifier: recordingNotifier(), logger: recordingLogger().logger }, sampleDraft({ phone: '' }), bot);
  expect(result).toMatchObject({ ok: false, error: { kind: 'missing-fields' } });
  expect(given).toEqual([]);
});
