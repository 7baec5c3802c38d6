import { splitAtFormToken } from './form-token-slot';

/** A page drawn once, with its status, cut where each request's form token goes (whole, `after` undefined, when it holds no form). */
export interface DrawnPage {
  status: number;
  before: Buffer<ArrayBuffer>;
  after: Buffer<ArrayBuffer> | undefined;
}

/**
 * Pages drawn on the server for what a request asked (a postcode to check), kept by it for the
 * latest `kept` asked for: the same question again is answered without drawing the page again. A
 * page is kept from when its drawing starts, so requests that arrive together draw it once; one
 * whose drawing failed is forgotten.
 */
export class DrawnPages {
  readonly #kept: number;
  /** The latest asked for last. */
  readonly #pages = new Map<string, Promise<DrawnPage>>();

  constructor(kept: number) {
    this.#kept = kept;
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
      const slot = splitAtFormToken(html);
      return slot ? { status, before: Buffer.from(slot.before), after: Buffer.from(slot.after) } : { status, before: Buffer.from(html), after: undefined };
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

/** The drawn page with `token` in its quote form. */
export const withToken = (page: DrawnPage, token: string): Buffer<ArrayBuffer> =>
  page.after === undefined ? page.before : Buffer.concat([page.before, Buffer.from(token), page.after]);
