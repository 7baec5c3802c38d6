import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { changeQuoteStatus } from '../../domain/inbox/change-quote-status';
import { defaultInboxQuery, encodeCursor, type InboxCursor } from '../../domain/inbox/inbox-query';
import { inboxSummary } from '../../domain/inbox/inbox-summary';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { quoteInboxContract } from '../contracts/quote-inbox.test-support';
import { handlerStaffEmail } from './api-handlers.test-support';
import { mockApi } from './mock-api.test-support';
import { RestQuoteInbox } from './rest-quote-inbox';

const quote = sampleQuote();

const { server, restApi } = mockApi();

// The handlers stamp who and when as the server does: the session's staff member, their own clock.
quoteInboxContract(
  'RestQuoteInbox over the API handlers',
  ({ now }: { now: () => Date }) => {
    const { repository, baseUrl } = restApi({ now });
    return { repository, inbox: new RestQuoteInbox({ baseUrl }) };
  },
  { as: handlerStaffEmail },
);

test('findPage sends every filter, the cursor and the page size in the URL, and reads the next cursor back', async () => {
  const { url, inbox } = restApi();
  const after: InboxCursor = { order: 'newest', createdAt: new Date('2026-11-20T09:00:00Z'), id: 'q-7' };
  const next: InboxCursor = { order: 'newest', createdAt: new Date('2026-11-19T08:00:00Z'), id: 'q-3' };
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(url, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ quotes: [], total: 12, next: encodeCursor(next) });
    }),
  );
  const query = {
    view: 'quoted',
    search: 'boiler SE1',
    serviceType: 'heating',
    urgent: false,
    area: 'outside',
    from: new Date('2026-11-01T00:00:00Z'),
    to: new Date('2026-12-01T00:00:00Z'),
  } as const;

  const page = await inbox.findPage({ query, after, limit: 20, now: new Date() });

  expect(page).toEqual({ quotes: [], total: 12, next });
  expect(Object.fromEntries(asked[0] ?? [])).toEqual({
    view: 'quoted',
    search: 'boiler SE1',
    service_type: 'heating',
    urgent: 'false',
    area: 'outside',
    from: '2026-11-01T00:00:00.000Z',
    to: '2026-12-01T00:00:00.000Z',
    after: encodeCursor(after),
    limit: '20',
  });
});

test('changes send only what staff chose: who and when are the server’s to record', async () => {
  const { inbox, quotes } = restApi({ now: () => new Date('2026-11-20T09:30:00Z') });
  const stored = await quotes.insert(quote);
  const sent: Promise<unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') sent.push(request.clone().text().then((text) => (text === '' ? null : (JSON.parse(text) as unknown))));
  });
  const at = new Date('1999-01-01T00:00:00Z');

  const changed = await inbox.record({ id: stored.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'mallory@example.com', at });
  const note = await inbox.record({ id: stored.id, step: { kind: 'note', text: 'Call after six' }, by: 'mallory@example.com', at });
  expect(await inbox.resendBusinessEmail(stored.id, at)).toBe('queued');
  server.events.removeAllListeners();

  expect(await Promise.all(sent)).toEqual([{ kind: 'status-moved', from: 'new', to: 'contacted' }, { kind: 'note', text: 'Call after six' }, null]);
  const stamp = { by: handlerStaffEmail, at: new Date('2026-11-20T09:30:00Z') };
  expect(changed).toMatchObject({
    outcome: 'recorded',
    quote: { status: 'contacted', respondedAt: stamp.at, history: [{ from: 'new', to: 'contacted', ...stamp }] },
    entry: { kind: 'status-moved', from: 'new', to: 'contacted', ...stamp },
  });
  expect(note).toMatchObject({ outcome: 'recorded', entry: { kind: 'note', text: 'Call after six', ...stamp }, quote: { notes: [{ text: 'Call after six', ...stamp }] } });
});

test('a 409 is a refusal saying where the request is now; 404s are not-found', async () => {
  const { inbox, quotes } = restApi();
  const stored = await quotes.insert(quote);
  const now = new Date();
  const contacted = { kind: 'status-moved', from: 'new', to: 'contacted' } as const;
  await inbox.record({ id: stored.id, step: contacted, by: 'x', at: now });

  expect(await inbox.record({ id: stored.id, step: contacted, by: 'x', at: now })).toEqual({ outcome: 'refused', refusal: { reason: 'moved', current: 'contacted' } });
  expect(await changeQuoteStatus({ inbox, logger: recordingLogger().logger }, { id: stored.id, from: 'new', to: 'contacted', by: 'x', at: now })).toEqual({
    ok: false,
    error: { kind: 'conflict', current: 'contacted' },
  });
  expect(await inbox.record({ id: 'a/b?c', step: contacted, by: 'x', at: now })).toEqual({ outcome: 'not-found' });
  expect(await inbox.record({ id: 'no-such-id', step: { kind: 'note', text: 'Hello' }, by: 'x', at: now })).toEqual({ outcome: 'not-found' });
  expect(await inbox.resendBusinessEmail('no-such-id', now)).toBe('not-found');
});

test('every refusal comes back as the store gave it, through /activity and /take alike', async () => {
  const { inbox, quotes } = restApi({ now: () => new Date('2026-11-20T09:30:00Z') });
  const taken = await quotes.insert(quote);
  const moved = await quotes.insert(quote);
  const now = new Date();
  const step = (id: string, kind: 'taken' | 'call-attempted' | 'spam-cleared') => inbox.record({ id, step: { kind }, by: 'x', at: now });
  await step(taken.id, 'taken');
  await inbox.record({ id: moved.id, step: { kind: 'status-moved', from: 'new', to: 'contacted' }, by: 'x', at: now });

  expect(await step(taken.id, 'taken')).toEqual({ outcome: 'refused', refusal: { reason: 'already-taken', taken: { by: handlerStaffEmail, at: new Date('2026-11-20T09:30:00Z') } } });
  // Closed by its customer, it was never taken, and has left the Waiting view.
  const closed = await quotes.insert(quote);
  await quotes.closeForCustomer(closed.customerToken, now);
  expect(await step(closed.id, 'taken')).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'lost' } });
  expect(await step(moved.id, 'call-attempted')).toEqual({ outcome: 'refused', refusal: { reason: 'not-waiting', current: 'contacted' } });
  expect(await step(taken.id, 'spam-cleared')).toEqual({ outcome: 'refused', refusal: { reason: 'not-spam' } });
});

test('the summary is the domain’s, worked out from the clock records the server gives', async () => {
  const clock = { time: Date.parse('2026-11-20T09:00:00Z') };
  const { inbox, quotes } = restApi({ now: () => new Date(clock.time) });
  await quotes.insert({ ...quote, urgent: true });
  await quotes.insert(quote);
  clock.time += 45 * 60_000;

  const result = await inboxSummary({ inbox, logger: recordingLogger().logger }, new Date(clock.time));

  expect(result).toMatchObject({ ok: true, summary: { waiting: 2, overdue: 1 } });
  expect(await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 50, now: new Date() })).toMatchObject({ total: 2 });
});
