import fc from 'fast-check';
import { expect, test } from 'vitest';
import { describeOutcome, formatPounds, parsePounds, wonValueMaxPence } from './job-outcome';

test.each([
  ['450', 45_000],
  ['£450', 45_000],
  ['£ 1,250.50', 125_050],
  ['1250.5', 125_050],
  ['0.99', 99],
  ['  85 ', 8_500],
  ['1,000,000', wonValueMaxPence],
])('"%s" is %i pence', (typed, pence) => {
  expect(parsePounds(typed)).toEqual({ ok: true, pence });
});

test('an empty value is no value', () => {
  expect(parsePounds('')).toEqual({ ok: true, pence: null });
  expect(parsePounds('   ')).toEqual({ ok: true, pence: null });
});

test.each(['£', 'about 400', '1.234', '12,50', '1,25', '-40', '4e3', '1,000,000.01', '0x10', '٤٥٠'])('"%s" is refused, saying how to write it', (typed) => {
  const parsed = parsePounds(typed);
  expect(parsed.ok).toBe(false);
  expect(!parsed.ok && parsed.message).toMatch(/^Job value/);
});

test('every value in range, written as the card shows it, reads back as itself', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: wonValueMaxPence }), (pence) => {
      expect(parsePounds(formatPounds(pence))).toEqual({ ok: true, pence });
    }),
  );
});

test('pounds read as the business writes them', () => {
  expect(formatPounds(125_000)).toBe('£1,250');
  expect(formatPounds(125_050)).toBe('£1,250.50');
  expect(describeOutcome({ lostReason: 'not-our-job' })).toBe('Not a job we do');
  expect(describeOutcome({})).toBeUndefined();
});
