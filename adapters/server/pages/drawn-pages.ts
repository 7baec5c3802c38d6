import type { FormTokens } from '../../../domain/ports/form-tokens';
import { PageWithToken } from './page-with-token';
import { splitAtFormToken } from './form-token-slot';

/** A page drawn once, with its status, and its body as sent now: with the second's form token, when it holds the form. */
export interface DrawnPage {
  status: number;
  body: () => Promise<Buffer<ArrayBuffer>>;
}

/**
 * Pages drawn on the server for what a request asked (a postcode to check), kept by it for the
 * latest `kept` asked for: the same question again is answered without drawing the page again, with
 * the token of the second written in as the prerendered pages are (and, without `tokens`, the form's
 * token left empty). A page is kept from when its drawing starts, so requests that arrive together
 * draw it once; one whose drawing failed is forgotten.
 */
export class DrawnPages {
  readonly #kept: number;
  readonly #tokens: { tokens: Pick<FormTokens, 'issue'>; now: () => Date } | undefined;
  /** The latest asked for last. */
  readonly #pages = new Map<string, Promise<DrawnPage>>();

  constructor(kept: number, tokens: { tokens: Pick<FormTokens, 'issue'>; now: () => Date } | undefined) {
    this.#kept = kept;
    this.#tokens = tokens;
  }

  /** The page kept for `key`, if one is. */
  find(key: string): Promise<DrawnPage> | undefined {
    const page = this.#pages.get(key);
    if (page !== undefined) this.#keep(key, page);
    return page;
  }

  /** Draws the page for `key` with `draw` and keeps it, forgetting the one asked for longest ago past `kept`. */
  draw(key: string, draw: () => Promise<{ html: string; status: number }>): Promise<DrawnPage> {
    const page = draw().then(({ html, status }): DrawnPage => {
      const slot = this.#tokens && splitAtFormToken(html);
      if (slot === undefined || this.#tokens === undefined) {
        const whole = Buffer.from(html);
        return { status, body: () => Promise.resolve(whole) };
      }
      const withToken = new PageWithToken({ before: Buffer.from(slot.before), after: Buffer.from(slot.after) }, this.#tokens);
      return { status, body: () => withToken.body(undefined) };
    });
    this.#keep(key, page);
    page.catch(() => {
      if (this.#pages.get(key) === page) this.#pages.delete(key);
    });
    return page;
  }

  #keep(key: string, page: Promise<DrawnPage>) {
    this.#pages.delete(key);
    this.#pages.set(key, page);
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size <= this.#kept) break;
      this.#pages.delete(oldest);
    }
  }
}
