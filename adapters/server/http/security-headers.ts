import type { MiddlewareHandler } from 'hono';
import { type ProxyTrust, requestOrigin } from './request-origin';

// Everything the site loads is its own: the bundle, the stylesheet, system fonts, inline SVG. So a
// script injected into a page (a quote's description shown to staff, say) can neither run inline nor
// load or send anything elsewhere. The page state is a JSON data block, which CSP does not execute.
// The one inline stylesheet allowed is the site's own, which the build puts in each page (named by
// its hash), so the page paints without waiting for another request. The only inline scripts allowed
// are the build's own loaders, each named by its hash, which fetch a page's scripts (from 'self') on
// the visitor's first interaction; nothing else inline runs, and nothing is evaluated. Images may
// also come from blob: URLs, which only the page itself can make: the thumbnails of the photos a
// visitor chooses.
const contentSecurityPolicy = (styleHashes: readonly string[], scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

// Nothing here needs a device or sensor; a script that got in cannot ask for one either.
const permissionsPolicy = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const everywhere: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', permissionsPolicy],
  // frame-ancestors says the same to current browsers; this is for the older ones.
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/**
 * Every header of this module, over plain HTTP and over HTTPS, for pages that carry the stylesheets
 * and scripts with these hashes. It depends on nothing else, so the answer may be computed once.
 */
export function headersFor(styleHashes: readonly string[], scriptHashes: readonly string[]) {
  const policy = contentSecurityPolicy(styleHashes, scriptHashes);
  const overHttp: [string, string][] = [...everywhere, ['Content-Security-Policy', policy]];
  const overHttps: [string, string][] = [
    ...everywhere,
    ['Content-Security-Policy', `${policy}; upgrade-insecure-requests`],
    // Only over HTTPS: browsers ignore it over HTTP, and a site run on plain HTTP (npm start on a
    // laptop) must not tell a browser to refuse it for a year.
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ];
  return { overHttp, overHttps };
}

/**
 * The browser-side defences for every response: pages, API, assets, 404s and errors alike. Set after the
 * handler has answered, so they reach responses built as plain `Response` objects and those of onError.
 */
export function securityHeaders(trust: ProxyTrust & { styleHashes?: readonly string[]; scriptHashes?: readonly string[] }): MiddlewareHandler {
  const { overHttp, overHttps } = headersFor(trust.styleHashes ?? [], trust.scriptHashes ?? []);
  return async (c, next) => {
    await next();
    const headers = requestOrigin(c, trust).https ? overHttps : overHttp;
    try {
      setAll(c.res.headers, headers);
    } catch {
      // Response.redirect() and fetch() answers have headers that cannot change: copy the response.
      c.res = new Response(c.res.body, c.res);
      setAll(c.res.headers, headers);
    }
  };
}

/**
 * The headers for an answer made before the app sees the request (a target or Host that cannot be
 * parsed, a timeout, too many connections): whether it came over HTTPS is not known then, so the set
 * for plain HTTP, which is all of them but HSTS. Such an answer is plain text, with no stylesheet or
 * loader of the build's in it, so its policy allows none.
 */
export const securityHeadersBeforeRouting: readonly (readonly [string, string])[] = headersFor([], []).overHttp;

/** Headers a route may set stricter for its own answers: a page whose address holds a token sends no referrer at all. */
const ownedByRoute = new Set(['referrer-policy']);

function setAll(target: Headers, headers: [string, string][]) {
  for (const [name, value] of headers) {
    if (!(ownedByRoute.has(name.toLowerCase()) && target.has(name))) target.set(name, value);
  }
  // Names the framework to anyone probing for a known flaw in it.
  target.delete('X-Powered-By');
}
