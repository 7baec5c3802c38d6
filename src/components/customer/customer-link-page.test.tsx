import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Activity } from '../../../domain/activity/activity';
import { inboxQuoteOf } from '../../../domain/activity/activity-folds';
import { customerAuthor } from '../../../domain/activity/actor';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { newCustomerToken } from '../../../domain/customer-link/customer-link';
import { CustomerLinksDouble } from '../../../fixtures/customer-links.test-support';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import { customerLinksOver } from '../../app/backends/customer-links.test-support';
import { recordingLogger, renderApp, testBackend } from '../../test-app.test-support';

const now = () => new Date('2026-11-20T09:00:00Z');

function customerLinkPage(overrides: Parameters<typeof sampleInboxQuote>[0] = {}) {
  const links = new CustomerLinksDouble();
  const token = links.add(sampleInboxQuote({ name: 'Tom Okafor', urgent: true, createdAt: new Date('2026-11-20T08:50:00Z'), ...overrides }));
  const alerted: string[] = [];
  const alert = {
    customerWrote: (_quote: unknown, text: string) => {
      alerted.push(text);
      return Promise.resolve();
    },
  };
  const backend = testBackend({ customerLinkActions: customerLinksOver({ links, logger: recordingLogger(), alert }) });
  return { links, token, alerted, ...renderApp({ path: `/r/${token}`, backend, now }) };
}

test('shows where the request stands, when we aim to call, and what they asked for', async () => {
  customerLinkPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Your request' })).toBeTruthy();
  const steps = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
  expect(steps.map((step) => step.textContent)).toEqual(['1Received', '2We have called you', '3Quote sent', '4Booked', '5Done']);
  expect(steps[0]?.getAttribute('aria-current')).toBe('step');
  expect(screen.getByText('We aim to call you by 09:20')).toBeTruthy();
  expect(within(screen.getByRole('region', { name: 'What you asked for' })).getByText('Tom Okafor')).toBeTruthy();
});

test('once we rang and nobody answered, the page says when we tried instead of when we aim to call', async () => {
  customerLinkPage({ callAttempts: [{ by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:52:00Z') }, { by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:58:00Z') }] });
  expect(await screen.findByText('We tried to call you at 08:58')).toBeTruthy();
  expect(screen.queryByText(/We aim to call you/)).toBeNull();
  expect(screen.queryByText(/sam@se1plumbing/)).toBeNull();
});

test('a message is sent in place, shown with their messages, and staff see it as a note from the customer', async () => {
  const { user, links, token, alerted } = customerLinkPage();
  const box = await screen.findByLabelText('Add a message');
  await user.type(box, 'The leak is worse now');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('Thank you. We have your message, and it is with your request now.')).toBeTruthy();
  expect(within(screen.getByRole('region', { name: 'Your messages' })).getByText('The leak is worse now')).toBeTruthy();
  expect((box as HTMLTextAreaElement).value).toBe('');
  expect(links.quoteOf(token)?.notes[0]).toMatchObject({ text: 'The leak is worse now', by: customerAuthor });
  expect(alerted).toEqual(['The leak is worse now']);
});

test('an empty message is refused beside the box', async () => {
  const { user } = customerLinkPage();
  await user.click(await screen.findByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('Write your message before sending it')).toBeTruthy();
  expect(screen.getByLabelText('Add a message').getAttribute('aria-invalid')).toBe('true');
});

test('"No longer needed" asks first, then closes the request as lost', async () => {
  const { user, links, token } = customerLinkPage();
  await user.click(await screen.findByRole('button', { name: 'No longer needed' }));
  expect(await screen.findByRole('heading', { name: 'Close your request?' })).toBeTruthy();
  expect(links.quoteOf(token)?.status).toBe('new');
  await user.click(screen.getByRole('button', { name: 'Yes, close my request' }));
  expect(await screen.findByText(/Your request is closed/)).toBeTruthy();
  expect(links.quoteOf(token)?.status).toBe('lost');
  expect(screen.queryByRole('button', { name: 'No longer needed' })).toBeNull();
  expect(within(screen.getByRole('article', { name: 'Your request' })).getByText('Closed')).toBeTruthy();
});

test('"Keep my request open" goes back without closing anything', async () => {
  const { user, links, token } = customerLinkPage();
  await user.click(await screen.findByRole('button', { name: 'No longer needed' }));
  await user.click(await screen.findByRole('link', { name: 'Keep my request open' }));
  expect(await screen.findByRole('button', { name: 'No longer needed' })).toBeTruthy();
  expect(links.quoteOf(token)?.status).toBe('new');
});

test('a link that leads nowhere is the site’s 404', async () => {
  renderApp({ path: `/r/${'x'.repeat(43)}`, backend: testBackend({ customerLinkActions: customerLinksOver({ links: new CustomerLinksDouble(), logger: recordingLogger(), alert: { customerWrote: () => Promise.resolve() } }) }) });
  expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
});

test('once the job is done, the page offers one link to review us; followed, it is recorded', async () => {
  const { user, links, token } = customerLinkPage({ status: 'done', respondedAt: new Date('2026-11-20T08:55:00Z') });
  const section = await screen.findByRole('region', { name: 'Leave us a review' });
  expect(within(section).getByText(/tell others how we did/)).toBeTruthy();
  await user.click(within(section).getByRole('link', { name: 'Leave us a review' }));
  // The page then leaves for the review page (which the browser tests follow); here, the record of it.
  await vi.waitFor(() => expect(links.quoteOf(token)?.review?.openedAt).toBeInstanceOf(Date));
});

test('a job not done yet offers no review link', async () => {
  customerLinkPage({ status: 'won', respondedAt: new Date('2026-11-20T08:55:00Z') });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your request' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Leave us a review' })).toBeNull();
});

test('come from a review email to stop them, one button says so for good; nothing stops on opening the page', async () => {
  const { user, links, token } = renderStop();
  const section = await screen.findByRole('region', { name: 'Stop review emails' });
  expect(links.stoppedReviews).toEqual([]);
  await user.click(within(section).getByRole('button', { name: 'Stop review emails' }));
  expect(await screen.findByRole('heading', { name: 'Review emails stopped' })).toBeTruthy();
  expect(links.stoppedReviews).toEqual([links.quoteOf(token)?.email]);
});

function renderStop() {
  const links = new CustomerLinksDouble();
  const token = links.add(sampleInboxQuote({ name: 'Tom Okafor', email: 'tom@example.co.uk', status: 'done', respondedAt: new Date('2026-11-20T08:55:00Z'), createdAt: new Date('2026-11-20T08:50:00Z') }));
  const backend = testBackend({ customerLinkActions: customerLinksOver({ links, logger: recordingLogger(), alert: { customerWrote: () => Promise.resolve() } }) });
  return { links, token, ...renderApp({ path: `/r/${token}?reviews=stop`, backend, now }) };
}

test("once staff book when they will arrive, the page says the latest booking, and nothing of who booked it", async () => {
  const won = sampleInboxQuote({ name: 'Tom Okafor', status: 'won', createdAt: new Date('2026-11-20T08:50:00Z') });
  const booking = (id: string, day: string, from: string, to: string) => ({ kind: 'arrival-booked' as const, id, day, from, to, by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:55:00Z') });
  const links = new CustomerLinksDouble();
  const token = links.add(inboxQuoteOf(won, [...won.activity, booking('b1', '2026-12-02', '08:00', '10:00'), booking('b2', '2026-12-03', '08:00', '10:00')]));
  renderApp({ path: `/r/${token}`, backend: testBackend({ customerLinkActions: customerLinksOver({ links, logger: recordingLogger(), alert: { customerWrote: () => Promise.resolve() } }) }), now });
  expect(await screen.findByText("We'll come on Thursday 3 December between 8am and 10am")).toBeTruthy();
  expect(screen.queryByText(/2 December/)).toBeNull();
  expect(screen.queryByText(/sam@se1plumbing/)).toBeNull();
});

test('a customer who reported a gas smell reads the advice again on their page while the request is open, the gas line first', async () => {
  customerLinkPage({ description: 'strong smell of gas coming from the cooker' });
  const advice = await screen.findByRole('region', { name: 'You told us you can smell gas' });
  const call = within(advice).getByRole('link', { name: 'Smell gas? Call the National Gas Emergency Service now, free, 24 hours: 0800 111 999' });
  expect(call.getAttribute('href')).toBe('tel:0800111999');
  expect(within(advice).getAllByRole('listitem').at(-1)?.textContent).toBe('Ring 0800 111 999 from outside.');
});

test('carbon monoxide reported, the page gives its own steps, with 999', async () => {
  customerLinkPage({ description: 'co alarm going off in the hallway' });
  const advice = await screen.findByRole('region', { name: 'You told us about carbon monoxide' });
  expect(within(advice).getByRole('link', { name: /^Ring 999 if anyone feels unwell/ }).getAttribute('href')).toBe('tel:999');
});

test('a closed request that once reported gas gives no advice', async () => {
  customerLinkPage({ description: 'smell of gas in the hall', status: 'lost' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your request' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'You told us you can smell gas' })).toBeNull();
});

/** A done job's page over the memory store, which records the customer's reminder as staff's steps are. */
function doneJobPage(path: (token: string) => string, activity?: readonly Activity[]) {
  const token = newCustomerToken();
  const store = new InMemoryQuoteRepository({
    now,
    seed: [{ ...sampleInboxQuote({ name: 'Tom Okafor', email: 'tom@example.co.uk', status: 'done', respondedAt: new Date('2026-11-20T08:55:00Z'), createdAt: new Date('2026-11-20T08:50:00Z'), ...(activity && { activity }) }), customerToken: token }],
  });
  const customerLinkActions = customerLinksOver({ links: store, inbox: store, reminderOptOuts: store.reminderOptOuts, logger: recordingLogger(), alert: { customerWrote: () => Promise.resolve() } });
  return { store, token, ...renderApp({ path: path(token), backend: testBackend({ store, customerLinkActions }), now }) };
}

test('once the job is done the customer asks to be reminded of the next visit; without a choice, the choice is named', async () => {
  const { user, store, token } = doneJobPage((token) => `/r/${token}`);
  const card = await screen.findByRole('region', { name: 'Your next service' });
  await user.click(within(card).getByRole('button', { name: 'Remind me when my next service is due' }));
  expect(await within(card).findByText('Choose Boiler service or Landlord gas safety check')).toBeTruthy();
  expect(within(card).getByRole('radio', { name: 'Boiler service' }).getAttribute('aria-invalid')).toBe('true');

  await user.click(within(card).getByRole('radio', { name: 'Landlord gas safety check' }));
  await user.click(within(card).getByRole('button', { name: 'Remind me when my next service is due' }));
  expect(await screen.findByText('Reminder set.')).toBeTruthy();
  expect(within(card).getByText('Your landlord gas safety check is next due by 20 November 2027.')).toBeTruthy();
  expect(within(card).getByText('A check from 20 Sep 2027 keeps 20 Nov as the deadline.')).toBeTruthy();
  const quote = await store.findByToken(token);
  expect(quote?.activity.at(-1)).toMatchObject({ kind: 'reminder-set', service: 'gas-safety-check', doneOn: '2026-11-20', agreed: true, by: customerAuthor });
});

test('a standing reminder is stopped from the page, for good, and the address is never reminded again', async () => {
  const { user, store, token } = doneJobPage((token) => `/r/${token}`);
  const card = await screen.findByRole('region', { name: 'Your next service' });
  await user.click(within(card).getByRole('radio', { name: 'Boiler service' }));
  await user.click(within(card).getByRole('button', { name: 'Remind me when my next service is due' }));
  expect(await within(card).findByText('Your boiler service is next due by 20 November 2027.')).toBeTruthy();
  expect(within(card).queryByText(/keeps/)).toBeNull();
  await user.click(within(card).getByRole('button', { name: 'Stop' }));
  expect(await screen.findByText('Reminders stopped. We will not remind you again.')).toBeTruthy();
  expect(await store.reminderOptOuts.isOptedOut('tom@example.co.uk')).toBe(true);
  const quote = await store.findByToken(token);
  expect(quote?.activity.at(-1)).toMatchObject({ kind: 'reminder-stopped', by: customerAuthor });
});

test('a job not done yet offers no reminder', async () => {
  customerLinkPage({ status: 'won', respondedAt: new Date('2026-11-20T08:55:00Z') });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your request' })).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Your next service' })).toBeNull();
});

const doneInJanuary: Activity = { kind: 'status-moved', id: 'm1', from: 'new', to: 'done', by: 'sam@se1plumbing.example', at: new Date('2026-01-10T10:00:00Z') };
const doneLongAgo: Activity[] = [
  doneInJanuary,
  { kind: 'reminder-set' as const, id: 'r1', service: 'boiler-service' as const, doneOn: '2026-01-10', agreed: true as const, by: 'sam@se1plumbing.example', at: new Date('2026-01-10T10:05:00Z') },
];

test("a reminder email's stop link opens the page with one button, even once the page itself has expired", async () => {
  const { user, store } = doneJobPage((token) => `/r/${token}?reminders=stop`, doneLongAgo);
  expect(await screen.findByRole('heading', { level: 1, name: 'Your service reminders' })).toBeTruthy();
  expect(screen.queryByText(/Where it stands/)).toBeNull();
  expect(await store.reminderOptOuts.isOptedOut('tom@example.co.uk')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Stop reminders' }));
  expect(await screen.findByRole('heading', { name: 'Reminders stopped' })).toBeTruthy();
  expect(await store.reminderOptOuts.isOptedOut('tom@example.co.uk')).toBe(true);
});

test('an expired page without a reminder is not found, stop link or not', async () => {
  doneJobPage((token) => `/r/${token}?reminders=stop`, [doneInJanuary]);
  expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
});
