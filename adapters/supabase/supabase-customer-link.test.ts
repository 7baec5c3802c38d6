import { expect, test } from 'vitest';
import { customerAuthor, noLongerNeededReason } from '../../domain/customer-link/customer-link';
import { closeCustomerRequest, sendCustomerMessage, openCustomerLink } from '../../domain/customer-link/customer-link-actions';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { submitQuote } from '../../domain/quote/submit-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { mockSupabase, staffAccount } from './mock-supabase.test-support';
import { newCustomerToken } from '../../domain/customer-link/customer-link';
import { SupabaseCustomerLink } from './supabase-customer-link';
import { SupabaseNotifier } from './supabase-notifier';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { supabaseProject } = mockSupabase();

/** A visitor's page sends a request; the customer then opens their link in a page of their own. */
async function sentRequest() {
  const project = await supabaseProject();
  const { logger, errors } = recordingLogger();
  const sent = await submitQuote({ quotes: new SupabaseQuoteRepository({ client: project.connect() }), notifier: new SupabaseNotifier({ client: project.connect() }), logger }, sampleDraft());
  if (!sent.ok) throw new Error('the request was not stored');
  const links = new SupabaseCustomerLink({ client: project.connect() });
  return { project, token: sent.quote.customerToken, deps: { links, logger, alert: { customerWrote: () => Promise.resolve() } }, errors };
}

test('the customer opens their request through the function with the token the visitor\'s page made: their fields, where it stands, the promise', async () => {
  const { project, token, deps, errors } = await sentRequest();
  const now = new Date();
  const seen = await openCustomerLink(deps, token, now);
  expect(seen).toMatchObject({ ok: true, view: { quote: { name: 'Priya Raman' }, status: 'new', messages: [] } });
  if (seen.ok) expect(seen.view.callBy).toBeInstanceOf(Date);
  expect(errors).toEqual([]);
  // The token went in the body to the function, never in an address; only its hash reached the table.
  const calls = project.state.seen.filter(({ path }) => path.startsWith('/functions/v1/customer-link'));
  expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /functions/v1/customer-link/view']);
  expect(project.state.seen.every(({ path }) => !path.includes(token))).toBe(true);
  expect(JSON.stringify(await project.storedRows())).not.toContain(token);
});

test('a message shows on the customer\'s page and on the card as a note from the customer; "No longer needed" closes it as lost', async () => {
  const { project, token, deps } = await sentRequest();
  const sent = await sendCustomerMessage(deps, token, 'The leak is worse now', new Date());
  expect(sent).toMatchObject({ ok: true, view: { messages: [{ text: 'The leak is worse now' }] } });
  const closed = await closeCustomerRequest(deps, token, new Date());
  expect(closed).toMatchObject({ ok: true, view: { status: 'lost', callBy: null } });
  if (closed.ok) expect(closed.view.messages.map(({ text }) => text)).toEqual(['The leak is worse now', noLongerNeededReason]);

  project.storeSession(staffAccount.email);
  const inbox = new SupabaseQuoteInbox({ client: project.connect() });
  const [card] = (await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 10, now: new Date() })).quotes;
  expect(card?.notes.map(({ text, by }) => ({ text, by }))).toEqual([
    { text: noLongerNeededReason, by: customerAuthor },
    { text: 'The leak is worse now', by: customerAuthor },
  ]);
  expect(card?.history).toMatchObject([{ from: 'new', to: 'lost', by: customerAuthor }]);
});

test('a token that opens nothing is not-found, alike for one guessed and one malformed', async () => {
  const { deps } = await sentRequest();
  expect(await openCustomerLink(deps, newCustomerToken(), new Date())).toEqual({ ok: false, error: { kind: 'not-found' } });
  expect(await deps.links.findByToken('not-a-token')).toBeUndefined();
  expect(await sendCustomerMessage(deps, newCustomerToken(), 'hello', new Date())).toEqual({ ok: false, error: { kind: 'not-found' } });
});
