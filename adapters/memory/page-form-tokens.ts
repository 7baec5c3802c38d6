import type { FormTokens } from '../../domain/ports/form-tokens';

/**
 * The demo's form tokens: the time the page was issued, in milliseconds, as it is. The demo has no
 * server and so no secret to sign with: anyone can write such a token, and it proves nothing. It is
 * here so the demo weighs "too fast" and "no timestamp" as the server does with its signed tokens.
 */
export class PageFormTokens implements FormTokens {
  issue(now: Date): Promise<string> {
    return Promise.resolve(pageFormToken(now));
  }

  secondsSince(token: string, now: Date): Promise<number | null> {
    if (!/^\d{1,15}$/.test(token)) return Promise.resolve(null);
    const seconds = (now.getTime() - Number(token)) / 1000;
    return Promise.resolve(seconds >= 0 && seconds <= maxAgeSeconds ? seconds : null);
  }
}

/** A page older than a day is treated as having no token, as the server treats an expired one. */
const maxAgeSeconds = 24 * 60 * 60;

/** The token of a page issued at `now`, for the page itself to hold (it has no server to fill it in). */
export const pageFormToken = (now: Date): string => String(now.getTime());
