import { expect, test } from 'vitest';
import { formatDateTime } from './format-date-time';

test('dates read as dd/mm/yyyy hh:mm on a 24-hour clock in London time', () => {
  expect(formatDateTime(new Date('2026-01-05T08:07:00Z'))).toBe('05/01/2026 08:07');
  expect(formatDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('02/07/2026 00:30');
  expect(formatDateTime(new Date('2026-12-31T12:00:00Z'))).toBe('31/12/2026 12:00');
});
