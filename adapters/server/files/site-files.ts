import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { splitAtFormToken } from '../pages/form-token-slot';

/** One file of the built site as read at start: its bytes, and its entity tag (one for each encoding). */
export interface SiteFile {
  body: Buffer<ArrayBuffer>;
  etag: string;
}

/** A built page holding the quote form, cut where each visitor's form token goes. */
import type { PageWithForm } from '../pages/page-with-token';

/** The suffixes the build gives the compressed copies it writes beside a text file. */
export const compressedSuffixes = ['.br', '.gz'] as const;

const etagOf = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The build's own records (.vite/) and other dot files, and source maps: a map gives anyone the original source. */
const neverServed = (name: string) => name.split('/').some((part) => part.startsWith('.')) || /\.map(?:\.(?:br|gz))?$/.test(name);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}${sep}${entry.name}`);
}

/**
 * The built site (dist/client), read into memory once at start: a few hundred kilobytes of pages,
 * hashed assets and the compressed copies the build wrote beside them, each by its path under the
 * site (`/assets/app-abc.js`, `/assets/app-abc.js.br`, `/privacy/index.html`). Pages holding the quote
 * form are kept cut where the token goes. A site that was never built has no files.
 */
export class SiteFiles {
  readonly #files: ReadonlyMap<string, SiteFile>;
  readonly #pagesWithForm: ReadonlyMap<string, PageWithForm>;

  private constructor(files: ReadonlyMap<string, SiteFile>, pagesWithForm: ReadonlyMap<string, PageWithForm>) {
    this.#files = files;
    this.#pagesWithForm = pagesWithForm;
  }

  static async load(dir: string): Promise<SiteFiles> {
    const files = new Map<string, SiteFile>();
    const pagesWithForm = new Map<string, PageWithForm>();
    for (const path of await filesUnder(dir)) {
      const name = `/${relative(dir, path).split(sep).join('/')}`;
      if (neverServed(name)) continue;
      const body = await readFile(path);
      files.set(name, { body, etag: etagOf(body) });
      const slot = name.endsWith('.html') ? splitAtFormToken(body.toString('utf8')) : undefined;
      if (slot) pagesWithForm.set(name, { before: Buffer.from(slot.before), after: Buffer.from(slot.after) });
    }
    return new SiteFiles(files, pagesWithForm);
  }

  /** The file at this path under the site (a compressed copy's path too), if the build wrote one. */
  file(path: string): SiteFile | undefined {
    return this.#files.get(path);
  }

  /** Whether the build wrote compressed copies of the file at this path. */
  hasCompressedCopies(path: string): boolean {
    return compressedSuffixes.some((suffix) => this.#files.has(path + suffix));
  }

  /** The path of the page at this address (`/`, `/privacy`, `/privacy/`) if it holds the quote form: `/index.html`. */
  formPageAt(address: string): string | undefined {
    const path = address.endsWith('/') ? `${address}index.html` : `${address}/index.html`;
    return this.#pagesWithForm.has(path) ? path : undefined;
  }

  /** The page at this path (`/index.html`) cut where the form's token goes, if it holds the quote form. */
  pageWithForm(path: string): PageWithForm | undefined {
    return this.#pagesWithForm.get(path);
  }

  /** Whether `path` is a folder holding a page (`/privacy` for `/privacy/index.html`). */
  isPageFolder(path: string): boolean {
    return this.#files.has(`${path.endsWith('/') ? path : `${path}/`}index.html`);
  }
}
