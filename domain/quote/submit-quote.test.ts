import fc from 'fast-check';
import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { InMemoryNotifier } from '../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../adapters/memory/in-memory-quote-repository';
import { listAll, requestOf } from '../../adapters/contracts/store-under-test.test-support';
import { customerTokenPattern } from '../customer-link/customer-link';
import type { Notifier } from '../ports/notifier';
import type { QuoteRepository } from '../ports/quote-repository';
import { draftMissingFieldArb, messyValidDraftArb } from '../../fixtures/quote-arbitraries.test-support';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { QuoteRejected } from './quote-rejected';
import { submitQuote } from './submit-quote';
import { validateQuote } from './validate-quote';

// Every request, newest first, read back through the store's inbox: the order does not depend on the time.
const listedAt = new Date('2026-05-14T09:30:00Z');

const draft = sampleDraft({ email: '' });

test('a valid request is stored once and the business is told once, with the stored request', async () => {
  const quotes = new InMemoryQuoteRepository({ now: () => new Date('2024-05-01T09:30:00Z'), newId: () => 'quote-1' });
  const notifier = new InMemoryNotifier();
  const { logger, errors } = recordingLogger();

  const result = await submitQuote({ quotes, notifier, logger }, draft);

  const stored = { ...draft, email: null, id: 'quote-1', createdAt: new Date('2024-05-01T09:30:00Z') };
  expect(result).toMatchObject({ ok: true, quote: { ...stored, heldAsSpam: false } });
  expect(result.ok && result.quote.customerToken).toMatch(customerTokenPattern);
  expect(await listAll(quotes, listedAt)).toEqual([stored]);
  expect(notifier.sent.map(requestOf)).toEqual([stored]);
  expect(errors).toEqual([]);
});

test('a request missing a required field stores and notifies nothing', async () => {
  await fc.assert(
    fc.asyncProperty(draftMissingFieldArb, async ({ draft: incomplete, field }) => {
      const quotes = new InMemoryQuoteRepository();
      const notifier = new InMemoryNotifier();
      const result = await submitQuote({ quotes, notifier, logger: recordingLogger().logger }, incomplete);

      expect(result).toMatchObject({ ok: false, error: { kind: 'missing-fields' } });
      if (!result.ok && result.error.kind === 'missing-fields') expect(result.error.fields).toContain(field);
      expect(await listAll(quotes, listedAt)).toEqual([]);
      expect(notifier.sent).toEqual([]);
    }),
  );
});

test('an invalid request stores and notifies nothing', async () => {
  const quotes = new InMemoryQuoteRepository();
  const notifier = new InMemoryNotifier();
  const result = await submitQuote({ quotes, notifier, logger: recordingLogger().logger }, { ...draft, email: 'nope' });

  expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-fields', issues: [{ field: 'email' }] } });
  expect(await listAll(quotes, listedAt)).toEqual([]);
  expect(notifier.sent).toEqual([]);
});

test('a storage failure is reported as such, logged, and nothing is notified', async () => {
  const failure = new Error('database unreachable');
  const quotes: QuoteRepository = {
    insert: () => Promise.reject(failure),
    delete: () => Promise.reject(failure),
  };
  const notifier = new InMemoryNotifier();
  const { logger, errors } = recordingLogger();

  const result = await submitQuote({ quotes, notifier, logger }, draft);

  expect(result).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(notifier.sent).toEqual([]);
  expect(errors.map(({ cause }) => cause)).toEqual([failure]);
});

test('a failed notification is logged, and the stored request still succeeds', async () => {
  const failure = new Error('mail server down');
  const quotes = new InMemoryQuoteRepository();
  const notifier: Notifier = { quoteSubmitted: () => Promise.reject(failure) };
  const { logger, errors } = recordingLogger();

  const result = await submitQuote({ quotes, notifier, logger }, draft);

  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(await listAll(quotes, listedAt)).toEqual([requestOf(result.quote)]);
  expect(errors.map(({ cause }) => cause)).toEqual([failure]);
});

test('accepted requests come back from the repository as they were validated', async () => {
  await fc.assert(
    fc.asyncProperty(messyValidDraftArb, async (messy) => {
      const validation = validateQuote(messy);
      if (!validation.ok) throw new Error(`the arbitrary made an invalid draft: ${JSON.stringify(messy)}`);
      const quotes = new InMemoryQuoteRepository();
      const result = await submitQuote({ quotes, notifier: new InMemoryNotifier(), logger: recordingLogger().logger }, messy);

      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { id, createdAt, customerToken, heldAsSpam, ...fields } = result.quote;
      expect(heldAsSpam).toBe(false);
      expect(fields).toEqual(validation.quote);
      expect(id).not.toBe('');
      expect(createdAt).toBeInstanceOf(Date);
      expect(customerToken).toMatch(customerTokenPattern);
      expect(await listAll(quotes, listedAt)).toEqual([requestOf(result.quote)]);
    }),
  );
});

test('a store that rejects the request for a rule reports that rule, not a storage failure', async () => {
  const reason = { kind: 'invalid-fields', issues: [{ field: 'phone', message: 'Enter a UK or international phone number' }] } as const;
  const quotes = {
    insert: () => Promise.reject(new QuoteRejected({ kind: reason.kind, issues: [...reason.issues] })),
  };
  const result = await submitQuote(
    { quotes, notifier: new InMemoryNotifier(), logger: { error: () => undefined } },
    draft,
  );
  expect(result).toEqual({ ok: false, error: { kind: 'invalid-fields', issues: [...reason.issues] } });
});
