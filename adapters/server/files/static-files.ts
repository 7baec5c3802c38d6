import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FormTokens } from '../../../domain/ports/form-tokens';
import { splitAtFormToken } from '../pages/form-token-slot';

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
  body: Buffer<ArrayBuffer>;
  etag: string;
  /** Its answer's headers, made once: what every GET of it is sent with, and, for a 304, without the body's. */
  headers: readonly string[];
  notModifiedHeaders: readonly string[];
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
 * A page holding the quote form, cut where the token goes: its two halves, and the page with the token
 * of the moment written in, as it is and in each encoding asked for since that token was issued.
 */
interface FormPage {
  before: Buffer;
  after: Buffer;
  withToken?: PageWithToken;
}

interface PageWithToken {
  issuedUntil: number;
  identity: TokenVariant;
  compressed: Partial<Record<EncodingName, TokenVariant>>;
}

interface TokenVariant {
  body: Buffer<ArrayBuffer>;
  headers: readonly string[];
}

function formPageOf(html: Buffer): FormPage | undefined {
  const slot = splitAtFormToken(html.toString('utf8'));
  return slot && { before: Buffer.from(slot.before), after: Buffer.from(slot.after) };
}

/**
 * A page with a new token, compressed as a CDN would compress it on the fly: about a millisecond for
 * the home page, once a second at most (Brotli at quality 6 is within a tenth of the build's quality 11
 * in size, at a fortieth of the time; gzip at level 9 costs less still).
 */
const compressors: Record<EncodingName, (page: Buffer) => Buffer<ArrayBuffer>> = {
  br: (page) => brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength } }),
  gzip: (page) => gzipSync(page, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * The parts as one body, copied once into memory of its own: a Buffer, which Node writes to a socket
 * as it is, where another kind of Uint8Array is converted on each write.
 */
function joined(parts: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const body = Buffer.allocUnsafe(parts.reduce((length, part) => length + part.byteLength, 0));
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

/** The encodings a browser accepts, each with its weight, from its Accept-Encoding header. */
function acceptedEncodings(acceptEncoding: string): ReadonlyMap<string, number> {
  return new Map(
    acceptEncoding.split(',').map((part) => {
      const [name = '', ...params] = part.toLowerCase().split(';');
      const token = name.trim();
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [token, q === undefined ? 1 : Number(q)] as const;
    }),
  );
}

/** Browsers send a handful of Accept-Encoding headers, each the same on every request: each is read once. */
const readAcceptEncodings = new Map<string, ReadonlyMap<string, number>>();
const maxReadAcceptEncodings = 100;

/** Which encoding to answer with: the best of `available` that the browser accepts. */
function chooseEncoding(acceptEncoding: string, available: (name: EncodingName) => boolean): EncodingName | undefined {
  let accepted = readAcceptEncodings.get(acceptEncoding);
  if (accepted === undefined) {
    if (readAcceptEncodings.size >= maxReadAcceptEncodings) readAcceptEncodings.clear();
    accepted = acceptedEncodings(acceptEncoding);
    readAcceptEncodings.set(acceptEncoding, accepted);
  }
  const weights = accepted;
  return encodings.find(({ name }) => available(name) && (weights.get(name) ?? weights.get('*') ?? 0) > 0)?.name;
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
 * How long one token is sent to every visitor of a page holding the form: signing it and writing it
 * into the page once a second, rather than for each visitor, keeps the busiest page as quick to send as
 * a file. The spam rules read the time it was issued, so a visitor sent it late in its second looks
 * that much slower than they were; a person takes far longer than a second over the form, and a bot
 * is given a second's grace at most.
 */
const tokenReuseMs = 1000;

/** What a request for a file says of itself: its method, and the headers the answer depends on. */
export interface FileRequest {
  method: string;
  acceptEncoding: string;
  ifNoneMatch: string;
}

/**
 * An answer from the built site, in the terms any HTTP server writes: the status, the headers as Node's
 * `writeHead` takes them (name, value, name, value, ...), and the body (none for HEAD or 304).
 */
export interface FileAnswer {
  status: 200 | 304 | 404;
  headers: readonly string[];
  body: Buffer<ArrayBuffer> | null;
}

const fileRequestOf = (request: Request): FileRequest => ({
  method: request.method,
  acceptEncoding: request.headers.get('accept-encoding') ?? '',
  ifNoneMatch: request.headers.get('if-none-match') ?? '',
});

/** The answer as a fetch Response, for the app's routes. */
function asResponse({ status, headers, body }: FileAnswer): Response {
  const pairs: [string, string][] = [];
  for (let index = 0; index < headers.length; index += 2) pairs.push([headers[index] ?? '', headers[index + 1] ?? '']);
  return new Response(body, { status, headers: pairs });
}

/** A variant's headers, made once: its type, caching, ETag and encoding. */
function variantOf(file: Pick<StaticFile, 'contentType' | 'cacheControl'>, body: Buffer<ArrayBuffer>, etag: string, encoding: EncodingName | undefined, varies: boolean): Variant {
  const shared = ['content-type', file.contentType, 'cache-control', file.cacheControl, 'etag', etag, ...(varies ? ['vary', 'accept-encoding'] : [])];
  return {
    body,
    etag,
    headers: [...shared, ...(encoding ? ['content-encoding', encoding] : []), 'content-length', String(body.byteLength)],
    notModifiedHeaders: shared,
  };
}

/**
 * The built site, held in memory and served as a CDN would: compressed copies chosen by
 * Accept-Encoding, an ETag for each, 304 when the browser's copy is current, and long caching for
 * hashed assets. Pages are found by their path only (/privacy is privacy/index.html): a page's file
 * name is not a second address for it, so /index.html or /404.html is as unknown as any other path.
 * With `formTokens`, a page holding the quote form is sent with a token written in (no ETag), which
 * the spam rules read back when the form is posted: a new one each second, compressed as it is first
 * asked for.
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
      const kind = { contentType: contentTypes[extname(path)] ?? 'application/octet-stream', cacheControl: name.startsWith('/assets/') ? immutable : revalidate };
      const varies = encodings.some(({ suffix }) => available.has(path + suffix));
      const compressed: StaticFile['compressed'] = {};
      for (const { name: encoding, suffix } of encodings) {
        if (!available.has(path + suffix)) continue;
        compressed[encoding] = variantOf(kind, await readFile(path + suffix), etagOf(body, `-${encoding}`), encoding, varies);
      }
      const form = formTokens && extname(path) === '.html' ? formPageOf(body) : undefined;
      files.set(name, { ...kind, identity: variantOf(kind, body, etagOf(body), undefined, varies), compressed, ...(form && { form }) });
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
    const answer = await this.answer(path, fileRequestOf(request));
    return answer && asResponse(answer);
  }

  /** The 404 page with its status (never 304), or undefined when the build has none. */
  async notFound(request: Request): Promise<Response | undefined> {
    const file = this.#files.get(notFoundPage);
    return file && asResponse(await this.#answer(file, fileRequestOf(request), 404));
  }

  /** As `respond`, in the terms any HTTP server writes: for a server that answers without the app's routes. */
  async answer(path: string, request: FileRequest): Promise<FileAnswer | undefined> {
    const file = this.#find(path);
    return file && this.#answer(file, request, 200);
  }

  async #answer(file: StaticFile, request: FileRequest, status: 200 | 404): Promise<FileAnswer> {
    if (file.form && this.#formTokens) return this.#answerWithToken(file, file.form, this.#formTokens, request, status);
    return this.#answerAsIs(file, request, status);
  }

  async #answerWithToken(file: StaticFile, page: FormPage, issuer: FormTokenIssuer, request: FileRequest, status: 200 | 404): Promise<FileAnswer> {
    const encoding = chooseEncoding(request.acceptEncoding, () => true);
    const headers = ['content-type', file.contentType, 'cache-control', revalidate, 'vary', 'accept-encoding'];
    if (request.method === 'HEAD') return { status, headers, body: null };
    const now = issuer.now().getTime();
    let current = page.withToken;
    if (current === undefined || now >= current.issuedUntil || now < current.issuedUntil - tokenReuseMs) {
      const token = Buffer.from(await issuer.tokens.issue(new Date(now)));
      const body = joined([page.before, token, page.after]);
      current = { issuedUntil: now + tokenReuseMs, identity: { body, headers: [...headers, 'content-length', String(body.byteLength)] }, compressed: {} };
      page.withToken = current;
    }
    if (encoding === undefined) return { status, ...current.identity };
    let variant = current.compressed[encoding];
    if (variant === undefined) {
      const body = compressors[encoding](current.identity.body);
      variant = { body, headers: [...headers, 'content-encoding', encoding, 'content-length', String(body.byteLength)] };
      current.compressed[encoding] = variant;
    }
    return { status, ...variant };
  }

  #answerAsIs(file: StaticFile, request: FileRequest, status: 200 | 404): FileAnswer {
    const encoding = chooseEncoding(request.acceptEncoding, (name) => file.compressed[name] !== undefined);
    const variant = encoding ? (file.compressed[encoding] ?? file.identity) : file.identity;
    if (status === 200 && matchesEtag(request.ifNoneMatch, variant.etag)) return { status: 304, headers: variant.notModifiedHeaders, body: null };
    return { status, headers: variant.headers, body: request.method === 'HEAD' ? null : variant.body };
  }
}
