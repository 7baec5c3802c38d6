// @vitest-environment node
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { pageTemplates, type BuildManifest } from './page-templates';

/** The index.html `vite build` writes for the whole application. */
const indexHtml = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>SE1 Plumbing &amp; Heating</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-X.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_chunk-B.js'] },
  '_chunk-B.js': { file: 'assets/chunk-B.js' },
  'src/app/home-main.ts': { file: 'assets/home-H.js', imports: ['_helper.js'] },
  '_helper.js': { file: 'assets/helper.js', imports: ['_chunk-B.js'] },
};

// A `$&` in the stylesheet must reach the page as it is, not as a replacement pattern.
const css = 'body{margin:0;color:#1a1a1a}.price::after{content:"$&"}';

// An icon with the characters a URL or an attribute would take otherwise: quotes, '#', '%', '&', '<'.
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">\n  <rect width="32" height="32" fill="#0b4a7f"/><text>100% &amp; more</text></svg>\n';

const readAsset = (file: string) => {
  if (file === 'favicon.svg') return favicon;
  if (file !== 'assets/index-X.css') throw new Error(`Unexpected asset ${file}`);
  return css;
};

/** The inline scripts of a page: what runs without a file of its own. */
const inlineScripts = (page: string) => [...page.matchAll(/<script>(.*?)<\/script>/gs)].map(([, text]) => text ?? '');
/** The asset paths a page names in its inline scripts, in order. */
const namedInLoader = (page: string) => inlineScripts(page).flatMap((script) => script.match(/\/assets\/[\w.-]+\.js/g) ?? []);
/** What a page fetches as it arrives, before anyone does anything. */
const fetchedOnArrival = (page: string) => [...page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g)].map(([, file]) => file);

test('every page carries the stylesheet in a style element, not a link', () => {
  const { app, appAtOnce, appAfterPaint, home } = pageTemplates(indexHtml, manifest, readAsset);
  for (const page of [app, appAtOnce, appAfterPaint, home]) {
    expect(page).toContain(`<style>${css}</style>`);
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).not.toContain('index-X.css');
  }
});

test('the style hashes are those of the written stylesheet, for the Content-Security-Policy', () => {
  const { styleHashes } = pageTemplates(indexHtml, manifest, readAsset);
  expect(styleHashes).toEqual([`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`]);
});

test('a page that needs its scripts at once loads the application’s script and preloads its chunks as it arrives', () => {
  const { appAtOnce } = pageTemplates(indexHtml, manifest, readAsset);
  expect(appAtOnce).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
  expect(appAtOnce).toContain('<link rel="modulepreload" crossorigin href="/assets/chunk-B.js">');
  expect(appAtOnce).not.toContain('home-H.js');
  expect(inlineScripts(appAtOnce)).toEqual([]);
});

test('the home page fetches no script as it arrives; its loader names the islands’ entry, then everything it imports, once', () => {
  const { home } = pageTemplates(indexHtml, manifest, readAsset);
  expect(fetchedOnArrival(home)).toEqual([]);
  expect(home).not.toContain('modulepreload"');
  expect(namedInLoader(home)).toEqual(['/assets/home-H.js', '/assets/helper.js', '/assets/chunk-B.js']);
  expect(home).not.toContain('index-A.js');
  expect(home.indexOf('<script>')).toBeLessThan(home.indexOf('</head>'));
});

test('the other pages that work without scripts fetch none as they arrive; their loader names the application’s', () => {
  const { app } = pageTemplates(indexHtml, manifest, readAsset);
  expect(fetchedOnArrival(app)).toEqual([]);
  expect(namedInLoader(app)).toEqual(['/assets/index-A.js', '/assets/chunk-B.js']);
  expect(app).not.toContain('home-H.js');
});

test('the script hashes are those of the loaders written into the pages, and nothing else inline runs', () => {
  const { app, appAtOnce, appAfterPaint, home, scriptHashes } = pageTemplates(indexHtml, manifest, readAsset);
  const written = [home, app, appAtOnce, appAfterPaint].flatMap(inlineScripts);
  expect(written).toHaveLength(3);
  expect(scriptHashes.toSorted()).toEqual(written.map((script) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`).toSorted());
  // Any other script element in a page loads a file or holds data, which the policy's 'self' or nothing covers.
  for (const page of [home, app, appAtOnce, appAfterPaint]) {
    for (const [tag] of page.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/^<script>$|\bsrc="|type="application\/(?:ld\+)?json"/);
  }
});

test('every page carries its icon as a data URL, the same SVG, so nothing but the page is fetched for it', () => {
  for (const page of Object.values(pageTemplates(indexHtml, manifest, readAsset)).filter((value) => typeof value === 'string')) {
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]*)"/.exec(page)?.[1] ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(favicon.trim());
    expect(page).not.toContain('/favicon.svg');
  }
});

test('every page keeps the element the application renders into', () => {
  const { app, appAtOnce, appAfterPaint, home } = pageTemplates(indexHtml, manifest, readAsset);
  for (const page of [app, appAtOnce, appAfterPaint, home]) expect(page).toContain('<div id="root"></div>');
});

test('a page drawn with what its reader came for fetches no script as it arrives; its loader names the application’s, for after the first paint', () => {
  const { appAfterPaint } = pageTemplates(indexHtml, manifest, readAsset);
  expect(fetchedOnArrival(appAfterPaint)).toEqual([]);
  expect(namedInLoader(appAfterPaint)).toEqual(['/assets/index-A.js', '/assets/chunk-B.js']);
  const [loader] = inlineScripts(appAfterPaint);
  expect(loader).toContain('requestAnimationFrame');
  expect(loader).not.toContain('addEventListener');
});

test('a build manifest without the home page’s entry is refused', () => {
  const withoutHome = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== 'src/app/home-main.ts'));
  expect(() => pageTemplates(indexHtml, withoutHome, readAsset)).toThrow(/src\/app\/home-main\.ts/);
});

test('a build manifest missing a chunk the home page imports is refused', () => {
  const withoutHelper = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== '_helper.js'));
  expect(() => pageTemplates(indexHtml, withoutHelper, readAsset)).toThrow(/_helper\.js/);
});

test('an index.html that loads no module script is refused', () => {
  const withoutScripts = indexHtml
    .replace('<script type="module" crossorigin src="/assets/index-A.js"></script>', '')
    .replace('<link rel="modulepreload" crossorigin href="/assets/chunk-B.js">', '');
  expect(() => pageTemplates(withoutScripts, manifest, readAsset)).toThrow('loads no module script');
});
