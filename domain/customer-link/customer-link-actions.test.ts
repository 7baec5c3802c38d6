import { expect, test } from 'vitest';
import { recordingLogger } from '../../adapters/memory/recording-logger.test-support';
import { customerAuthor } from '../activity/actor';
import { customerMessageMaxLength, noLongerNeededReason } from './customer-link';
import { closeCustomerRequest, sendCustomerMessage, openCustomerLink } from './customer-link-actions';
import type { InboxQuote } from '../inbox/inbox-quote';
import type { CustomerLinkStore } from '../ports/customer-link-store';
import { sampleCustomerToken, sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const now = new Date('2026-11-24T14:20:00Z');
const day = 24 * 60 * 60 * 1000;

/** One request behind one token, changed as a store would change it. */
function linkStore(quote: InboxQuote, { failing = false } = {}) {
  let current = quote;
  const calls: string[] = [];
  const found = (token: string) => (token === sampleCustomerToken ? current : undefined);
  const store: CustomerLinkStore = {
    findByToken: (token) => {
      calls.push('find');
      return failing ? Promise.reject(new Error('database down')) : Promise.resolve(found(token));
    },
    addCustomerMessage: (token, text, at) => {
      calls.push(`message: ${text}`);
      if (!found(token)) return Promise.resolve(undefined);
      current = { ...current, notes: [{ id: `n${current.notes.length + 1}`, text, by: customerAuthor, at }, ...current.notes] };
      return Promise.resolve(current);
    },
    closeForCustomer: (token, at) => {
      calls.push('close');
      if (!found(token)) return Promise.resolve(undefined);
      current = {
        ...current,
        status: 'lost',
        history: [...current.history, { from: current.status, to: 'lost', by: customerAuthor, at }],
        notes: [{ id: 'closed', text: noLongerNeededReason, by: customerAuthor, at }, ...current.notes],
      };
      return Promise.resolve(current);
    },
    openReview: (token) => {
      calls.push('review');
      return Promise.resolve(found(token));
    },
    stopReviews: (token) => {
      calls.push('stop reviews');
      return Promise.resolve(found(token));
    },
  };
  return { store, calls };
}

function recordingAlert() {
  const alerts: string[] = [];
  return { alerts, customerWrote: (quote: InboxQuote, text: string) => Promise.resolve(void alerts.push(`${quote.id}: ${text}`)) };
}

const waiting = sampleInboxQuote({ createdAt: new Date('2026-11-24T14:10:00Z'), urgent: true });

test('a good token shows the request; a malformed one is not even looked up, and an unknown one is the same not-found', async () => {
  const { store, calls } = linkStore(waiting);
  const deps = { links: store, logger: recordingLogger().logger };
  expect(await openCustomerLink(deps, sampleCustomerToken, now)).toMatchObject({ ok: true, view: { status: 'new' } });
  expect(await openCustomerLink(deps, '../../etc/passwd', now)).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(await openCustomerLink(deps, sampleCustomerToken.replace('q', 'Q'), now)).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(calls).toEqual(['find', 'find']);
});

test('a link 30 days past its request closing is not found, like one that never was', async () => {
  const closedAt = new Date(now.getTime() - 31 * day);
  const { store } = linkStore(sampleInboxQuote({ status: 'done', createdAt: closedAt, history: [{ from: 'won', to: 'done', by: 'sam@example.co.uk', at: closedAt }] }));
  expect(await openCustomerLink({ links: store, logger: recordingLogger().logger }, sampleCustomerToken, now)).toEqual({ ok: false, error: { kind: 'not-found' } });
});

test('a message on an urgent open request is kept as the customer’s note and tells whoever is on call', async () => {
  const { store } = linkStore(waiting);
  const alert = recordingAlert();
  const result = await sendCustomerMessage({ links: store, logger: recordingLogger().logger, alert }, sampleCustomerToken, '  The leak is worse now  ', now);
  expect(result).toMatchObject({ ok: true, view: { messages: [{ text: 'The leak is worse now', at: now }] } });
  expect(alert.alerts).toEqual([`${waiting.id}: The leak is worse now`]);
});

test('a message on a standard request, a closed one, or one in the Spam folder alerts nobody', async () => {
  const inSpam = { score: 10, reasons: [{ signal: 'honeypot' as const, weight: 10 }], sentAt: waiting.createdAt, cleared: null };
  for (const quote of [
    sampleInboxQuote({ createdAt: waiting.createdAt, urgent: false }),
    sampleInboxQuote({ createdAt: waiting.createdAt, urgent: true, status: 'done' }),
    sampleInboxQuote({ createdAt: waiting.createdAt, urgent: true, spam: inSpam }),
  ]) {
    const alert = recordingAlert();
    await sendCustomerMessage({ links: linkStore(quote).store, logger: recordingLogger().logger, alert }, sampleCustomerToken, 'Any news?', now);
    expect(alert.alerts).toEqual([]);
  }
});

test('an empty, too long or control-character message is refused with the message field named, and nothing is kept', async () => {
  for (const [input, message] of [
    ['   ', 'Write your message before sending it'],
    ['x'.repeat(customerMessageMaxLength + 1), 'Message must be 1,000 characters or fewer'],
    ['Hello\u0007', 'Message must be plain text'],
    [42, 'Message must be text'],
  ] as const) {
    const { store, calls } = linkStore(waiting);
    const result = await sendCustomerMessage({ links: store, logger: recordingLogger().logger, alert: recordingAlert() }, sampleCustomerToken, input, now);
    expect(result).toEqual({ ok: false, error: { kind: 'invalid-message', message } });
    expect(calls).toEqual(['find']);
  }
});

test('a failed alert is logged, and the message is kept all the same', async () => {
  const { logger, errors } = recordingLogger();
  const alert = { customerWrote: () => Promise.reject(new Error('push service down')) };
  const result = await sendCustomerMessage({ links: linkStore(waiting).store, logger, alert }, sampleCustomerToken, 'Water everywhere', now);
  expect(result.ok).toBe(true);
  expect(errors.map(({ message }) => message)).toEqual(['Alerting staff to a customer’s message failed']);
});

test('"No longer needed" closes the request as lost, and the page then says Closed', async () => {
  const { store } = linkStore(waiting);
  const result = await closeCustomerRequest({ links: store, logger: recordingLogger().logger }, sampleCustomerToken, now);
  expect(result).toMatchObject({ ok: true, view: { status: 'lost', callBy: null } });
});

test('a store that cannot be reached is a storage failure, logged; never a not-found', async () => {
  const { logger, errors } = recordingLogger();
  const { store } = linkStore(waiting, { failing: true });
  expect(await openCustomerLink({ links: store, logger }, sampleCustomerToken, now)).toEqual({ ok: false, error: { kind: 'storage-failure' } });
  expect(errors.map(({ message }) => message)).toEqual(['Showing a customer their request failed']);
});
