import fc from 'fast-check';
import { expect, test } from 'vitest';
import { greetingName, greetingNameMaxLength } from './first-name';

test.each([
  ['Tom Okafor', 'Tom'],
  ['  Priya   Raman ', 'Priya'],
  ['Tom, Okafor', 'Tom'],
  ['"Zoë" Ward', 'Zoë'],
  ['(Ana) Lima', 'Ana'],
  ['Anne-Marie Dupont', 'Anne-Marie'],
  ["O'Brien", "O'Brien"],
  ['D’Arcy Evans', 'D’Arcy'],
  ['Siobhán O’Neill', 'Siobhán'],
  ['Nguyễn Văn An', 'Nguyễn'],
  // The same name with its accents written as combining marks.
  ['Nguye\u0302\u0303n Văn An', 'Nguye\u0302\u0303n'],
  ['Zoë', 'Zoë'],
  ['Łukasz Żółć', 'Łukasz'],
  ['Søren Kierkegaard', 'Søren'],
  ['Dvořák', 'Dvořák'],
  ['Ерін Петренко', 'Ерін'],
  ['Γιώργος Παπαδόπουλος', 'Γιώργος'],
  ['محمد علي', 'محمد'],
  ['דוד כהן', 'דוד'],
  ['अमित शर्मा', 'अमित'],
  ['王小明', '王小明'],
  ['山田 太郎', '山田'],
  ['ユーコ', 'ユーコ'],
  ['김민준', '김민준'],
  ['สมชาย ใจดี', 'สมชาย'],
  ['Nnamdi Okonkwo', 'Nnamdi'],
  ['Mr Smith', 'Mr'],
])('%j is greeted as %j', (name, expected) => {
  expect(greetingName(name)).toBe(expected);
});

test.each([
  'Your invoice is overdue, pay at http://evil.example',
  'http://evil.example',
  'https://evil.example/pay',
  'www.evil.example',
  'WWW.EVIL.EXAMPLE',
  'evil.example',
  'Tom evil.example',
  'Tom evil。example',
  'Tom evil．example',
  'pay@evil.example',
  'Tom pay@evil.example',
  'mailto:pay',
  'Tom [click](http)',
  '[url=evil]Tom[/url]',
  'Tom <a href=x>',
  'Tom/Jerry',
  'Tom\\Jerry',
  'J.R. Hartley',
  'R2D2',
  'Tom2 Okafor',
  '0800 123 456',
  'To,m',
  'Tom&Jerry Okafor',
  'x'.repeat(greetingNameMaxLength + 1),
  '',
  '   ',
  '---',
  "'",
  'Tom\u202eSmith',
])('%j is greeted with no name', (name) => {
  expect(greetingName(name)).toBeNull();
});

test(`a first name of ${greetingNameMaxLength} letters is greeted, one more is not`, () => {
  expect(greetingName('ü'.repeat(greetingNameMaxLength))).toBe('ü'.repeat(greetingNameMaxLength));
  expect(greetingName(`${'ü'.repeat(greetingNameMaxLength + 1)} Smith`)).toBeNull();
});

/** Text that looks like what an attacker might put in the name field: words, links, addresses, markup. */
const hostileName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({ maxLength: 12 }),
      fc.webUrl(),
      fc.emailAddress(),
      fc.domain(),
      fc.constantFrom('http://', 'www.', '@', '.', ':', '/', '<', '>', '[', ']', ' ', '\t', '\n', '\u00a0', '-', "'", 'Zoë', 'Anne-Marie'),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** The first word as split by whitespace, before the greeting leaves out its punctuation. */
const firstWord = (name: string) => name.trim().split(/\s+/u)[0] ?? '';

test('whatever the name, the greeting holds no link, address, markup or space, and is part of its first word', () => {
  fc.assert(
    fc.property(hostileName, (name) => {
      const greeted = greetingName(name);
      if (greeted === null) return;
      expect(greeted).not.toMatch(/[:/@.<>[\]\s]/u);
      expect(greeted).not.toBe('');
      expect(Array.from(greeted).length).toBeLessThanOrEqual(greetingNameMaxLength);
      expect(firstWord(name)).toContain(greeted);
      // Only the punctuation around the word is left out.
      expect(firstWord(name).replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')).toBe(greeted);
    }),
    { numRuns: 2_000 },
  );
});

const letters = fc.string({ unit: fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyzáéíóúàèäöüßçñøåłżšđőčěğıšžœæ')), minLength: 1, maxLength: 15 });
const capitalised = letters.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`);
const realisticFirstName = fc.oneof(
  capitalised,
  fc.tuple(capitalised, capitalised).map(([a, b]) => `${a}-${b}`),
  capitalised.map((word) => `O'${word}`),
  fc.constantFrom('Siobhán', 'Zoë', 'Nguyễn', 'Ерін', 'Γιώργος', 'محمد', 'דוד', 'अमित', '王小明', '김민준', 'สมชาย', 'Chloë', 'Hưng', 'Þórdís'),
);

test('real first names, with any surnames after them, survive as typed', () => {
  fc.assert(
    fc.property(realisticFirstName, fc.array(capitalised, { maxLength: 3 }), (first, rest) => {
      expect(greetingName([first, ...rest].join(' '))).toBe(first);
    }),
    { numRuns: 1_000 },
  );
});
