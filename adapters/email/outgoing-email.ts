import { withoutInvisibleCharacters } from '../../domain/quote/invisible-characters';

/** An email ready to hand to a mailer: one recipient, a plain-text body and the same in HTML. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when that is not the sender, such as the customer who asked for a quote. */
  replyTo?: string;
  /** The page that stops emails like it, given to mail programs as List-Unsubscribe, with one-click POST (RFC 8058). */
  unsubscribe?: string;
}

/**
 * The text on one line, for a header: a line break in a visitor's name must not start a header of
 * its own (a Bcc: to someone else), so every control and line-separator character becomes a space;
 * and a bidirectional override must not turn the subject around ("Bob \u202egnp.exe" read as "Bob
 * exe.png"), so the invisible characters go. The form keeps them out; this holds for any stored row.
 */
export function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return withoutInvisibleCharacters(text).replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
}
