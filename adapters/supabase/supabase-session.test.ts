import { expect, test } from 'vitest';
import { findQuotes } from '../../domain/inbox/find-quotes';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { mockSupabase, staffAccount } from './mock-supabase.test-support';
import { SupabaseQuoteInbox } from './supabase-quote-inbox';
import { SupabaseQuoteRepository } from './supabase-quote-repository';
import { SupabaseStaffAuth } from './supabase-staff-auth';
import { recordingLogger } from '../memory/recording-logger.test-support';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const quote = sampleQuote();

const { supabaseProject } = mockSupabase();

const allQuotes = { ...defaultInboxQuery, view: 'all' as const };

/** A project with one request, and staff signed in on an earlier visit whose access token expired a minute ago. */
async function expiredStaffSession() {
  const project = await supabaseProject();
  await new SupabaseQuoteRepository({ client: project.connect() }).insert(quote);
  const expired = project.storeSession(staffAccount.email, { expiresIn: -60 });
  project.state.seen.length = 0;
  return { project, expired };
}

test('an expired access token is refreshed with the refresh token, and the list then works', async () => {
  const { project, expired } = await expiredStaffSession();
  const inbox = new SupabaseQuoteInbox({ client: project.connect() });
  const { logger, errors } = recordingLogger();

  const result = await findQuotes({ inbox, logger }, { query: allQuotes, after: null, now: new Date() });

  expect(result).toMatchObject({ ok: true, page: { quotes: [{ name: quote.name }] } });
  expect(errors).toEqual([]);
  const refresh = project.state.seen.find(({ path }) => path === '/auth/v1/token?grant_type=refresh_token');
  expect(JSON.parse(refresh?.body ?? '')).toEqual({ refresh_token: expired.refresh_token });
  const read = project.state.seen.find(({ path }) => path.startsWith('/rest/v1/rpc/inbox_page'));
  const stored = project.storedSession();
  expect(stored?.access_token).not.toBe(expired.access_token);
  expect(read?.headers.get('authorization')).toBe(`Bearer ${String(stored?.access_token)}`);
  // The refresh happens once, before the read, and the expired token is never sent.
  expect(project.state.seen.map(({ method, path }) => `${method} ${path.split('?')[0] ?? ''}`)).toEqual([
    'POST /auth/v1/token',
    'POST /rest/v1/rpc/inbox_page',
  ]);
  expect(project.state.seen.some(({ headers }) => headers.get('authorization') === `Bearer ${expired.access_token}`)).toBe(false);
});

test('a refresh the auth server refuses ends the session: not-signed-in, and nothing stored', async () => {
  const { project, expired } = await expiredStaffSession();
  // Signed out everywhere from another device meanwhile: the refresh token is revoked.
  for (const session of project.state.sessions.values()) session.revoked = true;
  const client = project.connect();
  const { logger, errors } = recordingLogger();

  expect(await findQuotes({ inbox: new SupabaseQuoteInbox({ client }), logger }, { query: allQuotes, after: null, now: new Date() })).toEqual({
    ok: false,
    error: { kind: 'not-signed-in' },
  });
  expect(errors).toEqual([]);
  expect(project.state.seen.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /auth/v1/token?grant_type=refresh_token']);
  expect(JSON.parse(project.state.seen[0]?.body ?? '')).toEqual({ refresh_token: expired.refresh_token });
  expect(project.storedSession()).toBeUndefined();
  expect(await new SupabaseStaffAuth({ client }).currentStaff()).toBeNull();
});

test('currentStaff refreshes an expired session too, and the staff member is still signed in', async () => {
  const { project } = await expiredStaffSession();

  expect(await new SupabaseStaffAuth({ client: project.connect() }).currentStaff()).toEqual({ email: staffAccount.email });
  expect(project.state.seen.map(({ path }) => path)).toContain('/auth/v1/token?grant_type=refresh_token');
});
