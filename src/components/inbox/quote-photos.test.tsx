import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { PhotoRef } from '../../../domain/photos/photos';
import type { PhotoLinks } from '../../../domain/ports/photos';
import { request, testNow } from '../../inbox-test-data.test-support';
import { openCard, renderApp, testBackend } from '../../test-app.test-support';

const photos: PhotoRef[] = [
  { id: 'p1', width: 2048, height: 1536, thumbnailWidth: 320, thumbnailHeight: 240 },
  { id: 'p2', width: 1536, height: 2048, thumbnailWidth: 240, thumbnailHeight: 320 },
];

/** Links as our API gives them: a path for each photo and size. */
const apiLinks: PhotoLinks = {
  photoUrl: (quoteId, photo, size) => Promise.resolve(`/api/quote-requests/${quoteId}/photos/${photo.id}${size === 'full' ? '' : '/thumbnail'}`),
};

/** The card of the request from `name`, opened: its photos are among its details. */
async function cardOf(user: UserEvent, name: string) {
  await openCard(user, name);
  const found = (await screen.findByRole('heading', { name })).closest('article');
  if (!(found instanceof HTMLElement)) throw new Error(`no card for ${name}`);
  return within(found);
}

test('each opened card shows its photos as thumbnails, laid out at their size, each opening the photo full size in a new tab', async () => {
  const store = new InMemoryQuoteRepository({ seed: [{ ...request('priya', 'Priya Raman', 10), photos }] });
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store, photos: { sender: testBackend().photos.sender, links: apiLinks } }), now: () => testNow });
  const card = await cardOf(user, 'Priya Raman');

  const list = card.getByRole('list', { name: 'Photos (2)' });
  const first = await within(list).findByRole('img', { name: 'Photo 1 of 2 from Priya Raman' });
  expect(first.getAttribute('src')).toBe('/api/quote-requests/priya/photos/p1/thumbnail');
  expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['320', '240']);
  const second = await within(list).findByRole('img', { name: 'Photo 2 of 2 from Priya Raman' });
  expect([second.getAttribute('width'), second.getAttribute('height')]).toEqual(['240', '320']);

  const link = first.closest('a');
  expect(link?.getAttribute('href')).toBe('/api/quote-requests/priya/photos/p1');
  expect(link?.getAttribute('target')).toBe('_blank');
  expect(link?.getAttribute('rel')).toContain('noopener');
});

test('an opened card without photos shows no photo row', async () => {
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store: new InMemoryQuoteRepository({ seed: [request('tom', 'Tom Okafor', 20)] }) }), now: () => testNow });
  const card = await cardOf(user, 'Tom Okafor');
  expect(card.queryByRole('list', { name: /^Photos/ })).toBeNull();
});

test('a photo whose link cannot be had says so in its place, naming which photo it is', async () => {
  const store = new InMemoryQuoteRepository({ seed: [{ ...request('priya', 'Priya Raman', 10), photos: photos.slice(0, 1) }] });
  const failing: PhotoLinks = { photoUrl: () => Promise.reject(new Error('offline')) };
  const { user } = renderApp({ path: '/quotes', backend: testBackend({ store, photos: { sender: testBackend().photos.sender, links: failing } }), now: () => testNow });
  const card = await cardOf(user, 'Priya Raman');

  expect(await card.findByText('Photo 1 of 1 from Priya Raman: cannot be shown now')).toBeTruthy();
});
