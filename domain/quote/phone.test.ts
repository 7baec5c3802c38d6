import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isPhoneNumber, telHref } from './phone';
import { ukPhoneArb } from '../../fixtures/quote-arbitraries.test-support';

test.each([
  '020 7946 0123',
  '01632 960123',
  '07700 900123',
  '020.7946.0123',
  '020-7946-0123',
  '(020) 7946 0123',
  '02079460123',
  '  020 7946 0123  ',
])('accepts the UK number %j', (phone) => {
  expect(isPhoneNumber(phone)).toBe(true);
});

test.each(['+44 20 7946 0123', '+44 (0)20 7946 0123', '0033 1 23 45 67 89', '+1 202 555 0143', '+1-202-555-0143'])(
  'accepts the international number %j',
  (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  },
);

test.each([
  ['letters', 'call me maybe'],
  ['a letter O for a zero', '020 7946 O123'],
  ['a UK number too short', '020 7946 01'],
  ['a UK number too long', '020 7946 01234'],
  ['an international number too short', '+44 20 12'],
  ['more than 15 digits after +', '+44 2079 4601 2345 67'],
  ['more than 15 digits after 00', '0044 2079 4601 2345 67'],
  ['empty text', ''],
  ['only spaces', '   '],
  ['a lone plus', '+'],
  ['123', '123'],
  ['a plus in the middle', '020+7946 0123'],
])('rejects %s (%j)', (_, phone) => {
  expect(isPhoneNumber(phone)).toBe(false);
});

test.each([
  ['020 7946 0123', 'tel:+442079460123'],
  ['+44 (0)20 7946 0123', 'tel:+442079460123'],
  ['+44 20 7946 0123', 'tel:+442079460123'],
  ['(020) 7946-0123', 'tel:+442079460123'],
  ['07700 900123', 'tel:+447700900123'],
  ['0033 1 23 45 67 89', 'tel:+33123456789'],
  ['+1 202 555 0143', 'tel:+12025550143'],
])('telHref(%j) is %j', (phone, href) => {
  expect(telHref(phone)).toBe(href);
});

const phoneLikeArb = fc.oneof(
  ukPhoneArb,
  fc
    .tuple(
      fc.constantFrom('+', '00', '0', '+44 (0)', ' +', ''),
      fc.string({ unit: fc.constantFrom(...Array.from('0123456789 0123456789().-')), minLength: 5, maxLength: 25 }),
    )
    .map(([prefix, rest]) => prefix + rest),
);

test('every accepted number has a tel: link of + and 7 to 15 digits', () => {
  fc.assert(
    fc.property(phoneLikeArb, (phone) => {
      fc.pre(isPhoneNumber(phone));
      expect(telHref(phone)).toMatch(/^tel:\+\d{7,15}$/);
    }),
    { numRuns: 500 },
  );
});

test('every UK number built from digits is accepted', () => {
  fc.assert(fc.property(ukPhoneArb, (phone) => isPhoneNumber(phone)));
});

test.each(['+0044 20 7946 0123', '+0 123 4567', '000 1234 5678'])('rejects %j: no country code starts with 0', (phone) => {
  expect(isPhoneNumber(phone)).toBe(false);
});

test('a trunk zero written after +44 without brackets is dropped from the link', () => {
  expect(isPhoneNumber('+44 020 7946 0123')).toBe(true);
  expect(telHref('+44 020 7946 0123')).toBe('tel:+442079460123');
});
