import { expect, test } from 'vitest';
import { defaultInboxQuery, spamView } from '../../domain/inbox/inbox-query';
import { submitQuote } from '../../domain/quote/submit-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { memberAccount, mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseNotifier } from './supabase-notifier';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';

const { supabaseProject } = mockSupabase();

/** A bot's request through the visitor's page: the hidden field filled, and a throwaway address. */
async function botRequest() {
  const project = await supabaseProject();
  const { logger, errors } = recordingLogger();
  const client = project.connect();
  const deps = { quotes: new SupabaseQuoteRepository({ client }), notifier: new SupabaseNotifier({ client }), logger };
  const sent = await submitQuote(deps, { ...sampleDraft(), email: 'bot@mailinator.com' }, { honeypotFilled: true, formToken: null });
  if (!sent.ok) throw new Error('the request was not stored');
  return { project, quote: sent.quote, errors };
}

const staffInbox = (project: Awaited<ReturnType<typeof supabaseProject>>, email = staffAccount.email) => {
  project.storeSession(email);
  return new SupabaseQuoteInbox({ client: project.connect() });
};

test('a request the database judges spam goes to the Spam folder: the page cannot tell, nobody is emailed or alerted', async () => {
  const { project, quote, errors } = await botRequest();
  // The page hears what it hears of any request: stored, with a customer link; never the verdict.
  expect(quote.heldAsSpam).toBeUndefined();
  expect(quote.customerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(errors).toEqual([]);
  expect(project.state.emails).toEqual([]);
  expect(project.state.pushes).toEqual([]);
  const [row] = await project.storedRows();
  expect(row).toMatchObject({ honeypot_filled: true, spam_score: 13, business_email_sent_at: null });

  const inbox = staffInbox(project);
  const now = new Date();
  const spam = await inbox.findPage({ query: { ...defaultInboxQuery, view: spamView }, after: null, limit: 10, now });
  expect(spam.quotes.map(({ id, spam: mark }) => ({ id, mark }))).toEqual([
    {
      id: quote.id,
      mark: {
        score: 13,
        reasons: [
          { signal: 'honeypot', weight: 10 },
          { signal: 'disposable-email', weight: 3 },
        ],
        sentAt: expect.any(Date) as unknown,
        cleared: null,
      },
    },
  ]);
  for (const view of ['all', 'new'] as const) {
    expect((await inbox.findPage({ query: { ...defaultInboxQuery, view }, after: null, limit: 10, now })).total, view).toBe(0);
  }
  expect(await inbox.clockRecords(new Date(0))).toEqual([]);
});

test('"Not spam" moves it to Waiting as the staff member, now: then it is emailed and alerted as a new request', async () => {
  const { project, quote } = await botRequest();
  const inbox = staffInbox(project);
  const before = new Date();
  const cleared = await inbox.clearSpam({ id: quote.id });
  if (cleared.outcome !== 'cleared') throw new Error(`expected cleared, got ${cleared.outcome}`);
  expect(cleared.quote.spam).toMatchObject({ score: 13, cleared: { by: staffAccount.email, at: expect.any(Date) as unknown } });
  expect(cleared.quote.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  expect(cleared.quote.spam?.sentAt.getTime()).toBeLessThanOrEqual(cleared.quote.createdAt.getTime());
  expect(project.state.emails.map(({ subject }) => subject)).toEqual(['Bathroom Installation request from Priya Raman']);
  expect(project.state.alertCalls).toEqual([{ id: quote.id }, { id: quote.id }]);

  const now = new Date();
  const waiting = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 10, now });
  expect(waiting.quotes.map(({ id }) => id)).toEqual([quote.id]);
  expect(await inbox.clockRecords(new Date(0))).toHaveLength(1);
  expect(await inbox.clearSpam({ id: quote.id })).toEqual({ outcome: 'not-spam' });
  expect(await inbox.clearSpam({ id: crypto.randomUUID() })).toEqual({ outcome: 'not-found' });
  expect(await inbox.clearSpam({ id: 'not-an-id' })).toEqual({ outcome: 'not-found' });
});

test('only staff may say a request is not spam', async () => {
  const { project, quote } = await botRequest();
  await expect(staffInbox(project, memberAccount.email).clearSpam({ id: quote.id })).rejects.toThrow();
  const [row] = await project.storedRows();
  expect(row).toMatchObject({ spam_cleared_at: null });
});
