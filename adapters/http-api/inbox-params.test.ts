import fc from 'fast-check';
import { expect, test } from 'vitest';
import { defaultInboxQuery, orderOf } from '../../domain/inbox/inbox-query';
import { inboxCursorArb, inboxQueryArb } from '../../fixtures/inbox-arbitraries.test-support';
import { fromInboxSearchParams, toInboxSearchParams } from './inbox-params';

const read = (params: URLSearchParams) => fromInboxSearchParams((name) => params.get(name) ?? undefined);
const readText = (text: string) => read(new URLSearchParams(text));

test('whatever the client writes in the URL, the server reads back the same query, cursor and size', () => {
  fc.assert(
    fc.property(inboxQueryArb, fc.option(inboxCursorArb, { nil: null }), fc.integer({ min: 1, max: 500 }), (query, cursor, limit) => {
      // A cursor is only ever followed in the view whose order it belongs to.
      const after = cursor?.order === orderOf(query.view) ? cursor : null;
      expect(read(toInboxSearchParams({ query, after, limit }))).toEqual({ ok: true, query, after, limit });
    }),
  );
});

test('nothing in the URL is every request newest first, 50 to a page, from the start', () => {
  expect(readText('')).toEqual({ ok: true, query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50 });
  expect(readText('view=&search=&service_type=&urgent=&from=&to=&after=&limit=')).toEqual(readText(''));
});

test('the client names its view, the Waiting one too, so it never depends on the default', () => {
  fc.assert(
    fc.property(inboxQueryArb, (query) => {
      expect(toInboxSearchParams({ query, after: null, limit: 50 }).get('view')).toBe(query.view);
    }),
  );
  expect(toInboxSearchParams({ query: defaultInboxQuery, after: null, limit: 50 }).get('view')).toBe('new');
});

test('each parameter that is wrong is named once, with the domain’s message where the domain judges it', () => {
  expect(readText('view=open&urgent=1&from=2026-11-20&limit=501&after=x')).toEqual({
    ok: false,
    fields: [
      { field: 'view', message: 'Choose a status from the list' },
      { field: 'urgent', message: 'Urgent must be true or false' },
      { field: 'from', message: 'From must be a date' },
      { field: 'limit', message: 'Limit must be a whole number from 1 to 500' },
      { field: 'after', message: 'The cursor is not one this API gave' },
    ],
  });
  expect(readText(`search=${'a'.repeat(101)}`)).toMatchObject({ ok: false, fields: [{ field: 'search' }] });
});

test('a cursor from a view with the other order is refused, naming after', () => {
  const waiting = toInboxSearchParams({
    query: defaultInboxQuery,
    after: { order: 'waiting', asOf: new Date(), overdueUrgent: false, dueAt: new Date(), id: 'q-1' },
    limit: 50,
  });
  waiting.set('view', 'all');
  expect(read(waiting)).toEqual({ ok: false, fields: [{ field: 'after', message: 'The cursor belongs to a view with another order' }] });
});
