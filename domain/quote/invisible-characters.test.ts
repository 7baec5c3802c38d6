import fc from 'fast-check';
import { expect, test } from 'vitest';
import { withoutInvisibleCharacters } from './invisible-characters';
import { validateQuote } from './validate-quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const invisible = [
  '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c',
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff',
];
const invisibleArb = fc.constantFrom(...invisible);
const anyInvisible = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

test('a bidirectional override in a name is dropped, so the name reads as typed', () => {
  expect(validateQuote({ ...sampleQuote(), name: 'Bob \u202egnp.exe' })).toMatchObject({ ok: true, quote: { name: 'Bob gnp.exe' } });
});

test.each(invisible.map((character) => [`U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`, character]))(
  '%s is dropped from every single-line field',
  (_, character) => {
    const result = validateQuote({
      ...sampleQuote(),
      name: `Priya${character} Raman`,
      phone: `020 7946${character} 0718`,
      email: `priya${character}@example.co.uk`,
      postcode: `SE1${character} 7PB`,
    });
    expect(result).toMatchObject({ ok: true, quote: { name: 'Priya Raman', phone: '020 7946 0718', email: 'priya@example.co.uk', postcode: 'SE1 7PB' } });
  },
);

test('a name of nothing but invisible characters is missing', () => {
  expect(validateQuote({ ...sampleQuote(), name: '\u202e\u200b' })).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['name'] } });
});

test('the description keeps them: a paragraph of Arabic or Hebrew may need its marks', () => {
  const description = 'Leak under the sink \u200fשלום\u200f';
  expect(validateQuote({ ...sampleQuote(), description })).toMatchObject({ ok: true, quote: { description } });
});

test('no accepted name, phone, email or postcode holds one, however they are mixed in', () => {
  const sprinkled = (text: string) =>
    fc.array(invisibleArb, { maxLength: text.length + 1 }).map((marks) => Array.from(text).flatMap((character, index) => [marks[index] ?? '', character]).join('') + (marks[text.length] ?? ''));
  fc.assert(
    fc.property(
      sprinkled('Siobhán Ní Bhriain'),
      sprinkled('+44 20 7946 0718'),
      sprinkled('siobhan@example.ie'),
      sprinkled('SE17 3AB'),
      (name, phone, email, postcode) => {
        const result = validateQuote({ ...sampleQuote(), name, phone, email, postcode });
        expect(result).toMatchObject({ ok: true, quote: { name: 'Siobhán Ní Bhriain', phone: '+44 20 7946 0718', email: 'siobhan@example.ie', postcode: 'SE17 3AB' } });
      },
    ),
  );
});

test('dropping them is idempotent and leaves every other character as it was', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.oneof(fc.constantFrom(...invisible), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })) }), (text) => {
      const once = withoutInvisibleCharacters(text);
      expect(once).not.toMatch(anyInvisible);
      expect(withoutInvisibleCharacters(once)).toBe(once);
      // Code points, not graphemes: the characters dropped are code points of their own.
      expect(once).toBe(Array.from(text).filter((character) => !anyInvisible.test(character)).join(''));
    }),
  );
});

test('half of a surrogate pair alone is not text, and is named; a whole pair is', () => {
  expect(validateQuote({ ...sampleQuote(), name: 'Ada \ud800' })).toEqual({
    ok: false,
    error: { kind: 'invalid-fields', issues: [{ field: 'name', message: 'Name must be text' }] },
  });
  expect(validateQuote({ ...sampleQuote(), description: 'Leak \udc00' })).toMatchObject({ ok: false, error: { issues: [{ field: 'description' }] } });
  expect(validateQuote({ ...sampleQuote(), name: 'Ada 🔧' })).toMatchObject({ ok: true, quote: { name: 'Ada 🔧' } });
});
