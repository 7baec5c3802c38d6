/**
 * fast-check arbitraries for quote requests, shared by the domain, adapter and fixture tests.
 * Test-only: nothing outside *.test.ts and *.contract.ts imports this file.
 */
import fc from 'fast-check';
import { type NewQuote, type QuoteDraft, type RequiredField, requiredFields } from './quote';
import { serviceTypes } from './service-type';

const chars = (text: string) => fc.constantFrom(...Array.from(text));
const lowerLetters = 'abcdefghijklmnopqrstuvwxyz';
const upperLetters = lowerLetters.toUpperCase();
const accented = 'éèêëáàâäíïóôöúüçñøåæ';
const digit = chars('0123456789');

/** Characters JavaScript's trim removes: the ones that make a field blank. */
const whitespaceChars = ' \t\n\r\v\f\u00a0\u1680\u2003\u2028\u2029\u202f\u205f\u3000\ufeff';

/** Empty or whitespace-only text. */
const blankArb = fc.string({ unit: chars(whitespaceChars), maxLength: 5 });

const paddingArb = fc.string({ unit: chars(' \t\n\u00a0'), maxLength: 3 });
const padded = (value: fc.Arbitrary<string>) =>
  fc.tuple(paddingArb, value, paddingArb).map(([before, text, after]) => before + text + after);

const nameWordArb = fc
  .tuple(
    fc.constantFrom('', '', '', "O'", "D'", 'Mc'),
    chars(upperLetters),
    fc.string({ unit: chars(lowerLetters + accented + lowerLetters), minLength: 1, maxLength: 10 }),
    fc.constantFrom('', '', '', '-Smith', "'s"),
  )
  .map((parts) => parts.join(''));

/** Realistic names: one to four words with letters, accents, apostrophes and hyphens. */
export const nameArb = fc.array(nameWordArb, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

/** UK numbers built from digits: 0, then 9 or 10 digits, grouped with spaces, dots, dashes or brackets. */
export const ukPhoneArb = fc
  .tuple(
    chars('1237'),
    fc.array(digit, { minLength: 8, maxLength: 9 }),
    fc.constantFrom(' ', '-', '.', ''),
    fc.boolean(),
  )
  .map(([area, rest, separator, bracketed]) => {
    const code = `0${area}${rest.slice(0, 2).join('')}`;
    const local = rest.slice(2);
    const middle = local.slice(0, 3).join('');
    const end = local.slice(3).join('');
    return `${bracketed ? `(${code})` : code}${separator || ' '}${middle}${separator}${end}`;
  });

const alphanumeric = lowerLetters + '0123456789';
const emailPartArb = fc.string({ unit: chars(alphanumeric), minLength: 1, maxLength: 8 });

/** Addresses like `${local}@${domain}.co.uk`. */
const emailArb = fc
  .tuple(fc.array(emailPartArb, { minLength: 1, maxLength: 3 }), emailPartArb)
  .map(([local, domain]) => `${local.join('.')}@${domain}.co.uk`);

const sentenceWordArb = fc.string({ unit: chars(lowerLetters + accented + "0123456789'"), minLength: 1, maxLength: 9 });
const sentenceArb = fc
  .tuple(fc.array(sentenceWordArb, { minLength: 1, maxLength: 12 }), fc.constantFrom('.', '!', '?', ''))
  .map(([words, stop]) => words.join(' ') + stop);

/** Job descriptions: a few sentences, sometimes on separate lines. */
export const descriptionArb = fc
  .tuple(fc.array(sentenceArb, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '\n', '\n\n'))
  .map(([sentences, gap]) => sentences.join(gap));

const serviceTypeArb = fc.constantFrom(...serviceTypes);

/** A draft that passes every rule and is already in normal form. */
export const validDraftArb: fc.Arbitrary<QuoteDraft> = fc.record({
  name: nameArb,
  email: fc.oneof(fc.constant(''), emailArb),
  phone: ukPhoneArb,
  serviceType: serviceTypeArb,
  description: fc.oneof(fc.constant(''), descriptionArb),
  urgent: fc.boolean(),
});

/** A draft that passes every rule once normalised: padded with whitespace, optional fields sometimes blank. */
export const messyValidDraftArb: fc.Arbitrary<QuoteDraft> = fc.record({
  name: padded(nameArb.map((name) => name.replaceAll(' ', '  '))),
  email: fc.oneof(blankArb, padded(emailArb)),
  phone: padded(ukPhoneArb),
  serviceType: padded(serviceTypeArb),
  description: fc.oneof(blankArb, padded(descriptionArb)),
  urgent: fc.boolean(),
});

/** Anything a form could hold: arbitrary text in every field. */
export const anyDraftArb: fc.Arbitrary<QuoteDraft> = fc.record({
  name: fc.string(),
  email: fc.string(),
  phone: fc.string(),
  serviceType: fc.oneof(fc.string(), serviceTypeArb),
  description: fc.string(),
  urgent: fc.boolean(),
});

/** A draft (valid or not) with one required field blanked, and which field that is. */
export const draftMissingFieldArb: fc.Arbitrary<{ draft: QuoteDraft; field: RequiredField }> = fc
  .tuple(fc.oneof(validDraftArb, anyDraftArb), fc.constantFrom(...requiredFields), blankArb)
  .map(([draft, field, blank]) => ({ draft: { ...draft, [field]: blank }, field }));

/** Quotes as validation leaves them, ready for a repository. */
export const newQuoteArb: fc.Arbitrary<NewQuote> = fc.record({
  name: nameArb,
  email: fc.option(emailArb, { nil: null }),
  phone: ukPhoneArb,
  serviceType: serviceTypeArb,
  description: fc.option(descriptionArb, { nil: null }),
  urgent: fc.boolean(),
});
