import { expect, test } from 'vitest';
import { interactionEvents, interactionLoader, loggedNotFoundAttribute, notFoundTitleId, pendingSubmitAttribute } from './interaction-loader';

const entry = '/assets/home-H.js';
const chunks = ['/assets/helper.js', '/assets/chunk-B.js'];

/**
 * A fresh window (an iframe's) with a button in its page and the loader run in it as the page runs
 * it, as an inline script; what it listens for, and any timer it asks for, recorded.
 */
function pageWithLoader(options: Parameters<typeof interactionLoader>[2] = {}) {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const window = frame.contentWindow;
  const document_ = frame.contentDocument;
  if (!window || !document_) throw new Error('The frame has no window');
  // Only the loader's own listeners are recorded: jsdom's selector engine keeps some of its own.
  const listening: { type: string; options: unknown }[] = [];
  const stopped: { type: string; options: unknown }[] = [];
  const loaders = new Set<unknown>();
  let running = false;
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  window.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (running) {
      loaders.add(listener);
      listening.push({ type, options });
    }
    add(type, listener, options);
  }) as typeof window.addEventListener;
  window.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => {
    if (loaders.has(listener)) stopped.push({ type, options });
    remove(type, listener, options);
  }) as typeof window.removeEventListener;
  const timers: string[] = [];
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback', 'queueMicrotask'] as const) {
    Object.defineProperty(window, name, { value: () => timers.push(name), configurable: true });
  }
  document_.body.innerHTML = '<section id="quote-section" tabindex="-1"><form><input name="name"><button>Send</button></form></section>';
  const script = document_.createElement('script');
  script.textContent = interactionLoader(entry, chunks, options);
  running = true;
  document_.head.append(script);
  running = false;
  const loaded = () => ({
    scripts: [...document_.querySelectorAll('script[src]')].map((tag) => tag.outerHTML),
    preloads: [...document_.querySelectorAll('link')].map((tag) => tag.outerHTML),
  });
  const button = document_.querySelector('button');
  const section = document_.querySelector('section');
  if (!button || !section) throw new Error('The page has no button or section');
  return { window, document: document_, button, section, listening, stopped, timers, loaded };
}

test('nothing is fetched until the visitor acts, and nothing is scheduled to fetch it later', () => {
  const { button, timers, loaded } = pageWithLoader();
  // Moving over the page, or scrolling it with a wheel, is reading it, not acting on it.
  for (const type of ['mousemove', 'pointermove', 'pointerover', 'wheel', 'scroll']) button.dispatchEvent(new Event(type, { bubbles: true }));
  expect(loaded()).toEqual({ scripts: [], preloads: [] });
  expect(timers).toEqual([]);
});

// The four the decision names, each on its own.
test.each(['pointerdown', 'touchstart', 'keydown', 'focusin'])('on the first %s the entry loads as a module, every chunk it imports is preloaded with it, once', (type) => {
  const { button, loaded, timers } = pageWithLoader();
  button.dispatchEvent(new Event(type, { bubbles: true }));
  expect(loaded()).toEqual({
    scripts: [`<script type="module" src="${entry}" crossorigin=""></script>`],
    preloads: chunks.map((chunk) => `<link rel="modulepreload" href="${chunk}" crossorigin="">`),
  });
  for (const again of interactionEvents) button.dispatchEvent(new Event(again, { bubbles: true }));
  expect(loaded().scripts).toHaveLength(1);
  expect(loaded().preloads).toHaveLength(chunks.length);
  expect(timers).toEqual([]);
});

test('focus the browser gives the address’s #target as the page opens loads nothing; focus the visitor moves does', () => {
  const { button, section, loaded } = pageWithLoader();
  // The page after a plain post opens at #quote-section, a section outside the tab order.
  section.dispatchEvent(new Event('focusin', { bubbles: true }));
  expect(loaded()).toEqual({ scripts: [], preloads: [] });
  button.dispatchEvent(new Event('focusin', { bubbles: true }));
  expect(loaded().scripts).toEqual([`<script type="module" src="${entry}" crossorigin=""></script>`]);
});

test('it listens on the window, capturing and passive, and stops listening once it has run', () => {
  const { button, listening, stopped } = pageWithLoader();
  expect(listening).toEqual(interactionEvents.map((type) => ({ type, options: { capture: true, passive: true } })));
  expect(stopped).toEqual([]);
  button.dispatchEvent(new Event('keydown', { bubbles: true }));
  expect(stopped.map(({ type }) => type)).toEqual([...interactionEvents]);
  for (const { options } of stopped) expect(options).toMatchObject({ capture: true });
});

test('what the visitor does goes on as if it were not there: nothing is stopped or cancelled', () => {
  const { button } = pageWithLoader();
  const reached: string[] = [];
  for (const type of interactionEvents) button.addEventListener(type, (event) => reached.push(`${event.type}${event.defaultPrevented ? ' cancelled' : ''}`));
  const events = interactionEvents.map((type) => new Event(type, { bubbles: true, cancelable: true }));
  for (const event of events) button.dispatchEvent(event);
  expect(reached).toEqual([...interactionEvents]);
  expect(events.map((event) => event.defaultPrevented)).toEqual(interactionEvents.map(() => false));
});

test('on the home page a submit the browser stops for an empty required field is held for the scripts, which it loads, once', () => {
  const { document: page, loaded } = pageWithLoader({ holdInvalidSubmit: true });
  const field = page.querySelector('input');
  const form = page.querySelector('form');
  if (!field || !form) throw new Error('no form');
  const invalid = () => {
    const event = new Event('invalid', { cancelable: true });
    field.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(invalid()).toBe(true);
  expect(form.hasAttribute(pendingSubmitAttribute)).toBe(true);
  expect(invalid()).toBe(true);
  expect(loaded().scripts).toHaveLength(1);
  expect(loaded().preloads).toHaveLength(chunks.length);
});

test('elsewhere the browser’s own checks are left alone', () => {
  const { document: page, loaded } = pageWithLoader();
  const event = new Event('invalid', { cancelable: true });
  page.querySelector('input')?.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
  expect(page.querySelector('form')?.hasAttribute(pendingSubmitAttribute)).toBe(false);
  expect(loaded().scripts).toEqual([]);
});

test.each([
  [true, `<h1 id="${notFoundTitleId}">404</h1>`, 1],
  [true, '<h1>Privacy</h1>', 0],
  [false, `<h1 id="${notFoundTitleId}">404</h1>`, 0],
])('with logNotFound %s, a page with %s logs its path as it opens %i time(s)', (logNotFound, heading, times) => {
  const { window: frame, document: page } = pageWithLoader({ logNotFound });
  const logged: unknown[][] = [];
  (frame as Window & typeof globalThis).console.error = (...args: unknown[]) => logged.push(args);
  page.body.insertAdjacentHTML('afterbegin', heading);
  page.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
  expect(logged).toHaveLength(times);
  if (times === 0) return;
  expect(logged[0]).toEqual(['404 Error: User attempted to access non-existent route:', frame.location.pathname]);
  expect(page.documentElement.getAttribute(loggedNotFoundAttribute)).toBe(frame.location.pathname);
});
