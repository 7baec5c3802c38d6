// @vitest-environment node
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { pageTemplates, type BuildManifest } from './page-templates';

/** The index.html `vite build` writes for the whole application. */
const indexHtml = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
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

const readAsset = (file: string) => {
  if (file !== 'assets/index-X.css') throw new Error(`Unexpected asset ${file}`);
  return css;
};

test('both pages carry the stylesheet in a style element, not a link', () => {
  const { app, home } = pageTemplates(indexHtml, manifest, readAsset);
  for (const page of [app, home]) {
    expect(page).toContain(`<style>${css}</style>`);
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).not.toContain('index-X.css');
  }
});

test('the style hashes are those of the written stylesheet, for the Content-Security-Policy', () => {
  const { styleHashes } = pageTemplates(indexHtml, manifest, readAsset);
  expect(styleHashes).toEqual([`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`]);
});

test('the application page loads the application’s script and preloads its chunks', () => {
  const { app } = pageTemplates(indexHtml, manifest, readAsset);
  expect(app).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
  expect(app).toContain('<link rel="modulepreload" crossorigin href="/assets/chunk-B.js">');
  expect(app).not.toContain('home-H.js');
});

test('the home page loads the islands’ entry and preloads everything it imports, and not the application', () => {
  const { home } = pageTemplates(indexHtml, manifest, readAsset);
  expect(home).toContain('<script type="module" crossorigin src="/assets/home-H.js"></script>');
  expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/helper.js">');
  expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/chunk-B.js">');
  expect(home.match(/chunk-B\.js/g)).toHaveLength(1);
  expect(home).not.toContain('index-A.js');
  expect(home.indexOf('home-H.js')).toBeLessThan(home.indexOf('</head>'));
});

test('both pages keep the element the application renders into', () => {
  const { app, home } = pageTemplates(indexHtml, manifest, readAsset);
  expect(app).toContain('<div id="root"></div>');
  expect(home).toContain('<div id="root"></div>');
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
