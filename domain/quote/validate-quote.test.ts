import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  anyDraftArb,
  descriptionArb,
  draftMissingFieldArb,
  messyValidDraftArb,
  nameArb,
  validDraftArb,
} from '../../fixtures/quote-arbitraries.test-support';
import { textFields } from './quote';
import { toDraft } from './quote-schema';
import { validateQuote } from './validate-quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';

const fullDraft = sampleDraft();

test('accepts a full request as it is', () => {
  expect(validateQuote(fullDraft)).toEqual({ ok: true, quote: fullDraft });
});

test('trims every value', () => {
  const padded = Object.fromEntries(textFields.map((field) => [field, `\n  ${fullDraft[field]} \t`]));
  const result = validateQuote({ ...fullDraft, ...padded });
  expect(result).toEqual({ ok: true, quote: fullDraft });
});

test('collapses runs of spaces inside the name and the phone number', () => {
  const result = validateQuote({ ...fullDraft, name: 'Priya \t Raman', phone: '07700   900123' });
  expect(result).toMatchObject({ ok: true, quote: { name: 'Priya Raman', phone: '07700 900123' } });
});

test.each(['', '   ', '\t\n'])('email and description become null when they are %j', (blank) => {
  const result = validateQuote({ ...fullDraft, email: blank, description: blank });
  expect(result).toEqual({ ok: true, quote: { ...fullDraft, email: null, description: null } });
});

test('urgent is false, and optional fields null, when they are missing', () => {
  const result = validateQuote({ name: 'Tom Okafor', phone: '020 7946 0381', serviceType: 'heating' });
  expect(result).toEqual({
    ok: true,
    quote: {
      ...{ name: 'Tom Okafor', email: null, phone: '020 7946 0381', postcode: null, serviceType: 'heating', description: null, urgent: false },
      ...{ heardFrom: null, landingPage: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null, hasGclid: false },
    },
  });
});

test('reports every missing required field together, in form order', () => {
  const result = validateQuote({ ...fullDraft, serviceType: '', phone: ' ', name: '' });
  expect(result).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['name', 'phone', 'serviceType'] } });
});

test('reports a missing field that is absent from the input', () => {
  const withoutPhone = { name: 'Priya Raman', serviceType: 'emergency', urgent: true };
  expect(validateQuote(withoutPhone)).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['phone'] } });
});

test('missing fields are reported with the invalid ones of the same round', () => {
  const result = validateQuote({ ...fullDraft, name: '', phone: '12', email: 'not an email', serviceType: 'plumbing' });
  expect(result).toMatchObject({
    ok: false,
    error: { kind: 'missing-fields', fields: ['name'], issues: [{ field: 'phone' }, { field: 'email' }, { field: 'serviceType' }] },
  });
});

test.each([
  ['email', { email: 'priya.raman@' }, /email/i],
  ['email', { email: 'not an email' }, /email/i],
  ['phone', { phone: '12345' }, /phone/i],
  ['phone', { phone: '020 7946 O123' }, /phone/i],
  ['serviceType', { serviceType: 'plumbing' }, /service type/i],
  ['name', { name: 'a'.repeat(101) }, /name/i],
  ['description', { description: 'a'.repeat(2001) }, /description/i],
])('an invalid %s is named with a message about it (%j)', (field, change, mentions) => {
  const result = validateQuote({ ...fullDraft, ...change });
  const issues = !result.ok && result.error.kind === 'invalid-fields' ? result.error.issues : [];
  expect(issues.map((issue) => issue.field)).toEqual([field]);
  expect(issues[0]?.message).toMatch(mentions);
});

test('names every invalid field at once, in the form\'s order', () => {
  const result = validateQuote({ ...fullDraft, email: 'nope', phone: '123' });
  expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-fields', issues: [{ field: 'phone' }, { field: 'email' }] } });
});

test('accepts a name of 100 characters and a description of 2000', () => {
  const result = validateQuote({ ...fullDraft, name: 'a'.repeat(100), description: 'a'.repeat(2000) });
  expect(result.ok).toBe(true);
});

test.each([null, undefined, 42, 'name=Priya', [], true])('input %j that is not an object misses all three fields', (input) => {
  expect(validateQuote(input)).toEqual({ ok: false, error: { kind: 'missing-fields', fields: ['name', 'phone', 'serviceType'] } });
});

test('a draft with a blank required field is rejected as missing that field', () => {
  fc.assert(
    fc.property(draftMissingFieldArb, ({ draft, field }) => {
      const result = validateQuote(draft);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('missing-fields');
      if (result.error.kind === 'missing-fields') expect(result.error.fields).toContain(field);
    }),
  );
});

test('valid drafts in normal form are accepted unchanged', () => {
  fc.assert(
    fc.property(validDraftArb, (draft) => {
      const result = validateQuote(draft);
      expect(result.ok).toBe(true);
      if (result.ok) expect(toDraft(result.quote)).toEqual(draft);
    }),
  );
});

test('drafts padded with whitespace, with optional fields blank, are accepted', () => {
  fc.assert(fc.property(messyValidDraftArb, (draft) => validateQuote(draft).ok));
});

// Mostly accepted drafts, plus arbitrary text that is usually rejected: the laws hold for whatever is accepted.
const anyInputArb = fc.oneof({ arbitrary: messyValidDraftArb, weight: 4 }, { arbitrary: anyDraftArb, weight: 1 });

test('normalisation is idempotent', () => {
  fc.assert(
    fc.property(anyInputArb, (draft) => {
      const first = validateQuote(draft);
      if (!first.ok) return;
      expect(validateQuote(toDraft(first.quote))).toEqual(first);
    }),
  );
});

test('accepted quotes hold trimmed text, and email and description are null or not empty', () => {
  fc.assert(
    fc.property(anyInputArb, (draft) => {
      const result = validateQuote(draft);
      if (!result.ok) return;
      const { name, email, phone, serviceType, description } = result.quote;
      for (const value of [name, email, phone, serviceType, description]) {
        if (value !== null) expect(value).toBe(value.trim());
      }
      expect(email).not.toBe('');
      expect(description).not.toBe('');
    }),
  );
});

const nameCharArb = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèöüçñ \'-'));
const longNameArb = fc
  .integer({ min: 0, max: 99 })
  .chain((length) => fc.string({ unit: nameCharArb, minLength: length, maxLength: length }))
  .map((rest) => `A${rest}`);
const descriptionCharArb = fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyzéü0123456789 .,!?\'"()&£-\n\t'));
const longDescriptionArb = fc
  .integer({ min: 0, max: 2000 })
  .chain((length) => fc.string({ unit: descriptionCharArb, minLength: length, maxLength: length }));

test('a name within 100 characters and a description within 2000 are never too long', () => {
  fc.assert(
    fc.property(validDraftArb, fc.oneof(nameArb, longNameArb), fc.oneof(descriptionArb, longDescriptionArb), (draft, name, description) => {
      expect(validateQuote({ ...draft, name, description }).ok).toBe(true);
    }),
  );
});

test('null email and description read as left empty, as stored requests hold them', () => {
  const result = validateQuote({ ...fullDraft, email: null, description: null });
  expect(result).toMatchObject({ ok: true, quote: { email: null, description: null } });
});

test('a value that is not text is rejected with a message naming its field', () => {
  const result = validateQuote({ ...fullDraft, email: 42, urgent: 'yes' });
  expect(result).toEqual({
    ok: false,
    error: {
      kind: 'invalid-fields',
      issues: [
        { field: 'email', message: 'Email must be text' },
        { field: 'urgent', message: 'Urgent must be true or false' },
      ],
    },
  });
});
