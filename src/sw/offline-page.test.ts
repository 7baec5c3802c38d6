import { expect, test } from 'vitest';
import { fetchStrategy } from './fetch-strategy';
import { offlinePageHtml } from './offline-page';

test('the offline page says plainly that the device is offline, what to do, and offers to try again', () => {
  const document = new DOMParser().parseFromString(offlinePageHtml(), 'text/html');
  expect(document.documentElement.lang).toBe('en-GB');
  expect(document.title).toBe("You're offline | SE1 Plumbing & Heating");
  expect(document.querySelector('h1')?.textContent).toBe("You're offline");
  expect(document.querySelector('p')?.textContent).toContain('Check that Wi-Fi or mobile data is on');
  const retry = document.querySelector('a');
  expect(retry?.textContent).toBe('Try again');
  expect(retry?.getAttribute('href')).toBe('/quotes');
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(document.querySelector('meta[name="viewport"]')).not.toBeNull();
});

const origin = 'https://www.se1plumbing.example';
const request = (path: string, mode = 'navigate', method = 'GET') => ({ url: `${origin}${path}`, mode, method });

test('the inbox page comes from the network first, hashed files from the cache, and the API is never cached', () => {
  expect(fetchStrategy(request('/quotes'), origin)).toBe('page');
  expect(fetchStrategy(request('/quotes?view=all&q=900123'), origin)).toBe('page');
  expect(fetchStrategy(request('/assets/index-abc123.js', 'cors'), origin)).toBe('asset');
  expect(fetchStrategy(request('/assets/index-abc123.css', 'no-cors'), origin)).toBe('asset');
  for (const other of [
    request('/api/quote-requests?view=new', 'cors'),
    request('/api/quote-requests/q-1/take', 'cors', 'POST'),
    request('/api/session', 'cors'),
    request('/quotes', 'navigate', 'POST'),
    // The scope /quotes matches these names too; they are files, not the inbox.
    request('/quotes-sw.js', 'same-origin'),
    request('/quotes.webmanifest', 'cors'),
    request('/quotes.webmanifest'),
    request('/quotesx'),
    request('/icon-192.png', 'no-cors'),
  ]) {
    expect(fetchStrategy(other, origin), `${other.method} ${other.url}`).toBe('network');
  }
  expect(fetchStrategy({ url: 'https://elsewhere.example/assets/x.js', mode: 'cors', method: 'GET' }, origin)).toBe('network');
});
