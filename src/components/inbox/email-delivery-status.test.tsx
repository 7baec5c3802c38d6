import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { minutesBefore, request, testNow } from '../../inbox-test-data.test-support';
import { openCard, openCards, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

const failing = { sentAt: null, lastError: 'SMTP 421 4.7.0 Try again later' };
const stuck = request('stuck', 'Stuck Email', 20, { businessEmail: failing });
const fresh = request('fresh', 'Fresh Failure', 5, { businessEmail: failing });
const sent = request('sent', 'Sent Email', 30, { businessEmail: { sentAt: minutesBefore(29), lastError: null } });
const demo = request('demo', 'Demo Only', 40);

function renderInbox(store: InMemoryQuoteRepository) {
  return renderApp({ path: '/quotes', backend: testBackend({ store }), now: () => testNow });
}

const card = async (name: string) => {
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
};

test('each opened request says how its business email is getting on; one failing for over 10 minutes is flagged', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [stuck, fresh, sent, demo] }));
  await openCards(user);

  const stuckCard = await card('Stuck Email');
  expect(stuckCard.getByText('Email to the business failing')).toBeTruthy();
  expect(stuckCard.getByText('Last error: SMTP 421 4.7.0 Try again later')).toBeTruthy();
  expect(stuckCard.getByRole('button', { name: 'Resend email about Stuck Email' })).toBeTruthy();

  const freshCard = await card('Fresh Failure');
  expect(freshCard.queryByText('Email to the business failing')).toBeNull();
  expect(freshCard.getByText('Email to the business not sent yet')).toBeTruthy();
  expect((await card('Sent Email')).getByText(/Emailed to the business/).textContent).toBe('Emailed to the business 20/11/2026 11:31');
  expect((await card('Demo Only')).queryByText(/business/)).toBeNull();
});

test('Resend email queues it again: a toast says so and the flag goes', async () => {
  const store = new InMemoryQuoteRepository({ seed: [stuck] });
  const { user } = renderInbox(store);
  await openCard(user, 'Stuck Email');

  await user.click((await card('Stuck Email')).getByRole('button', { name: 'Resend email about Stuck Email' }));

  const status = await screen.findByRole('status');
  expect(await within(status).findByText('Email queued')).toBeTruthy();
  expect((await card('Stuck Email')).queryByText('Email to the business failing')).toBeNull();
  expect((await storedQuotes(store))[0]?.businessEmail).toEqual({ sentAt: testNow, lastError: null });
});

test('when the resend cannot be asked for, a destructive toast says so and the flag stays', async () => {
  class Unreachable extends InMemoryQuoteRepository {
    override resendBusinessEmail() {
      return Promise.reject(new Error('database unreachable'));
    }
  }
  const { user } = renderInbox(new Unreachable({ seed: [stuck] }));
  await openCard(user, 'Stuck Email');

  await user.click((await card('Stuck Email')).getByRole('button', { name: 'Resend email about Stuck Email' }));

  expect(await within(screen.getByRole('alert')).findByText('Could not resend the email')).toBeTruthy();
  expect((await card('Stuck Email')).getByText('Email to the business failing')).toBeTruthy();
});

test('while the server has no mail server set up, one banner above the list says the emails wait, instead of every card', async () => {
  /** A host that keeps the business's emails but cannot send them yet, as our server without SMTP_URL. */
  class NoMailServer extends InMemoryQuoteRepository {
    override async findPage(...request: Parameters<InMemoryQuoteRepository['findPage']>) {
      return { ...(await super.findPage(...request)), emailNotSetUp: true as const };
    }
  }
  const waiting = { sentAt: null, lastError: null };
  const { user } = renderInbox(
    new NoMailServer({ seed: [request('one', 'First Waiting', 5, { businessEmail: waiting }), request('two', 'Second Waiting', 8, { businessEmail: waiting }), sent] }),
  );
  await openCards(user);

  expect(screen.getAllByText('Emails to the business are waiting: email is not set up yet')).toHaveLength(1);
  expect(screen.getByText('docs/deploy.md#7-email')).toBeTruthy();
  expect(screen.queryByText('Email to the business not sent yet')).toBeNull();
  expect((await card('Sent Email')).getByText(/Emailed to the business/)).toBeTruthy();
});

test('a server that sends its emails, or the demo, which keeps none, shows no banner', async () => {
  const { user } = renderInbox(new InMemoryQuoteRepository({ seed: [fresh, demo] }));
  await openCards(user);
  expect((await card('Fresh Failure')).getByText('Email to the business not sent yet')).toBeTruthy();
  expect(screen.queryByText(/email is not set up yet/)).toBeNull();
});
