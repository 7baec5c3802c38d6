// Imports with their extensions: vite.config.ts loads this file too, and Node resolves no other kind.
import { business } from '../../domain/business.ts';
import { absoluteUrl, icons, themeColour } from './site-assets.ts';

/** The pages search engines should know of; the staff list and the 404 page are not among them. */
export const listedPages = [{ path: '/' }, { path: '/privacy' }] as const;

/** Where the sitemap is served, as robots.txt announces it. */
const sitemapPath = '/sitemap.xml';

/**
 * Crawlers may read every page except the staff list of quote requests and the API behind the
 * forms: neither is for search results.
 */
export function robotsTxt(siteUrl: URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /quotes',
    'Disallow: /api/',
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

/** The web app manifest: how the site looks when someone adds it to a phone's home screen. */
export function webManifest(): string {
  const png = (icon: { path: string; size: number; type: string }, purpose: 'any' | 'maskable') => ({
    src: icon.path,
    sizes: `${icon.size}x${icon.size}`,
    type: icon.type,
    purpose,
  });
  const manifest = {
    name: business.name,
    short_name: business.shortName,
    description: business.summary,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColour,
    lang: 'en-GB',
    icons: [
      png(icons.small, 'any'),
      png(icons.large, 'any'),
      png(icons.maskable, 'maskable'),
      { src: icons.favicon.path, sizes: 'any', type: icons.favicon.type, purpose: 'any' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
