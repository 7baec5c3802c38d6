import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The compressed copies the build writes beside a text file, best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type EncodingName = (typeof encodings)[number]['name'];

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface StaticFile {
  contentType: string;
  cacheControl: string;
  identity: Variant;
  compressed: Partial<Record<EncodingName, Variant>>;
}

/** Files under assets/ carry their content's hash in their name: they never change. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else keeps its name when it changes: the browser asks each time, and mostly hears 304. */
const revalidate = 'no-cache';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const etagOf = (body: Uint8Array<ArrayBuffer>, suffix = '') => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;

/** Which encoding to answer with: the best one both the browser accepts and the build wrote. */
function chooseEncoding(acceptEncoding: string, file: StaticFile): EncodingName | undefined {
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...params] = part.toLowerCase().split(';');
      const token = name.trim();
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [token, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  return encodings.find(({ name }) => file.compressed[name] && (accepted.get(name) ?? accepted.get('*') ?? 0) > 0)?.name;
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

const isSourceMap = (name: string) => /\.map(?:\.(?:br|gz))?$/.test(name);

/** The prerendered 404 page, sent for every path that is no page or file of the site. */
const notFoundPage = '/404.html';

/**
 * The built site, held in memory and served as a CDN would: compressed copies chosen by
 * Accept-Encoding, an ETag for each, 304 when the browser's copy is current, and long caching for
 * hashed assets. Pages are found by their path only (/privacy is privacy/index.html): a page's file
 * name is not a second address for it, so /index.html or /404.html is as unknown as any other path.
 */
export class StaticFiles {
  readonly #files: ReadonlyMap<string, StaticFile>;

  private constructor(files: ReadonlyMap<string, StaticFile>) {
    this.#files = files;
  }

  /** Reads every file under `dir`, leaving out the build's own records (.vite/), source maps and compressed twins. */
  static async load(dir: string): Promise<StaticFiles> {
    const paths = await filesUnder(dir).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
      throw error;
    });
    const available = new Set(paths);
    const files = new Map<string, StaticFile>();
    for (const path of paths) {
      const name = `/${relative(dir, path).split(sep).join('/')}`;
      if (name.split('/').some((part) => part.startsWith('.'))) continue;
      // A source map gives anyone the original source; the build writes none for the browser, and one
      // left by an older build is not served either.
      if (isSourceMap(name)) continue;
      if (encodings.some(({ suffix }) => name.endsWith(suffix) && available.has(path.slice(0, -suffix.length)))) continue;
      const body = await readFile(path);
      const compressed: StaticFile['compressed'] = {};
      for (const { name: encoding, suffix } of encodings) {
        if (!available.has(path + suffix)) continue;
        compressed[encoding] = { body: await readFile(path + suffix), etag: etagOf(body, `-${encoding}`) };
      }
      files.set(name, {
        contentType: contentTypes[extname(path)] ?? 'application/octet-stream',
        cacheControl: name.startsWith('/assets/') ? immutable : revalidate,
        identity: { body, etag: etagOf(body) },
        compressed,
      });
    }
    return new StaticFiles(files);
  }

  /** Whether there is a file or page at this path. */
  has(path: string): boolean {
    return this.#find(path) !== undefined;
  }

  #find(path: string): StaticFile | undefined {
    if (path.includes('\0')) return undefined;
    const direct = path.endsWith('/') || path.endsWith('.html') ? undefined : this.#files.get(path);
    return direct ?? this.#files.get(`${path.endsWith('/') ? path : `${path}/`}index.html`);
  }

  /** The answer for a GET or HEAD of `path`, or undefined when there is no such file or page. */
  respond(path: string, request: Request): Response | undefined {
    const file = this.#find(path);
    return file && this.#answer(file, request, 200);
  }

  /** The 404 page with its status (never 304), or undefined when the build has none. */
  notFound(request: Request): Response | undefined {
    const file = this.#files.get(notFoundPage);
    return file && this.#answer(file, request, 404);
  }

  #answer(file: StaticFile, request: Request, status: 200 | 404): Response {
    const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? '', file);
    const variant = encoding ? (file.compressed[encoding] ?? file.identity) : file.identity;
    const headers = new Headers({ 'content-type': file.contentType, 'cache-control': file.cacheControl, etag: variant.etag });
    if (Object.keys(file.compressed).length > 0) headers.set('vary', 'accept-encoding');
    if (status === 200 && matchesEtag(request.headers.get('if-none-match') ?? '', variant.etag)) {
      return new Response(null, { status: 304, headers });
    }
    if (encoding) headers.set('content-encoding', encoding);
    headers.set('content-length', String(variant.body.byteLength));
    return new Response(request.method === 'HEAD' ? null : variant.body, { status, headers });
  }
}
