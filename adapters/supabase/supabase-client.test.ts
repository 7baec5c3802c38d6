import { expect, test } from 'vitest';
import { parseSupabaseConfig } from './supabase-config';

const env = { VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_publishable_abc123' };

test('the project comes from VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY', () => {
  expect(parseSupabaseConfig({ ...env, VITE_BACKEND: 'supabase' })).toEqual({
    url: 'https://abcdefghijklmnop.supabase.co',
    anonKey: 'sb_publishable_abc123',
  });
  expect(parseSupabaseConfig({ ...env, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' }).url).toBe('http://127.0.0.1:54321');
});

test.for([
  { problem: 'no URL', given: { VITE_SUPABASE_ANON_KEY: env.VITE_SUPABASE_ANON_KEY }, says: /VITE_SUPABASE_URL must be set/ },
  { problem: 'an empty URL', given: { ...env, VITE_SUPABASE_URL: ' ' }, says: /VITE_SUPABASE_URL must be set/ },
  { problem: 'a URL that is not one', given: { ...env, VITE_SUPABASE_URL: 'abcdefghijklmnop' }, says: /VITE_SUPABASE_URL must be a URL/ },
  { problem: 'a URL of another scheme', given: { ...env, VITE_SUPABASE_URL: 'ftp://example.com' }, says: /VITE_SUPABASE_URL must be an http:\/\/ or https:\/\/ URL/ },
  { problem: 'no key', given: { VITE_SUPABASE_URL: env.VITE_SUPABASE_URL }, says: /VITE_SUPABASE_ANON_KEY must be set/ },
  { problem: 'an empty key', given: { ...env, VITE_SUPABASE_ANON_KEY: '' }, says: /VITE_SUPABASE_ANON_KEY must be set/ },
  { problem: 'nothing at all', given: {}, says: /VITE_SUPABASE_URL must be set.+; VITE_SUPABASE_ANON_KEY must be set/ },
])('$problem stops the app with a message naming the variable', ({ given, says }) => {
  expect(() => parseSupabaseConfig(given)).toThrow(says);
});
