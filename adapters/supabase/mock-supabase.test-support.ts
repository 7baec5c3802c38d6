/**
 * Test-only: an msw server answering as Supabase projects do (supabase-api.test-support.ts), each
 * test's on an origin of its own, and clients connected to them as the page would be. Only tests
 * import it.
 */
import type { SupportedStorage } from '@supabase/supabase-js';
import { mswServer } from '../contracts/msw-server.test-support';
import * as v from 'valibot';
import { onTestFinished } from 'vitest';
import { type Account, anonKey, type FakeSupabaseState, issueSession } from './fake-supabase-project.test-support';
import { supabaseHandlers } from './supabase-api.test-support';
import { createSupabaseClient } from './supabase-client';
import { supabaseScratchDatabase } from './supabase-scratch-database.test-support';
import { fakeStorage } from './storage-on-scratch-database.test-support';

export const staffAccount: Account = { email: 'office@se1plumbing.example', password: 'correct horse battery staple', staff: true };

/** Someone with an account in the project who is not staff (sign-ups, another app on the project). */
export const memberAccount: Account = { email: 'sam.okafor@example.co.uk', password: 'my own app password', staff: false };

/** The browser's localStorage, in memory: what supabase-js keeps there can be read back. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage: SupportedStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { items, storage };
}

/** An msw server for the calling test file, with a way to give each test an API of its own. */
export function mockSupabase() {
  const server = mswServer();

  /**
   * A project of its own for one test, with a staff account and an account that is not staff, and
   * a database of its own (dropped when the test finishes).
   */
  async function supabaseProject({ now = () => new Date(), accounts = [staffAccount, memberAccount] }: { now?: () => Date; accounts?: Account[] } = {}) {
    const url = `http://${crypto.randomUUID()}.supabase.test`;
    const database = await supabaseScratchDatabase();
    onTestFinished(() => database.drop());
    const users = accounts.map((account) => ({ ...account, id: crypto.randomUUID() }));
    for (const user of users) {
      await database.owner.query('insert into auth.users (id, email) values ($1, $2)', [user.id, user.email]);
      if (user.staff) await database.owner.query('insert into public.staff (user_id) values ($1)', [user.id]);
    }
    const state: FakeSupabaseState = {
      url,
      now,
      users,
      database,
      sessions: new Map(),
      accessTokens: new Map(),
      refreshTokens: new Map(),
      seen: [],
      notifications: [],
      emails: [],
      mailDown: false,
      alertCalls: [],
      pushes: [],
      storage: fakeStorage(),
    };
    server.use(...supabaseHandlers(state));
    const { items, storage } = memoryStorage();
    // supabase-js's default key: sb-<first label of the project's host>-auth-token.
    const storageKey = `sb-${new URL(url).hostname.split('.')[0] ?? ''}-auth-token`;

    return {
      url,
      state,
      /** Drops the project's database now, rather than when the test finishes. */
      drop: () => database.drop(),
      rest: (table: string) => `${url}/rest/v1/${table}`,
      notificationUrl: `${url}/functions/v1/send-quote-notification`,
      /** The stored requests, oldest first, read as the owner past every policy (timestamps as PostgREST writes them). */
      storedRows: async () =>
        (
          await database.owner.query<{ row: Record<string, unknown> }>(
            'select to_jsonb(q) - $1::text[] as row from public.quote_requests q order by created_at, id',
            [['search_text', 'due_at']],
          )
        ).rows.map(({ row }) => row),
      /** The session supabase-js keeps in local storage, parsed, or undefined. */
      storedSession: (): Record<string, unknown> | undefined => {
        const stored = items.get(storageKey);
        return stored === undefined ? undefined : v.parse(v.record(v.string(), v.unknown()), JSON.parse(stored));
      },
      /**
       * Signs `email` in as on an earlier visit: a session in local storage, with an access token
       * that expires in `expiresIn` seconds (already expired if negative).
       */
      storeSession(email: string, { expiresIn }: { expiresIn?: number } = {}) {
        const user = state.users.find((candidate) => candidate.email === email);
        if (user === undefined) throw new Error(`No account ${email} in the fake project`);
        const session = issueSession(state, user, expiresIn);
        items.set(storageKey, JSON.stringify(session));
        return session;
      },
      /** A client of the project as a page load makes it, sharing this project's local storage. */
      connect({ timeoutMs }: { timeoutMs?: number } = {}) {
        const client = createSupabaseClient({ url, anonKey, storage, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
        onTestFinished(() => client.auth.stopAutoRefresh());
        return client;
      },
    };
  }

  return { server, supabaseProject };
}

export const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
