/**
 * What counts as the visitor acting on a page: pressing a pointer anywhere (a mouse button, a pen, a
 * finger; touchstart for browsers without pointer events), pressing a key, or focus moving into the
 * page (tabbing in from the address bar, a screen reader moving to a field). Not moving the mouse,
 * not a wheel, not a timer: see docs/decisions/022-scripts-on-first-interaction.md. Focus on an
 * element outside the tab order (tabindex -1) is not counted: nobody can tab to one, a click on one
 * is already counted, and the browser itself gives it focus when the address names it, as the page
 * after a plain post opens at #quote-section.
 */
export const interactionEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The statements that add the page's entry as a module script and a preload of each chunk it imports. */
const appendFiles = [
  '    files.forEach((file, index) => {',
  "      const tag = document.createElement(index === 0 ? 'script' : 'link');",
  "      if (index === 0) Object.assign(tag, { type: 'module', src: file });",
  "      else Object.assign(tag, { rel: 'modulepreload', href: file });",
  "      tag.crossOrigin = '';",
  '      document.head.append(tag);',
  '    });',
];

// Asset paths hold no '<'; escaped all the same, so nothing in them could ever end the element.
const list = (values: readonly string[]) => JSON.stringify(values).replaceAll('<', '\\u003c');

/**
 * Marks a form whose submit the browser's own checks stopped before the scripts took it over: the
 * form's island sends it once it has (see `QuoteForm`), with the specification's notice.
 */
export const pendingSubmitAttribute = 'data-submit-pending';

/** On <html>: the path the 404 page's loader logged, so its scripts, arriving later, do not log it again. */
export const loggedNotFoundAttribute = 'data-logged-not-found';

/** The 404 page's heading, which tells the loader the page it is in is the 404 page. */
export const notFoundTitleId = 'not-found-title';

interface LoaderOptions {
  /**
   * The home page: a submit of the form with empty required fields, before the scripts have taken the
   * form over, is held for them rather than met with the browser's own bubble.
   */
  holdInvalidSubmit?: boolean;
  /** The application's pages: the 404 page logs its path as it opens, as the specification asks. */
  logNotFound?: boolean;
}

/**
 * A classic script, small enough to write into the page, that loads the page's scripts on the
 * visitor's first interaction and not before: the entry as a module script, and a preload of every
 * chunk it imports, so they are all fetched at once rather than one after another. Its listeners are
 * passive and capturing, on the window, and it removes them once it has run; a valid form sent before
 * the scripts arrive goes as a plain post.
 */
export function interactionLoader(entry: string, chunks: readonly string[], { holdInvalidSubmit = false, logNotFound = false }: LoaderOptions = {}): string {
  return [
    '(() => {',
    `  const files = ${list([entry, ...chunks])};`,
    `  const events = ${list(interactionEvents)};`,
    '  const options = { capture: true, passive: true };',
    '  let started = false;',
    '  const load = (event) => {',
    "    if (event && event.type === 'focusin' && event.target.tabIndex < 0) return;",
    '    for (const type of events) removeEventListener(type, load, options);',
    '    if (started) return;',
    '    started = true;',
    ...appendFiles,
    '  };',
    '  for (const type of events) addEventListener(type, load, options);',
    ...(holdInvalidSubmit
      ? [
          // Once the scripts own the form it has novalidate, and the browser fires no 'invalid' at all.
          "  addEventListener('invalid', (event) => {",
          '    const form = event.target.form;',
          '    if (!form) return;',
          '    event.preventDefault();',
          `    if (form.hasAttribute(${JSON.stringify(pendingSubmitAttribute)})) return;`,
          `    form.setAttribute(${JSON.stringify(pendingSubmitAttribute)}, '');`,
          '    load();',
          '  }, true);',
        ]
      : []),
    ...(logNotFound
      ? [
          "  addEventListener('DOMContentLoaded', () => {",
          `    if (!document.getElementById(${JSON.stringify(notFoundTitleId)})) return;`,
          "    console.error('404 Error: User attempted to access non-existent route:', location.pathname);",
          `    document.documentElement.setAttribute(${JSON.stringify(loggedNotFoundAttribute)}, location.pathname);`,
          '  });',
        ]
      : []),
    '})();',
  ].join('\n');
}

/**
 * A classic script that loads the page's scripts as soon as the browser has painted the page once: for
 * a page the server drew with what its reader came for (the inbox, signed in), which they see at once
 * and which needs its scripts straight after, without them racing the page for the connection first.
 */
export function afterFirstPaintLoader(entry: string, chunks: readonly string[]): string {
  return [
    '(() => {',
    `  const files = ${list([entry, ...chunks])};`,
    '  const load = () => {',
    ...appendFiles,
    '  };',
    // The frame is drawn after requestAnimationFrame's callbacks run; the task after it runs once it is.
    '  requestAnimationFrame(() => setTimeout(load, 0));',
    '})();',
  ].join('\n');
}
