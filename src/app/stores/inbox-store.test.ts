import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { findQuotes, type FindQuotesResult } from '../../../domain/inbox/find-quotes';
import { defaultInboxQuery, type InboxQuery } from '../../../domain/inbox/inbox-query';
import { inboxSummary } from '../../../domain/inbox/inbox-summary';
import { readViewCounts } from '../../../domain/inbox/read-view-counts';
import { request, testNow } from '../../inbox-test-data.test-support';
import { recordingLogger } from '../../test-app.test-support';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { createInboxStore, type InboxDeps } from './inbox-store';
import { createToastStore } from './toast-store';

const store = new InMemoryQuoteRepository({
  seed: [request('a', 'Ada', 10, { serviceType: 'emergency' }), request('b', 'Ben', 20, { serviceType: 'heating' })],
});
const ports = { inbox: store, logger: recordingLogger() };
const heating: InboxQuery = { ...defaultInboxQuery, serviceType: 'heating' };

function inboxOver(overrides: Partial<InboxDeps> = {}) {
  const signedOut: string[] = [];
  const toasts = createToastStore();
  const inbox = createInboxStore({
    findQuotes: (query) => findQuotes(ports, query),
    inboxSummary: (at) => inboxSummary(ports, at),
    viewCounts: () => readViewCounts(ports),
    now: () => testNow,
    toasts,
    onNotSignedIn: () => signedOut.push('signed out'),
    ...overrides,
  });
  return { inbox, toasts, signedOut };
}

test('the latest load wins, however late an earlier one answers', async () => {
  const held: ((result: FindQuotesResult) => void)[] = [];
  const { inbox } = inboxOver({
    findQuotes: () => new Promise((resolve) => held.push(resolve)),
  });

  const first = inbox.getState().load(defaultInboxQuery);
  const second = inbox.getState().load(heating);
  const later = await findQuotes(ports, { query: heating, after: null, now: testNow });
  const earlier = await findQuotes(ports, { query: defaultInboxQuery, after: null, now: testNow });
  held[1]?.(later);
  held[0]?.(earlier);
  await Promise.all([first, second]);

  expect(inbox.getState().query).toEqual(heating);
  expect(inbox.getState().quotes.map(({ name }) => name)).toEqual(['Ben']);
  expect(inbox.getState().total).toBe(1);
});

test('a store that wants a session it no longer has puts everything away and says so', async () => {
  const { inbox, signedOut, toasts } = inboxOver({
    findQuotes: () => Promise.resolve({ ok: false, error: { kind: 'not-signed-in' } }),
  });

  await inbox.getState().load(defaultInboxQuery);

  expect(signedOut).toEqual(['signed out']);
  expect(inbox.getState().status).toBe('idle');
  expect(toasts.getState().toasts).toEqual([]);
});

test('a failed load keeps what was shown and says Error / Failed to fetch quote requests', async () => {
  let fail = false;
  const { inbox, toasts } = inboxOver({
    findQuotes: (query) => (fail ? Promise.resolve({ ok: false, error: { kind: 'storage-failure' } }) : findQuotes(ports, query)),
  });
  await inbox.getState().load(defaultInboxQuery);
  fail = true;

  await inbox.getState().reload();

  expect(inbox.getState().quotes).toHaveLength(2);
  expect(toasts.getState().toasts.map(({ title, description, variant }) => [title, description, variant])).toEqual([
    ['Error', 'Failed to fetch quote requests', 'destructive'],
  ]);
});

test('checking for updates changes nothing on the list, but counts what is new', async () => {
  const local = new InMemoryQuoteRepository({ seed: [request('a', 'Ada', 10)], now: () => testNow });
  const localPorts = { inbox: local, logger: recordingLogger() };
  const { inbox } = inboxOver({ findQuotes: (query) => findQuotes(localPorts, query), inboxSummary: (at) => inboxSummary(localPorts, at) });
  await inbox.getState().load({ ...defaultInboxQuery, view: 'all' });
  await local.insert(sampleQuote({ name: 'Cy' }));

  await inbox.getState().checkForUpdates();

  expect(inbox.getState().quotes.map(({ name }) => name)).toEqual(['Ada']);
  expect(inbox.getState().total).toBe(2);
  expect(inbox.getState().updates).toEqual({ newRequests: 1, changed: false });
  expect(inbox.getState().summary?.waiting).toBe(2);

  await inbox.getState().reload();
  expect(inbox.getState().quotes.map(({ name }) => name)).toEqual(['Cy', 'Ada']);
  expect(inbox.getState().updates).toBeNull();
});

test('an empty list has nothing to keep still: what arrives is shown at once, and the store is no longer empty', async () => {
  const local = new InMemoryQuoteRepository({ now: () => testNow });
  const localPorts = { inbox: local, logger: recordingLogger() };
  const { inbox } = inboxOver({ findQuotes: (query) => findQuotes(localPorts, query), inboxSummary: (at) => inboxSummary(localPorts, at) });
  await inbox.getState().load(defaultInboxQuery);
  expect(inbox.getState().storeEmpty).toBe(true);
  await local.insert(sampleQuote({ name: 'Cy' }));

  await inbox.getState().checkForUpdates();

  expect(inbox.getState().quotes.map(({ name }) => name)).toEqual(['Cy']);
  expect(inbox.getState().total).toBe(1);
  expect(inbox.getState().storeEmpty).toBe(false);
  expect(inbox.getState().updates).toBeNull();
});

test('each view tab gets its count with the summary, and a session ended meanwhile signs the inbox out', async () => {
  const { inbox, signedOut } = inboxOver();
  await inbox.getState().load(defaultInboxQuery);
  await expect.poll(() => inbox.getState().viewCounts).toEqual({ new: 2, contacted: 0, quoted: 0, won: 0, done: 0, lost: 0, all: 2, spam: 0 });

  const ended = inboxOver({ viewCounts: () => Promise.resolve({ ok: false, error: { kind: 'not-signed-in' } }) });
  await ended.inbox.getState().refreshSummary();
  expect(ended.signedOut).toEqual(['signed out']);
  expect(ended.inbox.getState().viewCounts).toBeNull();
  expect(signedOut).toEqual([]);
});

test('a page the server drew starts with its list, and its first load of the same list reads nothing again; another list is read', async () => {
  const asked: string[] = [];
  const drawn = await findQuotes(ports, { query: defaultInboxQuery, after: null, now: testNow });
  if (!drawn.ok) throw new Error('the store could not be read');
  const first = {
    staff: { email: 'demo@se1plumbing.example' },
    at: testNow,
    query: defaultInboxQuery,
    page: drawn.page,
    summary: null,
    counts: { new: 2, contacted: 0, quoted: 0, won: 0, done: 0, lost: 0, all: 2, spam: 0 },
  };
  const toasts = createToastStore();
  const inbox = createInboxStore(
    {
      findQuotes: (request) => {
        asked.push(request.query.view);
        return findQuotes(ports, request);
      },
      inboxSummary: (at) => inboxSummary(ports, at),
      viewCounts: () => readViewCounts(ports),
      now: () => testNow,
      toasts,
      onNotSignedIn: () => undefined,
    },
    first,
  );
  expect(inbox.getState()).toMatchObject({ status: 'loaded', total: 2, storeEmpty: false, viewCounts: first.counts });

  await inbox.getState().load({ ...defaultInboxQuery });
  expect(asked).toEqual([]);
  expect(inbox.getState().quotes).toBe(drawn.page.quotes);

  await inbox.getState().load(heating);
  await inbox.getState().load({ ...defaultInboxQuery });
  expect(asked).toEqual(['new', 'new']);
});
