// Imports with their extensions: vite.config.ts loads this file too, and Node resolves no other kind.
import { business } from '../../domain/business.ts';
import { absoluteUrl, icons, inboxApp, themeColour } from './site-assets.ts';

/** The pages search engines should know of; the staff list and the 404 page are not among them. */
export const listedPages = [{ path: '/' }, { path: '/privacy' }, { path: '/accessibility' }] as const;

/** Where the sitemap is served, as robots.txt announces it. */
const sitemapPath = '/sitemap.xml';

/**
 * Crawlers may read every page except the staff list of quote requests, the API behind the forms,
 * and customers' private links to their requests: none is for search results.
 */
export function robotsTxt(siteUrl: URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /quotes',
    'Disallow: /api/',
    'Disallow: /r/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, sitemapPath)}`,
    '',
  ].join('\n');
}

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);
}

/** The public pages as a sitemap (https://www.sitemaps.org/protocol.html), each at its full address. */
export function sitemapXml(siteUrl: URL, pages: readonly { path: string }[]): string {
  const urls = pages.map((page) => `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, page.path))}</loc>\n  </url>\n`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...urls,
    '</urlset>\n',
  ].join('');
}

const png = (icon: { path: string; size: number; type: string }, purpose: 'any' | 'maskable') => ({
  src: icon.path,
  sizes: `${icon.size}x${icon.size}`,
  type: icon.type,
  purpose,
});

/** The same icons for both apps: ordinary, maskable and vector. */
const manifestIcons = [
  png(icons.small, 'any'),
  png(icons.large, 'any'),
  png(icons.maskable, 'maskable'),
  { src: icons.favicon.path, sizes: 'any', type: icons.favicon.type, purpose: 'any' },
];

const manifestJson = (manifest: object) => `${JSON.stringify(manifest, null, 2)}\n`;

/** The web app manifest: how the site looks when someone adds it to a phone's home screen. */
export function webManifest(): string {
  return manifestJson({
    name: business.name,
    short_name: business.shortName,
    description: business.summary,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColour,
    lang: 'en-GB',
    icons: manifestIcons,
  });
}

/**
 * The staff inbox's own manifest: installed from /quotes, it opens on the inbox and stays within it
 * (the public pages open in the browser), as an app apart from the site's.
 */
export function inboxManifest(): string {
  return manifestJson({
    id: inboxApp.path,
    name: `${business.shortName} · Quote requests`,
    short_name: 'Quotes',
    description: `Quote requests sent to ${business.name}, for staff.`,
    start_url: inboxApp.path,
    scope: inboxApp.path,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColour,
    lang: 'en-GB',
    icons: manifestIcons,
  });
}
