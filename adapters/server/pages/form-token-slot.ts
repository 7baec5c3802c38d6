import { formTokenFieldName } from '../../../domain/spam/spam';

/** A hidden input of the quote form, as React renders it: `<input type="hidden" name="form_token" value=""/>`. */
const hiddenInput = (name: string) => new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`);

/** The page cut where the value of the input named `name` goes; undefined when it has no such input. */
function splitAtInput(html: string, name: string): { before: string; after: string } | undefined {
  const input = hiddenInput(name).exec(html);
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

/**
 * A page holding the quote form, cut where the value of its token goes: the token is written between
 * the two halves for each visitor. Undefined for a page without the form.
 */
export const splitAtFormToken = (html: string) => splitAtInput(html, formTokenFieldName);

/** The page with `token` in its quote form; a page without the form is left as it is. */
export function withFormToken(html: string, token: string): string {
  const slot = splitAtFormToken(html);
  return slot ? `${slot.before}${token}${slot.after}` : html;
}

const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page with each of `values` written into the form's hidden input of that name; names it lacks are passed over. */
export function withHiddenValues(html: string, values: Readonly<Record<string, string>>): string {
  let page = html;
  for (const [name, value] of Object.entries(values)) {
    const slot = value === '' ? undefined : splitAtInput(page, name);
    if (slot) page = `${slot.before}${attribute(value)}${slot.after}`;
  }
  return page;
}
