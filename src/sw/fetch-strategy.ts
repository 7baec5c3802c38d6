/** The inbox's own address: its page, whatever the query (the filters live in it). */
export const inboxPath = '/quotes';

/**
 * How the inbox's service worker answers a request from a page it controls:
 * - 'page': opening the inbox: the network first, keeping the last good copy for when there is none;
 * - 'asset': the build's hashed files, which never change: from the cache first, kept as fetched;
 * - 'network': everything else, the API above all, left to the browser and never cached.
 */
export type FetchStrategy = 'page' | 'asset' | 'network';

export function fetchStrategy(request: { method: string; mode: string; url: string }, origin: string): FetchStrategy {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (request.mode === 'navigate' && (url.pathname === inboxPath || url.pathname.startsWith(`${inboxPath}/`))) return 'page';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'network';
}
