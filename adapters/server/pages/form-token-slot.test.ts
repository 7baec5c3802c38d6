import { expect, test } from 'vitest';
import { splitAtFormToken, withFormToken, withHiddenValues } from './form-token-slot';

const page = (input: string) => `<main><form><input name="name" value="Ada"/>${input}<button>Send</button></form></main>`;

test('the token goes into the value of the form’s hidden input, as React renders it', () => {
  expect(withFormToken(page('<input type="hidden" name="form_token" value=""/>'), '123.abc')).toBe(
    page('<input type="hidden" name="form_token" value="123.abc"/>'),
  );
});

test('a value already there is replaced, and one missing is written in', () => {
  expect(withFormToken(page('<input type="hidden" name="form_token" value="old"/>'), 'new')).toBe(page('<input type="hidden" name="form_token" value="new"/>'));
  expect(withFormToken(page('<input name="form_token" type="hidden"/>'), 't')).toBe(page('<input name="form_token" type="hidden" value="t"/>'));
  expect(withFormToken(page('<input name="form_token" type="hidden">'), 't')).toBe(page('<input name="form_token" type="hidden" value="t">'));
});

test('a page without the form is left as it is', () => {
  const html = page('');
  expect(splitAtFormToken(html)).toBeUndefined();
  expect(withFormToken(html, 't')).toBe(html);
});

test('only the token’s input is touched, whatever a visitor typed elsewhere', () => {
  const html = `<input name="description" value="form_token value=&quot;x&quot;"/>${page('<input type="hidden" name="form_token" value=""/>')}`;
  expect(withFormToken(html, 't')).toBe(`<input name="description" value="form_token value=&quot;x&quot;"/>${page('<input type="hidden" name="form_token" value="t"/>')}`);
});

test('hidden values are written in escaped, each into its own input; empty ones and unknown names are passed over', () => {
  const html = page('<input type="hidden" name="form_token"/><input type="hidden" name="utm_source"/><input type="hidden" name="landing_page"/>');
  expect(withHiddenValues(html, { utm_source: 'a"<b>&c', landing_page: '', nowhere: 'x' })).toBe(
    page('<input type="hidden" name="form_token"/><input type="hidden" name="utm_source" value="a&quot;&lt;b&gt;&amp;c"/><input type="hidden" name="landing_page"/>'),
  );
});
