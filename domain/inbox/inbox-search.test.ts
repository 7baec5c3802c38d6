import * as v from 'valibot';
import { expect, test } from 'vitest';
import { defaultInboxQuery } from './inbox-query';
import { filtersOf, InboxSearchSchema, queryOf, searchOf } from './inbox-search';

const parse = (input: Record<string, unknown>) => v.parse(InboxSearchSchema, input);

test('an empty address is the waiting view with no filter', () => {
  expect(queryOf(parse({}))).toEqual(defaultInboxQuery);
});

test('each filter is read from the address', () => {
  expect(queryOf(parse({ view: 'won', q: ' boiler ', service: 'heating', urgent: false, area: 'inside', from: '2026-11-02', to: '2026-11-03' }))).toEqual({
    view: 'won',
    search: 'boiler',
    serviceType: 'heating',
    urgent: false,
    area: 'inside',
    // November: London is on GMT, and To takes in the whole of its day.
    from: new Date('2026-11-02T00:00:00Z'),
    to: new Date('2026-11-04T00:00:00Z'),
  });
});

test('days in summer time start an hour before midnight UTC; the day the clocks change is a whole day', () => {
  const summer = queryOf(parse({ from: '2026-07-01', to: '2026-07-01' }));
  expect([summer.from, summer.to]).toEqual([new Date('2026-06-30T23:00:00Z'), new Date('2026-07-01T23:00:00Z')]);
  // 25 October 2026: the clocks go back at 02:00 BST, so the day lasts 25 hours.
  const autumn = queryOf(parse({ from: '2026-10-25', to: '2026-10-25' }));
  expect([autumn.from, autumn.to]).toEqual([new Date('2026-10-24T23:00:00Z'), new Date('2026-10-26T00:00:00Z')]);
});

test('a search the router read as a number or a boolean is still text', () => {
  expect(parse({ q: 900123 }).q).toBe('900123');
  expect(parse({ q: true }).q).toBe('true');
});

test('anything not understood falls back to no filter, never an error', () => {
  const search = parse({ view: 'archived', q: { text: 'x' }, service: 'roofing', urgent: 'yes', from: '2026-02-30', to: '20/11/2026' });
  expect(queryOf(search)).toEqual(defaultInboxQuery);
});

test('the defaults stay out of the address', () => {
  expect(searchOf({ view: 'new', q: '  ', service: undefined, urgent: undefined, area: undefined, from: '', to: '' })).toEqual({
    view: undefined,
    q: undefined,
    service: undefined,
    urgent: undefined,
    area: undefined,
    from: undefined,
    to: undefined,
  });
  expect(searchOf({ view: 'all', q: ' leak ', service: 'emergency', urgent: true, area: 'outside', from: '2026-11-01', to: '2026-11-02' })).toEqual({
    view: 'all',
    q: 'leak',
    service: 'emergency',
    urgent: true,
    area: 'outside',
    from: '2026-11-01',
    to: '2026-11-02',
  });
});

test('the request a notification opens is read as text, changes no filter, and an unusable one is dropped', () => {
  expect(parse({ id: 'q-42', view: 'all' })).toEqual({ view: 'all', id: 'q-42' });
  // The router reads ?id=123 as a number.
  expect(parse({ id: 123 }).id).toBe('123');
  expect(parse({ id: '' }).id).toBeUndefined();
  expect(parse({ id: 'x'.repeat(65) }).id).toBeUndefined();
  expect(queryOf(parse({ id: 'q-42' }))).toEqual(defaultInboxQuery);
  expect(filtersOf(parse({ id: 'q-42', q: 'boiler' }))).toEqual({ q: 'boiler' });
});
