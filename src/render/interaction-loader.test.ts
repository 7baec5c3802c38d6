import { expect, test } from 'vitest';
import { interactionEvents, interactionLoader } from './interaction-loader';

const entry = '/assets/home-H.js';
const chunks = ['/assets/helper.js', '/assets/chunk-B.js'];

/**
 * A fresh window (an iframe's) with a button in its page and the loader run in it as the page runs
 * it, as an inline script; what it listens for, and any timer it asks for, recorded.
 */
function pageWithLoader() {
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
  script.textContent = interactionLoader(entry, chunks);
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
  return { button, section, listening, stopped, timers, loaded };
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
