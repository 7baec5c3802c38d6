import { expect, test } from 'vitest';
import type { BackendModule } from './backends/backend';
import { createSiteContext } from './site-context';

const noPorts = () => Promise.reject(new Error('no ports in this test'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a page no server sent holds the form token it was given as its scripts started, once it has come', async () => {
  let hand: (token: string) => void = () => undefined;
  const backend: BackendModule = {
    formToken: () => new Promise<string>((resolve) => (hand = resolve)),
    load: noPorts,
  };
  const context = createSiteContext(backend, noPorts);
  expect(context.pageFormToken()).toBeUndefined();
  hand('1764165720000.signed');
  await settle();
  expect(context.pageFormToken()).toBe('1764165720000.signed');
});

test('a token that could not be had leaves the page without one, and nothing thrown', async () => {
  const backend: BackendModule = { formToken: () => Promise.reject(new Error('offline')), load: noPorts };
  const context = createSiteContext(backend, noPorts);
  await settle();
  expect(context.pageFormToken()).toBeUndefined();
  // A server put the token in the page itself: nothing is asked for.
  expect(createSiteContext({ load: noPorts }, noPorts).pageFormToken()).toBeUndefined();
});
