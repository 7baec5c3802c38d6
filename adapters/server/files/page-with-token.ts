import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FormTokens } from '../../../domain/ports/form-tokens';
import type { PageWithForm } from './site-files';
import { withHiddenValues } from '../pages/form-token-slot';

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

interface Issued {
  until: number;
  identity: Buffer<ArrayBuffer>;
  compressed: Partial<Record<PageEncoding, Buffer<ArrayBuffer>>>;
}

/** A page holding the quote form, with the token of the moment written in, as it is or compressed. */
export class PageWithToken {
  readonly #page: PageWithForm;
  readonly #tokens: Pick<FormTokens, 'issue'>;
  readonly #now: () => Date;
  #issued: Issued | undefined;

  constructor(page: PageWithForm, { tokens, now }: { tokens: Pick<FormTokens, 'issue'>; now: () => Date }) {
    this.#page = page;
    this.#tokens = tokens;
    this.#now = now;
  }

  /** The page with the current token, in `encoding` (as it is when undefined). */
  async body(encoding: PageEncoding | undefined): Promise<Buffer<ArrayBuffer>> {
    const issued = await this.#current();
    if (encoding === undefined) return issued.identity;
    issued.compressed[encoding] ??= compressors[encoding](issued.identity);
    return issued.compressed[encoding];
  }

  /**
   * The page with a token of its own and `values` in the form's hidden inputs (where this visitor came
   * from), in `encoding`: made for this request alone, never kept. Few visitors bring such values.
   */
  async bodyWith(encoding: PageEncoding | undefined, values: Readonly<Record<string, string>>): Promise<Buffer<ArrayBuffer>> {
    const token = await this.#tokens.issue(this.#now());
    const html = withHiddenValues(`${this.#page.before.toString('utf8')}${token}${this.#page.after.toString('utf8')}`, values);
    const identity = Buffer.from(html);
    return encoding === undefined ? identity : compressors[encoding](identity);
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
