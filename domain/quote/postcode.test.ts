import fc from 'fast-check';
import { expect, test } from 'vitest';
import { serviceArea } from '../business';
import { isInServiceArea, normalisePostcode, outwardCodeOf } from './postcode';
import { validateQuote } from './validate-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { postcodeArb } from '../../fixtures/quote-arbitraries.test-support';

test.each([
  ['se17pb', 'SE1 7PB'],
  [' SE1  7PB ', 'SE1 7PB'],
  ['sw1a1aa', 'SW1A 1AA'],
  ['EC1A 1BB', 'EC1A 1BB'],
  ['w1a0ax', 'W1A 0AX'],
  ['m11ae', 'M1 1AE'],
  ['cr26xh', 'CR2 6XH'],
  ['se1', 'SE1'],
  ['Se16', 'SE16'],
  ['gir0aa', 'GIR 0AA'],
])('%j is the postcode %j', (typed, normalised) => {
  expect(normalisePostcode(typed)).toBe(normalised);
});

test.each(['SE', '1SE 7PB', 'SE1 7P', 'SE1 77B', 'SE1 7PBX', 'SE1-7PB', 'SE100 1AA', '12345', 'SE1 7PB!', 'https://x.example'])(
  '%j is not a UK postcode',
  (typed) => {
    expect(normalisePostcode(typed)).toBeUndefined();
  },
);

test('normalising is idempotent, and any case and spacing of a postcode reads as the same one', () => {
  fc.assert(
    fc.property(postcodeArb, fc.boolean(), fc.nat({ max: 3 }), (postcode, lower, spaces) => {
      const typed = (lower ? postcode.toLowerCase() : postcode).replace(' ', ' '.repeat(spaces));
      expect(normalisePostcode(typed)).toBe(postcode);
      expect(normalisePostcode(postcode)).toBe(postcode);
    }),
  );
});

test('a postcode is in our area exactly when its outward code is one the business lists', () => {
  expect(isInServiceArea('SE1 7PB')).toBe(true);
  expect(isInServiceArea('SE1')).toBe(true);
  expect(isInServiceArea('SE15 3AB')).toBe(serviceArea.outwardCodes.some((code) => code === 'SE15'));
  expect(isInServiceArea('N1 9GU')).toBe(false);
  // SE10 starts with SE1 but is another district.
  expect(isInServiceArea('SE10 9NF')).toBe(false);
  fc.assert(
    fc.property(postcodeArb, (postcode) => {
      expect(isInServiceArea(postcode)).toBe(serviceArea.outwardCodes.includes(outwardCodeOf(postcode)));
    }),
  );
});

test('the rules store a postcode normalised, an empty one as null, and name postcode for anything else', () => {
  expect(validateQuote(sampleDraft({ postcode: ' se17pb ' }))).toMatchObject({ ok: true, quote: { postcode: 'SE1 7PB' } });
  expect(validateQuote(sampleDraft({ postcode: '   ' }))).toMatchObject({ ok: true, quote: { postcode: null } });
  expect(validateQuote(sampleDraft({ postcode: 'London' }))).toEqual({
    ok: false,
    error: { kind: 'invalid-fields', issues: [{ field: 'postcode', message: 'Enter a UK postcode like SE1 7PB, or leave postcode empty' }] },
  });
});

test('a postcode outside our area is accepted, never refused', () => {
  expect(validateQuote(sampleDraft({ postcode: 'N1 9GU' }))).toMatchObject({ ok: true, quote: { postcode: 'N1 9GU' } });
});
