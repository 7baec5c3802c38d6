import { expect, test } from 'vitest';
import { codeElements, withoutScripts } from './scriptless-page.test-support';

const jsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Plumber"}</script>';
const pageState = '<script id="page-state" type="application/json">{}</script>';

/** A page as the build writes it, with the code of `head` and `body` put in. */
const page = (head: string, body = '') => `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <style>body{margin:0}</style>
${head}
    <link rel="canonical" href="https://www.se1plumbing.example/"/>
    <link rel="manifest" href="/manifest.webmanifest"/>
  </head>
  <body>
    <div id="root"><main><h1>Plumbing in SE1</h1><form><input type="hidden" name="form_token" value=""/></form></main></div>
    ${jsonLd}
    ${pageState}
${body}
  </body>
</html>`;

/** The page's elements, whatever whitespace lies between them. */
const tags = (html: string) => html.replace(/>\s+</g, '><');
const stripped = tags(page(''));

test('a page loading its code as a module, with preloads of what it imports, is left with none of them', () => {
  const html = page(`    <script type="module" crossorigin src="/assets/home-CxwEtT5r.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preload-helper-7y9sWmk5.js">
    <link rel="preload" as="script" href="/assets/islands.js">`);
  expect(codeElements(html)).toHaveLength(3);
  expect(tags(withoutScripts(html))).toBe(stripped);
  expect(codeElements(withoutScripts(html))).toEqual([]);
});

test('an inline classic loader, and scripts of every type that runs, go too', () => {
  const loader = `    <script>addEventListener('pointerdown',()=>import('/assets/home.js'),{once:true,passive:true})</script>`;
  const others = [
    '<script src="/legacy.js" defer></script>',
    "<script type='text/javascript'>window.a = 1</script>",
    '<SCRIPT TYPE="Module">import "/x.js"</SCRIPT>',
    '<script type=module src=/y.js></script>',
    '<script type="importmap">{"imports":{}}</script>',
    '<script nomodule src="/old.js"></script>',
  ].map((element) => `    ${element}`);
  const html = page(loader, others.join('\n'));
  expect(codeElements(html)).toHaveLength(7);
  expect(tags(withoutScripts(html))).toBe(stripped);
});

test('data blocks stay: the JSON-LD for search engines and the page state, which no browser runs', () => {
  const html = page('    <script type="module" src="/assets/home.js"></script>');
  const result = withoutScripts(html);
  expect(result).toContain(jsonLd);
  expect(result).toContain(pageState);
  expect(codeElements(page(''))).toEqual([]);
});

test('links that load no code stay: the icon, the manifest, the canonical address, a preload of an image', () => {
  const imagePreload = '    <link rel="preload" as="image" href="/share-image.png">';
  const html = page(imagePreload);
  expect(withoutScripts(html)).toBe(html);
  expect(withoutScripts(html)).toContain('<link rel="manifest"');
});
