import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FormTokens } from '../../../domain/ports/form-tokens';
import { withHiddenValues } from './form-token-slot';

/** A built page that holds the quote form: its bytes before and after the form's token. */
export interface PageWithForm {
  before: Buffer;
  after: Buffer;
}

export type PageEncoding = 'br' | 'gzip';

/**
 * Compressed as a CDN compresses on the fly: about a millisecond for the home page (Brotli at quality
 * 6 is within a tenth of the build's quality 11 in size, at a fortieth of the time).
 */
const compressors: Record<PageEncoding, (page: Buffer) => Buffer<ArrayBuffer>> = {
  br: (page) => brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength } }),
  gzip: (page) => gzipSync(page, { level: constants.Z_BEST_COMPRESSION }),
};

/**
 * How long one token is sent to every visitor of a page holding the form: signing it, writing it in
 * and compressing the page once a second, rather than for each visitor, keeps the busiest page as
 * quick to send as a file. The spam rules read when it was issued, so a visitor sent it late in its
 * second looks that much slower than they were: a person takes far longer than a second over the
 * form, and a bot is given a second's grace at most.
 */
const tokenReuseMs = 1000;

/** A page as sent in the token's second: as it is, and each compressed copy once asked for. */
interface Made {
  identity: Buffer<ArrayBuffer>;
  compressed: Partial<Record<PageEncoding, Buffer<ArrayBuffer>>>;
}

interface Issued extends Made {
  until: number;
}

/**
 * How many pages written for where their visitors came from are kept for each page holding the form:
 * those asked for most lately. Remade at most once a second each, when their token changes, so this
 * many compressions a second in each encoding is the most such pages can cost.
 */
export const keptSources = 16;

const compressed = (made: Made, encoding: PageEncoding | undefined) => {
  if (encoding === undefined) return made.identity;
  made.compressed[encoding] ??= compressors[encoding](made.identity);
  return made.compressed[encoding];
};

/**
 * A page holding the quote form, with the token of the moment written in, as it is or compressed; and
 * the same page with where a visitor came from in the form's hidden inputs, kept for the latest sources.
 */
export class PageWithToken {
  readonly #page: PageWithForm;
  readonly #tokens: Pick<FormTokens, 'issue'>;
  readonly #now: () => Date;
  #issued: Issued | undefined;
  /** By their hidden inputs' values, the latest asked for last; each with the token it was made with. */
  readonly #sources = new Map<string, Made & { token: Issued }>();

  constructor(page: PageWithForm, { tokens, now }: { tokens: Pick<FormTokens, 'issue'>; now: () => Date }) {
    this.#page = page;
    this.#tokens = tokens;
    this.#now = now;
  }

  /** The page with the current token, in `encoding` (as it is when undefined). */
  async body(encoding: PageEncoding | undefined): Promise<Buffer<ArrayBuffer>> {
    return compressed(await this.#current(), encoding);
  }

  /** Whether a page with these values in the form's hidden inputs is among those kept. */
  keeps(values: Readonly<Record<string, string>>): boolean {
    return this.#sources.has(keyOf(values));
  }

  /**
   * The page with the current token and `values` in the form's hidden inputs (where this visitor came
   * from), in `encoding`: made once a second for each of the latest sources, as the page itself is.
   */
  async bodyWith(encoding: PageEncoding | undefined, values: Readonly<Record<string, string>>): Promise<Buffer<ArrayBuffer>> {
    const token = await this.#current();
    const key = keyOf(values);
    const kept = this.#sources.get(key);
    const made = kept?.token === token ? kept : { token, identity: Buffer.from(withHiddenValues(token.identity.toString('utf8'), values)), compressed: {} };
    this.#sources.delete(key);
    this.#sources.set(key, made);
    for (const oldest of this.#sources.keys()) {
      if (this.#sources.size <= keptSources) break;
      this.#sources.delete(oldest);
    }
    return compressed(made, encoding);
  }

  async #current(): Promise<Issued> {
    const now = this.#now().getTime();
    const kept = this.#issued;
    // A clock set back (a corrected server clock) never keeps a token from its future.
    if (kept !== undefined && now < kept.until && now >= kept.until - tokenReuseMs) return kept;
    const token = await this.#tokens.issue(new Date(now));
    const issued: Issued = { until: now + tokenReuseMs, identity: Buffer.concat([this.#page.before, Buffer.from(token), this.#page.after]), compressed: {} };
    this.#issued = issued;
    return issued;
  }
}

/** The values in the order the page lists its inputs: the same source is always the same key. */
const keyOf = (values: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(values));
