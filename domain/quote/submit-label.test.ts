import fc from 'fast-check';
import { expect, test } from 'vitest';
import { anyDraftArb } from '../../fixtures/quote-arbitraries.test-support';
import { submitLabel } from './submit-label';

test('the button offers a free quote when the request is not urgent', () => {
  expect(submitLabel(false)).toBe('Get Free Quote');
});

test('the button offers emergency service when the request is urgent', () => {
  expect(submitLabel(true)).toBe('Request Emergency Service');
});

test('the label depends on urgent alone', () => {
  fc.assert(
    fc.property(fc.boolean(), anyDraftArb, anyDraftArb, (urgent, draft, other) => {
      expect(submitLabel({ ...draft, urgent }.urgent)).toBe(submitLabel({ ...other, urgent }.urgent));
    }),
  );
});
