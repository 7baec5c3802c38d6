import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { FormTokens } from '../../domain/ports';
import { splitAtFormToken } from './form-token-slot';

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
  /** For a page holding the quote form: itself, cut where each visitor's form token goes. */
  form?: FormPage;
}

/**
 * A page holding the quote form, ready to be sent with a token of its own to each visitor without
 * compressing it again: its two halves as they are, and each as a piece of one gzip stream (raw
 * DEFLATE, the first ending on a byte boundary), so the token can be written between them as a
 * stored block. Brotli has no such seam, and compressing the page for each visitor costs far more.
 */
interface FormPage {
  before: Buffer;
  after: Buffer;
  deflatedBefore: Buffer;
  deflatedAfter: Buffer;
  crcBefore: number;
}

function formPageOf(html: Buffer): FormPage | undefined {
  const slot = splitAtFormToken(html.toString('utf8'));
  if (!slot) return undefined;
  const before = Buffer.from(slot.before);
  const after = Buffer.from(slot.after);
  return {
    before,
    after,
    deflatedBefore: deflateRawSync(before, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
    deflatedAfter: deflateRawSync(after, { level: constants.Z_BEST_COMPRESSION }),
    crcBefore: crc32(before),
  };
}

/** A gzip member's header: deflate, no name or time, from an unknown system (RFC 1952). */
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with `token` written in, as one gzip stream: the two compressed halves, the token stored between. */
function gzipWithToken(page: FormPage, token: Buffer): Uint8Array<ArrayBuffer> {
  // A stored, non-final block (RFC 1951, 3.2.4): its header byte, then the length and its complement.
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(token.length, 1);
  stored.writeUInt16LE(~token.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(page.after, crc32(token, page.crcBefore)), 0);
  trailer.writeUInt32LE((page.before.length + token.length + page.after.length) % 2 ** 32, 4);
  return joined([gzipHeader, page.deflatedBefore, stored, token, page.deflatedAfter, trailer]);
}

/** The parts as one body, copied once into memory of its own. */
function joined(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}

/** Files under assets/ carry their content's hash in their name: they never change. */
const immutable = 'public, max-age=31536000, immutable';
/**
 * Everything else keeps its name when it changes: the browser asks each time, and mostly hears 304.
 * A page with the quote form is new each time (its token), and is never answered with 304.
 */
const revalidate = 'no-cache';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const etagOf = (body: Uint8Array<ArrayBuffer>, suffix = '') => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;

/** Which encoding to answer with: the best of `available` that the browser accepts. */
function chooseEncoding(acceptEncoding: string, available: (name: EncodingName) => boolean): EncodingName | undefined {
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...params] = part.toLowerCase().split(';');
      const token = name.trim();
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [token, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  return encodings.find(({ name }) => available(name) && (accepted.get(name) ?? accepted.get('*') ?? 0) > 0)?.name;
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

/** What fills in the quote form's token on each page that holds the form, and the clock it is issued by. */
interface FormTokenIssuer {
  tokens: Pick<FormTokens, 'issue'>;
  now: () => Date;
}

/**
 * The built site, held in memory and served as a CDN would: compressed copies chosen by
 * Accept-Encoding, an ETag for each, 304 when the browser's copy is current, and long caching for
 * hashed assets. Pages are found by their path only (/privacy is privacy/index.html): a page's file
 * name is not a second address for it, so /index.html or /404.html is as unknown as any other path.
 * With `formTokens`, a page holding the quote form is sent with a token of its own each time (gzip
 * or plain, no ETag), which the spam rules read back when the form is posted.
 */
export class StaticFiles {
  readonly #files: ReadonlyMap<string, StaticFile>;
  readonly #formTokens: FormTokenIssuer | undefined;

  private constructor(files: ReadonlyMap<string, StaticFile>, formTokens: FormTokenIssuer | undefined) {
    this.#files = files;
    this.#formTokens = formTokens;
  }

  /** Reads every file under `dir`, leaving out the build's own records (.vite/), source maps and compressed twins. */
  static async load(dir: string, { formTokens }: { formTokens?: FormTokenIssuer } = {}): Promise<StaticFiles> {
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
      const form = formTokens && extname(path) === '.html' ? formPageOf(body) : undefined;
      files.set(name, {
        contentType: contentTypes[extname(path)] ?? 'application/octet-stream',
        cacheControl: name.startsWith('/assets/') ? immutable : revalidate,
        identity: { body, etag: etagOf(body) },
        compressed,
        ...(form && { form }),
      });
    }
    return new StaticFiles(files, formTokens);
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
  async respond(path: string, request: Request): Promise<Response | undefined> {
    const file = this.#find(path);
    return file && this.#answer(file, request, 200);
  }

  /** The 404 page with its status (never 304), or undefined when the build has none. */
  async notFound(request: Request): Promise<Response | undefined> {
    const file = this.#files.get(notFoundPage);
    return file && this.#answer(file, request, 404);
  }

  async #answer(file: StaticFile, request: Request, status: 200 | 404): Promise<Response> {
    if (file.form && this.#formTokens) return this.#answerWithToken(file, file.form, this.#formTokens, request, status);
    return this.#answerAsIs(file, request, status);
  }

  async #answerWithToken(file: StaticFile, page: FormPage, issuer: FormTokenIssuer, request: Request, status: 200 | 404): Promise<Response> {
    const gzip = chooseEncoding(request.headers.get('accept-encoding') ?? '', (name) => name === 'gzip') === 'gzip';
    const headers = new Headers({ 'content-type': file.contentType, 'cache-control': revalidate, vary: 'accept-encoding' });
    if (request.method === 'HEAD') return new Response(null, { status, headers });
    const token = Buffer.from(await issuer.tokens.issue(issuer.now()));
    const body = gzip ? gzipWithToken(page, token) : joined([page.before, token, page.after]);
    if (gzip) headers.set('content-encoding', 'gzip');
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status, headers });
  }

  #answerAsIs(file: StaticFile, request: Request, status: 200 | 404): Response {
    const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? '', (name) => file.compressed[name] !== undefined);
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
