/**
 * The files served from the site root (src/public) that pages, the manifest and search engines
 * point at, with their pixel sizes. Tests check each file against what is written here.
 */
export const themeColour = '#0b4a7f';

export const shareImage = {
  path: '/share-image.png',
  width: 1200,
  height: 630,
  type: 'image/png',
} as const;

export const icons = {
  favicon: { path: '/favicon.svg', type: 'image/svg+xml' },
  small: { path: '/icon-192.png', size: 192, type: 'image/png' },
  large: { path: '/icon-512.png', size: 512, type: 'image/png' },
  maskable: { path: '/icon-maskable-512.png', size: 512, type: 'image/png' },
  appleTouch: { path: '/apple-touch-icon.png', size: 180, type: 'image/png' },
} as const;

/**
 * A path on this site as a full address. Search engines and link previews ignore relative ones, and
 * the site lives at the root of its address, so any path or query on `siteUrl` is dropped.
 */
export function absoluteUrl(siteUrl: URL, path: string): string {
  return new URL(path, siteUrl.origin).href;
}

/**
 * The staff inbox as an app of its own on a phone: its manifest, and the service worker that shows
 * its alerts, at the site's root (a worker may take a scope no wider than its own folder) and scoped
 * to the inbox, so the public pages get no worker.
 */
export const inboxApp = {
  path: '/quotes',
  manifest: '/quotes.webmanifest',
  worker: '/quotes-sw.js',
} as const;
