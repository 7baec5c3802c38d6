// jsdom, for its XML parser: the sitemap is checked the way a crawler reads it.
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { business } from '../../domain/business';
import { pngSize, readPublicFile } from './png-size.test-support';
import { inboxManifest, robotsTxt, sitemapXml, webManifest } from './site-files';

const siteUrl = new URL('https://www.se1plumbing.example');

test('robots.txt lets crawlers in, keeps them out of the staff list, the API and customers\' links, and names the sitemap', () => {
  const lines = robotsTxt(siteUrl).split('\n');

  expect(lines[0]).toBe('User-agent: *');
  expect(lines).toContain('Disallow: /quotes');
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain('Disallow: /r/');
  expect(lines).not.toContain('Disallow: /');
  expect(lines).toContain('Sitemap: https://www.se1plumbing.example/sitemap.xml');
});

function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

test('the sitemap is well-formed sitemaps.org XML listing each page at its full address', () => {
  const xml = sitemapXml(siteUrl, [{ path: '/' }, { path: '/privacy' }]);
  const document = parseXml(xml);

  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(document.documentElement.localName).toBe('urlset');
  expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const locs = Array.from(document.getElementsByTagName('loc'), (loc) => loc.textContent);
  expect(locs).toEqual(['https://www.se1plumbing.example/', 'https://www.se1plumbing.example/privacy']);
});

test('the sitemap escapes characters that mean something in XML', () => {
  // Addresses percent-encode most such characters themselves; an ampersand in a query is left as it is.
  const xml = sitemapXml(siteUrl, [{ path: '/search?area=SE1&kind=boiler' }]);

  expect(xml).toContain('<loc>https://www.se1plumbing.example/search?area=SE1&amp;kind=boiler</loc>');
  expect(parseXml(xml).getElementsByTagName('loc')[0]?.textContent).toBe(
    'https://www.se1plumbing.example/search?area=SE1&kind=boiler',
  );
});

test('the parser used above does reject broken XML', () => {
  const broken = new DOMParser().parseFromString('<urlset><loc>a & b</loc></urlset>', 'application/xml');
  expect(broken.getElementsByTagName('parsererror').length).toBeGreaterThan(0);
});

const ManifestSchema = v.object({
  name: v.string(),
  short_name: v.pipe(v.string(), v.maxLength(12)),
  description: v.string(),
  start_url: v.literal('/'),
  display: v.literal('standalone'),
  background_color: v.pipe(v.string(), v.hexColor()),
  theme_color: v.pipe(v.string(), v.hexColor()),
  lang: v.string(),
  icons: v.array(
    v.object({ src: v.string(), sizes: v.string(), type: v.string(), purpose: v.picklist(['any', 'maskable']) }),
  ),
});

const manifest = () => v.parse(ManifestSchema, JSON.parse(webManifest()));

test('the manifest names the business in the brand colour and opens on the home page', () => {
  expect(manifest()).toMatchObject({
    name: business.name,
    short_name: business.shortName,
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b4a7f',
    lang: 'en-GB',
  });
});

test('the manifest offers ordinary, maskable and vector icons', () => {
  expect(manifest().icons.map(({ src, purpose }) => `${src} ${purpose}`)).toEqual([
    '/icon-192.png any',
    '/icon-512.png any',
    '/icon-maskable-512.png maskable',
    '/favicon.svg any',
  ]);
});

test('each icon the manifest names is in src/public at the size it states', () => {
  for (const icon of manifest().icons) {
    const bytes = readPublicFile(icon.src);
    if (icon.type === 'image/svg+xml') {
      expect(icon.sizes).toBe('any');
      expect(bytes.toString('utf8')).toMatch(/^<svg /);
      continue;
    }
    expect(icon.type).toBe('image/png');
    const { width, height } = pngSize(bytes);
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
});

const InboxManifestSchema = v.object({
  ...v.omit(ManifestSchema, ['start_url']).entries,
  id: v.literal('/quotes'),
  start_url: v.literal('/quotes'),
  scope: v.literal('/quotes'),
});

test('the staff inbox installs as an app of its own: it opens on /quotes and stays within it, in the brand colours', () => {
  const inbox = v.parse(InboxManifestSchema, JSON.parse(inboxManifest()));
  const site = manifest();
  expect(inbox).toMatchObject({ name: 'SE1 Plumbing · Quote requests', short_name: 'Quotes', start_url: '/quotes', scope: '/quotes', display: 'standalone' });
  expect(inbox.theme_color).toBe(site.theme_color);
  expect(inbox.background_color).toBe(site.background_color);
  expect(inbox.icons).toEqual(site.icons);
  expect(JSON.parse(webManifest())).toMatchObject({ start_url: '/', scope: '/' });
});
