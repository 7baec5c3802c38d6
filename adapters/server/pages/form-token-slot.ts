import { formTokenFieldName } from '../../../domain/spam/spam';

/** The quote form's hidden input for its token, as React renders it: `<input type="hidden" name="form_token" value=""/>`. */
const tokenInput = new RegExp(`<input\\b[^>]*\\bname="${formTokenFieldName}"[^>]*>`);

/**
 * A page holding the quote form, cut where the value of its token goes: the token is written between
 * the two halves for each visitor. Undefined for a page without the form.
 */
export function splitAtFormToken(html: string): { before: string; after: string } | undefined {
  const input = tokenInput.exec(html);
  if (!input) return undefined;
  const tag = input[0];
  const value = /\bvalue="([^"]*)"/.exec(tag);
  // Between the quotes of its value; or, with no value, a value written in before the tag's end.
  const start = value ? value.index + 'value="'.length : tag.length - (tag.endsWith('/>') ? 2 : 1);
  const end = value ? start + (value[1] ?? '').length : start;
  const [open, close] = value ? ['', ''] : [' value="', '"'];
  return {
    before: `${html.slice(0, input.index)}${tag.slice(0, start)}${open}`,
    after: `${close}${tag.slice(end)}${html.slice(input.index + tag.length)}`,
  };
}

/** The page with `token` in its quote form; a page without the form is left as it is. */
export function withFormToken(html: string, token: string): string {
  const slot = splitAtFormToken(html);
  return slot ? `${slot.before}${token}${slot.after}` : html;
}
