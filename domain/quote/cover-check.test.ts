import fc from 'fast-check';
import { expect, test } from 'vitest';
import { business, serviceArea } from '../business';
import { checkCover } from './cover-check';
import { validateQuote } from './validate-quote';
import { remarkedFields } from './quote';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { postcodeArb } from '../../fixtures/quote-arbitraries.test-support';

test.each([
  ['se16 4ab', { kind: 'covered', district: 'SE16' }],
  ['SE1', { kind: 'covered', district: 'SE1' }],
  [' sw9 6hp ', { kind: 'covered', district: 'SW9' }],
  ['SE10 9NF', { kind: 'outside', district: 'SE10' }],
  ['N1 9GU', { kind: 'outside', district: 'N1' }],
  ['London', { kind: 'not-a-postcode' }],
  ['', { kind: 'not-a-postcode' }],
  [`SE1 7PB${' '.repeat(20)}`, { kind: 'not-a-postcode' }],
])('%j is answered %j', (typed, answer) => {
  expect(checkCover(typed)).toEqual(answer);
});

test('the check answers as the quote form judges: outside exactly when the form would remark on it', () => {
  fc.assert(
    fc.property(postcodeArb, (postcode) => {
      const answer = checkCover(postcode);
      const result = validateQuote(sampleDraft({ postcode }));
      if (!result.ok) throw new Error(`the sample with ${postcode} was refused`);
      expect(answer.kind === 'outside').toBe(remarkedFields(result.quote).includes('postcode'));
    }),
  );
});

test('every district is one the rule covers, and every neighbourhood is named to search engines', () => {
  for (const district of serviceArea.districts) {
    expect(checkCover(district.code)).toEqual({ kind: 'covered', district: district.code });
    for (const neighbourhood of district.neighbourhoods) expect(business.areaServed).toContain(neighbourhood);
  }
  expect(business.areaServed[0]).toBe(business.postcodeArea);
});
