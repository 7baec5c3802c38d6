import { expect, test } from 'vitest';
import { defaultInboxQuery, type InboxPage } from '../../../domain/inbox/inbox-query';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { minutesBefore, testNow } from '../../inbox-test-data.test-support';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import { updatesBetween } from './inbox-updates';

const quote = (id: string, minutesAgo: number, extra: Partial<InboxQuote> = {}): InboxQuote => ({
  ...sampleInboxQuote({ id, createdAt: minutesBefore(minutesAgo), name: id }),
  status: 'new',
  respondedAt: null,
  history: [],
  notes: [],
  ...extra,
});
const page = (quotes: InboxQuote[], next: InboxPage['next'] = null): InboxPage => ({ quotes, total: quotes.length, next });
const all = { ...defaultInboxQuery, view: 'all' as const };
const [a, b, c] = [quote('a', 10), quote('b', 20), quote('c', 30)];

test('nothing differs: nothing to say', () => {
  expect(updatesBetween([a, b, c], page([a, b, c]), all, testNow)).toBeNull();
});

test('requests received since the newest shown are counted as new', () => {
  expect(updatesBetween([a, b, c], page([quote('d', 1), quote('e', 2), a, b, c]), all, testNow)).toEqual({ newRequests: 2, changed: false });
});

test('a request someone else changed, moved away or moved here is a change', () => {
  expect(updatesBetween([a, b, c], page([a, { ...b, status: 'contacted' }, c]), all, testNow)).toEqual({ newRequests: 0, changed: true });
  expect(updatesBetween([a, b, c], page([a, c]), all, testNow)).toEqual({ newRequests: 0, changed: true });
  expect(updatesBetween([a, c], page([a, b, c]), all, testNow)).toEqual({ newRequests: 0, changed: true });
  expect(updatesBetween([a, b], page([a, b], null), all, testNow)).toBeNull();
});

test('requests shown beyond what the fresh page covers are not judged', () => {
  const next = { order: 'newest' as const, createdAt: b.createdAt, id: b.id };
  expect(updatesBetween([a, b, c], page([a, b], next), all, testNow)).toBeNull();
});

test('in the waiting view, a request that changed places (an urgent one falling overdue) is a change', () => {
  const urgent = quote('u', 25, { urgent: true });
  const waiting = { ...defaultInboxQuery };
  const later = new Date(testNow.getTime() + 10 * 60_000);
  expect(updatesBetween([a, urgent], page([urgent, a]), waiting, later)).toEqual({ newRequests: 0, changed: true });
});
