import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { Activity } from '../../../domain/activity/activity';
import { systemAuthor } from '../../../domain/activity/actor';
import type { ServiceDueList } from '../../../domain/ports/service-due-list';
import { answered, minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { renderApp, storeWithSteps, testBackend } from '../../test-app.test-support';

const sam = 'sam@example.co.uk';
const done = (id: string, name: string) => answered(request(id, name, 600), 500, 'done');
const set = (id: string, service: 'boiler-service' | 'gas-safety-check', doneOn: string): Activity => ({ id: `${id}-set`, kind: 'reminder-set', service, doneOn, agreed: true, by: sam, at: minutesBefore(400) });

/** Four done jobs: one due in December and emailed, one past due, one due next summer, one whose reminder was stopped. */
const store = () =>
  storeWithSteps([done('tom', 'Tom Okafor'), done('ann', 'Ann Lee'), done('wei', 'Wei Chen'), done('ruby', 'Ruby Patel')], {
    tom: [set('tom', 'boiler-service', '2025-12-14'), { id: 'tom-sent', kind: 'service-reminded', by: systemAuthor, at: new Date('2026-11-02T10:00:00Z') }],
    ann: [set('ann', 'gas-safety-check', '2025-11-01')],
    wei: [set('wei', 'boiler-service', '2026-06-01')],
    ruby: [set('ruby', 'boiler-service', '2025-12-01'), { id: 'ruby-stop', kind: 'reminder-stopped', by: sam, at: minutesBefore(300) }],
  });

test('Due for service lists the visits due in the next 90 days and those past due, soonest first, each leading to its request', async () => {
  const due = await store();
  const { user, router } = renderApp({ path: '/quotes/service-due', backend: testBackend({ store: due, serviceDue: due }), now: () => testNow });
  expect(await screen.findByRole('heading', { level: 1, name: 'Due for service (2)' })).toBeTruthy();
  expect(screen.getByText('Reminders falling due in the next 90 days, and any past due not yet booked.')).toBeTruthy();
  const rows = within(screen.getByRole('list', { name: 'Due for service (2)' })).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([
    'Ann LeeDue 1 Nov 2026Past dueLandlord gas safety checkNot reminded yet',
    'Tom OkaforDue 14 Dec 2026Boiler serviceReminded 2 Nov',
  ]);
  expect(screen.queryByText('Wei Chen')).toBeNull();
  expect(screen.queryByText('Ruby Patel')).toBeNull();

  await user.click(within(rows[1] ?? document.body).getByRole('link', { name: 'Tom Okafor' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Tom Okafor' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/quotes');
  expect(router.state.location.search).toEqual({ view: 'all', q: 'Tom Okafor', id: 'tom' });
  expect(screen.getByRole('button', { name: 'Details, Tom Okafor' }).getAttribute('aria-expanded')).toBe('true');
});

test('with nothing due, the list says so', async () => {
  const empty = new InMemoryQuoteRepository();
  renderApp({ path: '/quotes/service-due', backend: testBackend({ store: empty, serviceDue: empty }), now: () => testNow });
  expect(await screen.findByText('No services fall due in the next 90 days.')).toBeTruthy();
});

test('a list that cannot be read says so, and Try again reads it again', async () => {
  const due = await store();
  let calls = 0;
  const flaky: ServiceDueList = {
    findDueForService: (until, limit) => (++calls === 1 ? Promise.reject(new Error('offline')) : due.findDueForService(until, limit)),
  };
  const { user } = renderApp({ path: '/quotes/service-due', backend: testBackend({ store: due, serviceDue: flaky }), now: () => testNow });
  const alert = (await screen.findByText('The services due could not be read. Check the connection and try again.')).closest('[role="alert"]');
  if (!(alert instanceof HTMLElement)) throw new Error('the failure is not announced');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Due for service (2)' })).toBeTruthy();
  expect(calls).toBe(2);
});

test('the list reads the 90 days from London’s today', async () => {
  const asked: string[] = [];
  const list: ServiceDueList = {
    findDueForService: (until) => {
      asked.push(until);
      return Promise.resolve([]);
    },
  };
  // Past midnight in London on a summer night, while UTC is still on the day before.
  renderApp({ path: '/quotes/service-due', backend: testBackend({ serviceDue: list }), now: () => new Date('2026-06-30T23:30:00Z') });
  expect(await screen.findByText('No services fall due in the next 90 days.')).toBeTruthy();
  expect(asked).toEqual(['2026-09-29']);
});
