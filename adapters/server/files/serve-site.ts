import type { Context, MiddlewareHandler, Next } from 'hono';
import { serveStatic } from 'hono/serve-static';
import type { FormTokens } from '../../../domain/ports/form-tokens';
import { type PageEncoding, PageWithToken } from '../pages/page-with-token';
import { compressedSuffixes, type SiteFiles } from './site-files';
import { leadSourceOf, pageFieldValues, saysWhere } from '../pages/lead-source-of-request';
import type { RateLimit } from '../http/rate-limit';
import { refusedPage } from '../http/refused-page';

/** Files under assets/ carry their content's hash in their name: they never change. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else keeps its name when it changes: the browser asks each time, and mostly hears 304. */
const revalidate = 'no-cache';

/** The site's JSON files are UTF-8, said so as for its other text files (Hono's own table leaves the charset out). */
const mimes = { json: 'application/json; charset=utf-8', webmanifest: 'application/manifest+json; charset=utf-8' };

/** The encoding Hono's serveStatic asks for by a compressed copy's suffix. */
const encodingOf: Record<(typeof compressedSuffixes)[number], PageEncoding> = { '.br': 'br', '.gz': 'gzip' };

/**
 * A page's file name and a compressed copy's are no addresses of their own: /index.html, /404.html or
 * /assets/app.js.br answer as any unknown path does.
 */
const isOwnAddress = (path: string) => !path.endsWith('.html') && !compressedSuffixes.some((suffix) => path.endsWith(suffix));

export interface SiteServing {
  /** Sends a page holding the quote form with the second's token written in, or hands the request on. */
  pagesWithForm: MiddlewareHandler;
  /** Sends the file or page at the request's path, or hands the request on when there is none. */
  files: MiddlewareHandler;
  /** The built 404 page with its status, or undefined when the build has none. */
  notFoundPage: (c: Context) => Promise<Response | undefined>;
}

/** The length of the body sent, for HEAD too (Hono answers HEAD with GET's headers and no body). */
const sending = (c: Context, body: Buffer<ArrayBuffer>) => {
  c.header('Content-Length', String(body.byteLength));
  return body;
};

/**
 * The built site through Hono's serveStatic, from memory: the compressed copy the browser accepts
 * (Brotli, then gzip), with `Vary: Accept-Encoding`; an ETag for each copy (Hono's etag middleware,
 * put before `files`, answers 304 from it); long caching for hashed assets. Pages are found by their
 * path (/privacy is privacy/index.html). With `formTokens`, a page holding the quote form is sent by
 * `pagesWithForm` with a token written in, and no ETag: its body changes every second. A visitor
 * who came from somewhere (a referrer, campaign tags, an ad click) gets the page with that written into
 * the form's hidden inputs: kept for the latest sources as the page itself is, and made afresh for a
 * source none of those is only within the client's allowance of pages drawn for it (`pagesDrawn`,
 * counted by `clientKey`), past which it is answered 429.
 */
export function serveSite(
  site: SiteFiles,
  options: {
    formTokens: Pick<FormTokens, 'issue'> | undefined;
    now: () => Date;
    siteUrl?: string | undefined;
    pagesDrawn: RateLimit;
    clientKey: (c: Context) => string;
  },
): SiteServing {
  const { formTokens, now, siteUrl } = options;
  const withToken = new Map<string, PageWithToken>();
  const pageWithToken = (path: string) => {
    if (formTokens === undefined) return undefined;
    let page = withToken.get(path);
    if (page === undefined) {
      const form = site.pageWithForm(path);
      if (form === undefined) return undefined;
      page = new PageWithToken(form, { tokens: formTokens, now });
      withToken.set(path, page);
    }
    return page;
  };
  const isPageFolder = (path: string) => site.isPageFolder(path);
  const varies = (path: string, c: Context) => {
    // serveStatic says so only when it sends a compressed copy; a cache must know the plain one varies too.
    if (pageWithToken(path) !== undefined || site.hasCompressedCopies(path)) c.header('Vary', 'Accept-Encoding');
  };

  // Each is asked for a file, then for each compressed copy the browser accepts until one is found.
  const serveWithToken = serveStatic({
    root: '',
    precompressed: true,
    isDir: isPageFolder,
    getContent: async (path, c) => {
      const suffix = compressedSuffixes.find((candidate) => path.endsWith(candidate));
      const page = pageWithToken(suffix === undefined ? path : path.slice(0, -suffix.length));
      if (page === undefined) return null;
      const encoding = suffix && encodingOf[suffix];
      // Where the visitor came from goes into the form's hidden inputs, for a post sent without scripts.
      const source = leadSourceOf(c, siteUrl);
      return sending(c, saysWhere(source) ? await page.bodyWith(encoding, pageFieldValues(source)) : await page.body(encoding));
    },
    onFound: (path, c) => {
      c.header('Cache-Control', revalidate);
      varies(path, c);
    },
  });
  const getContent = (path: string, c: Context) => {
    const file = site.file(path);
    if (file === undefined) return Promise.resolve(null);
    // The tag of the copy found last, which is the one sent.
    c.header('ETag', file.etag);
    return Promise.resolve(sending(c, file.body));
  };
  const serveFiles = serveStatic({
    root: '',
    mimes,
    precompressed: true,
    isDir: isPageFolder,
    getContent,
    onFound: (path, c) => {
      c.header('Cache-Control', path.startsWith('/assets/') ? immutable : revalidate);
      varies(path, c);
    },
  });
  // Called from any route's handler, whatever its path's parameters.
  const serveNotFound: (c: Context, next: Next) => ReturnType<MiddlewareHandler> = serveStatic({
    root: '',
    precompressed: true,
    path: '/404.html',
    getContent,
    onFound: (path, c) => {
      c.status(404);
      c.header('Cache-Control', revalidate);
      c.header('ETag', undefined);
      varies(path, c);
    },
  });

  return {
    // Only an address that is a page with the form is looked up twice.
    pagesWithForm: async (c, next) => {
      const path = site.formPageAt(c.req.path);
      const page = path === undefined ? undefined : pageWithToken(path);
      if (page === undefined) return next();
      const source = leadSourceOf(c, siteUrl);
      if (saysWhere(source) && !page.keeps(pageFieldValues(source))) {
        const decision = await options.pagesDrawn.consume(options.clientKey(c));
        if (!decision.allowed) return refusedPage(c, decision);
      }
      return serveWithToken(c, next);
    },
    files: (c, next) => (isOwnAddress(c.req.path) ? serveFiles(c, next) : next()),
    notFoundPage: async (c) => (await serveNotFound(c, () => Promise.resolve())) ?? undefined,
  };
}
