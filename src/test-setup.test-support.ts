import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out, so it can neither scroll nor match media queries: give it inert versions.
// (Server-rendering tests run without a window at all.)
if (typeof window !== 'undefined') {
  Element.prototype.scrollIntoView = function scrollIntoView() {
    /* nothing to scroll in jsdom */
  };
  // The router restores scroll positions between pages.
  window.scrollTo = () => undefined;
  // Only `matches` is read: for prefers-reduced-motion, which jsdom users never set.
  Object.defineProperty(window, 'matchMedia', {
    value: (media: string) => ({ media, matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
  // jsdom makes no object URLs: each blob gets an address of its own, which is all a page's code sees.
  let objectUrls = 0;
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => `blob:http://localhost/${String((objectUrls += 1))}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  // jsdom knows <dialog> but not how to open or close it: open and close it as a browser does, but for
  // the focus trap and the backdrop (the browser tests hold those).
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
      this.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  afterEach(cleanup);
}
