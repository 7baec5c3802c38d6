import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import type { QuoteInbox } from '../../domain/ports/quote-inbox';
import { hasDeliveryTrouble } from '../../domain/inbox/resend-business-email';
import { NotSignedIn } from '../../domain/staff/staff';
import { submitQuote } from '../../domain/quote/submit-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { memberAccount, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseNotifier } from './supabase-notifier';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const draft = sampleDraft();

// The inbox's HTTP behaviour beyond the contract suite (supabase-quote-inbox.test.ts): what it sends,
// how it fails, and the business email, whose function runs its real handler in the fake project.

const { server, supabaseProject } = mockSupabase();

const minute = 60_000;
const everything = { ...defaultInboxQuery, view: 'all' as const };

/** A project where a visitor has just sent a request, its email sent (or not, with the mail server down). */
async function projectWithSubmittedRequest({ mailDown = false } = {}) {
  const project = await supabaseProject();
  project.state.mailDown = mailDown;
  const client = project.connect();
  const { logger } = recordingLogger();
  const submitted = await submitQuote({ quotes: new SupabaseQuoteRepository({ client }), notifier: new SupabaseNotifier({ client }), logger }, draft);
  if (!submitted.ok) throw new Error('the visitor could not submit');
  project.state.mailDown = false;
  project.state.seen.length = 0;
  return { project, quote: submitted.quote };
}

/** The inbox as the page has it: through its port. */
function staffInbox(project: Awaited<ReturnType<typeof supabaseProject>>, email = staffAccount.email): QuoteInbox {
  project.storeSession(email);
  return new SupabaseQuoteInbox({ client: project.connect() });
}

async function shown(inbox: QuoteInbox, id: string) {
  const page = await inbox.findPage({ query: everything, after: null, limit: 50, now: new Date() });
  return page.quotes.find((quote) => quote.id === id);
}

test('the inbox shows how the business email went: sent, with its time', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);

  const email = (await shown(inbox, quote.id))?.businessEmail;
  expect(email?.lastError).toBeNull();
  expect(email?.sentAt).toBeInstanceOf(Date);
  expect(project.state.emails).toHaveLength(1);
});

test('an email that failed shows its error, is flagged after 10 minutes, and staff resend it once', async () => {
  const { project, quote } = await projectWithSubmittedRequest({ mailDown: true });
  const inbox = staffInbox(project);
  const failed = await shown(inbox, quote.id);
  expect(failed?.businessEmail).toEqual({ sentAt: null, lastError: 'SMTP send failed: connection refused' });
  expect(failed && hasDeliveryTrouble(failed, new Date(quote.createdAt.getTime() + 11 * minute))).toBe(true);
  expect(project.state.emails).toEqual([]);

  expect(await inbox.resendBusinessEmail(quote.id, new Date())).toBe('queued');
  const resent = project.state.seen.find(({ path }) => path === '/functions/v1/send-quote-notification');
  expect(JSON.parse(resent?.body ?? '')).toEqual({ resend: quote.id });
  expect(resent?.headers.get('authorization')).toBe(`Bearer ${String(project.storedSession()?.access_token)}`);
  expect(project.state.emails.map(({ subject }) => subject)).toEqual([expect.stringContaining(quote.name)]);
  expect((await shown(inbox, quote.id))?.businessEmail).toEqual({ sentAt: expect.any(Date) as unknown, lastError: null });

  expect(await inbox.resendBusinessEmail(quote.id, new Date())).toBe('already-sent');
  expect(await inbox.resendBusinessEmail('00000000-0000-4000-8000-000000000000', new Date())).toBe('not-found');
  expect(project.state.emails).toHaveLength(1);
});

test('a resend that fails again rejects saying so, and the row keeps the error', async () => {
  const { project, quote } = await projectWithSubmittedRequest({ mailDown: true });
  const inbox = staffInbox(project);
  project.state.mailDown = true;

  await expect(inbox.resendBusinessEmail(quote.id, new Date())).rejects.toThrow(
    /^Resending the business email failed: the function answered 502 \(\{"error":"notification-failed"/,
  );
  expect((await shown(inbox, quote.id))?.businessEmail).toEqual({ sentAt: null, lastError: 'SMTP send failed: connection refused' });
});

test('resending is for staff: someone else is not signed in, and without a session nothing is asked', async () => {
  const { project, quote } = await projectWithSubmittedRequest({ mailDown: true });
  const noSession: QuoteInbox = new SupabaseQuoteInbox({ client: project.connect() });
  await expect(noSession.resendBusinessEmail(quote.id, new Date())).rejects.toBeInstanceOf(NotSignedIn);
  expect(project.state.seen).toEqual([]);

  const member = staffInbox(project, memberAccount.email);
  await expect(member.resendBusinessEmail(quote.id, new Date())).rejects.toBeInstanceOf(NotSignedIn);
  expect(project.state.emails).toEqual([]);
});

test('changing a status sends the move alone: the database stamps who and when, whatever by and at say', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);
  const at = new Date('2001-01-01T00:00:00Z');

  const result = await inbox.changeStatus({ id: quote.id, from: 'new', to: 'contacted', by: 'someone@else.example', at, respondedAt: at });

  const [call] = project.state.seen;
  expect(call?.path).toBe('/rest/v1/rpc/change_quote_status');
  expect(JSON.parse(call?.body ?? '')).toEqual({ quote_id: quote.id, from_status: 'new', to_status: 'contacted' });
  if (result.outcome !== 'changed') throw new Error(result.outcome);
  expect(result.quote.history).toEqual([{ from: 'new', to: 'contacted', by: staffAccount.email, at: expect.any(Date) as unknown }]);
  expect(result.quote.respondedAt?.getTime()).toBeGreaterThan(at.getTime());
});

test('a move the database does not allow rejects: the domain should never have asked it', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);
  await expect(inbox.changeStatus({ id: quote.id, from: 'new', to: 'won', by: '', at: new Date(), respondedAt: null })).rejects.toThrow(
    'Changing the status of the quote request failed: the database does not allow a move from new to won',
  );
});

test('someone signed in who is not staff cannot change a status: the function refuses (403)', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const member = staffInbox(project, memberAccount.email);
  await expect(member.changeStatus({ id: quote.id, from: 'new', to: 'contacted', by: '', at: new Date(), respondedAt: null })).rejects.toThrow(
    /^Changing the status of the quote request failed: the database answered 403 \(42501: permission denied for function change_quote_status\)$/,
  );
  expect(await member.addNote({ quoteId: quote.id, text: 'Mine', by: '', at: new Date() })).toBeUndefined();
  expect(await member.clockRecords(new Date(0))).toEqual([]);
});

test('a token PostgREST refuses is NotSignedIn for every call', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);
  server.use(
    http.post(`${project.url}/rest/v1/rpc/*`, () =>
      HttpResponse.json({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }, { status: 401 }),
    ),
  );
  const calls = [
    () => inbox.changeStatus({ id: quote.id, from: 'new', to: 'contacted', by: '', at: new Date(), respondedAt: null }),
    () => inbox.addNote({ quoteId: quote.id, text: 'Called', by: '', at: new Date() }),
    () => inbox.clockRecords(new Date(0)),
  ];
  for (const call of calls) await expect(call()).rejects.toBeInstanceOf(NotSignedIn);
});

test('notes are added as the signed-in staff member; an unknown or malformed request id gets none', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);

  const note = await inbox.addNote({ quoteId: quote.id, text: 'Going round at 4pm.', by: 'ignored@example.com', at: new Date(0) });
  expect(note).toEqual({ id: expect.any(String) as unknown, text: 'Going round at 4pm.', by: staffAccount.email, at: expect.any(Date) as unknown });
  expect(JSON.parse(project.state.seen[0]?.body ?? '')).toEqual({ quote_id: quote.id, note_text: 'Going round at 4pm.' });
  expect(await inbox.addNote({ quoteId: '00000000-0000-4000-8000-000000000000', text: 'x', by: '', at: new Date() })).toBeUndefined();
  expect(await inbox.addNote({ quoteId: 'q-1', text: 'x', by: '', at: new Date() })).toBeUndefined();
  expect(project.state.seen).toHaveLength(2);
});

test('clock records are the recent requests and every one still waiting, parsed', async () => {
  const { project, quote } = await projectWithSubmittedRequest();
  const inbox = staffInbox(project);
  const createdAt = (await shown(inbox, quote.id))?.createdAt;
  expect(await inbox.clockRecords(new Date(Date.now() + 60 * minute))).toEqual([{ createdAt, urgent: false, respondedAt: null }]);
  await inbox.changeStatus({ id: quote.id, from: 'new', to: 'contacted', by: '', at: new Date(), respondedAt: null });
  expect(await inbox.clockRecords(new Date(Date.now() + 60 * minute))).toEqual([]);
  expect(await inbox.clockRecords(new Date(0))).toEqual([{ createdAt, urgent: false, respondedAt: expect.any(Date) as unknown }]);
});
