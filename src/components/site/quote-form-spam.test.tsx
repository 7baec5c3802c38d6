import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import { PageFormTokens, pageFormToken } from '../../../adapters/memory/page-form-tokens';
import { customerLinkPrefix, customerTokenPattern } from '../../../domain/customer-link/customer-link';
import { defaultInboxQuery, spamView } from '../../../domain/inbox/inbox-query';
import { renderApp, storedQuotes, testBackend } from '../../test-app.test-support';

async function sendRequest(store: InMemoryQuoteRepository, notifier: InMemoryNotifier, before?: (form: HTMLElement) => void) {
  const { user } = renderApp({ backend: testBackend({ store, notifier }) });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  const field = (name: string) => within(form).getByLabelText(name, { exact: false });
  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'Heating Services');
  await user.type(field('Describe the job'), 'Radiator in the hall is cold');
  before?.(form);
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));
  await screen.findByText('Quote Request Submitted!');
  return form;
}

const spamFolder = async (store: InMemoryQuoteRepository) =>
  (await store.findPage({ query: { ...defaultInboxQuery, view: spamView }, after: null, limit: 10, now: new Date() })).quotes;

const hidden = (form: HTMLElement, name: string) => {
  const input = form.querySelector(`input[name="${name}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return input;
};

test("the thanks link to the customer's own page of their request, and the link finds it", async () => {
  const store = new InMemoryQuoteRepository();
  await sendRequest(store, new InMemoryNotifier());

  const link = within(screen.getByRole('status')).getByRole('link', { name: 'Follow your request' });
  const href = link.getAttribute('href') ?? '';
  expect(href.startsWith(customerLinkPrefix)).toBe(true);
  const token = href.slice(customerLinkPrefix.length);
  expect(token).toMatch(customerTokenPattern);
  expect((await store.findByToken(token))?.name).toBe('Sam Carter');
});

test('the form holds an empty token for the server to fill, and a hidden field only bots see', async () => {
  renderApp();
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  expect(hidden(form, 'form_token').type).toBe('hidden');
  expect(hidden(form, 'form_token').getAttribute('value')).toBeNull();
  expect(hidden(form, 'website').closest('[aria-hidden="true"]')).not.toBeNull();
});

test('a filled hidden field sends the request to the Spam folder; the sender is thanked alike, and nobody is told', async () => {
  const store = new InMemoryQuoteRepository();
  const notifier = new InMemoryNotifier();
  await sendRequest(store, notifier, (form) => {
    hidden(form, 'website').value = 'https://seo.example';
  });

  expect(within(screen.getByRole('status')).getByRole('link', { name: 'Follow your request' })).toBeTruthy();
  expect((await spamFolder(store)).map(({ name, spam }) => [name, spam?.reasons.map(({ signal }) => signal)])).toEqual([
    ['Sam Carter', ['honeypot', 'no-form-token']],
  ]);
  expect(await storedQuotes(store)).toEqual([]);
  expect(notifier.sent).toEqual([]);
});

test("the page's token goes with the request: one issued a moment before the post is too fast for a person", async () => {
  const store = new InMemoryQuoteRepository({ formTokens: new PageFormTokens() });
  await sendRequest(store, new InMemoryNotifier(), (form) => {
    hidden(form, 'form_token').value = pageFormToken(new Date(Date.now() - 1000));
  });

  expect((await spamFolder(store))[0]?.spam?.reasons.map(({ signal }) => signal)).toEqual(['too-fast']);
});

test("a person's request with the page's token reaches the inbox", async () => {
  const store = new InMemoryQuoteRepository({ formTokens: new PageFormTokens() });
  const notifier = new InMemoryNotifier();
  await sendRequest(store, notifier, (form) => {
    hidden(form, 'form_token').value = pageFormToken(new Date(Date.now() - 60_000));
  });

  expect(await spamFolder(store)).toEqual([]);
  expect((await storedQuotes(store)).map(({ name }) => name)).toEqual(['Sam Carter']);
  expect(notifier.sent).toHaveLength(1);
});
