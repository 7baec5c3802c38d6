import fc from 'fast-check';
import { expect, test } from 'vitest';
import { confirmsSubject, describeErased, matchesSubject, nothingErased, parseCustomerSubject, subjectSearchWords } from './customer-data';
import { searchTextOf } from '../inbox/inbox-query';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

test('a search by email is trimmed and lower-cased; by phone kept as typed', () => {
  expect(parseCustomerSubject({ email: '  Priya.Raman@Example.CO.UK ', phone: '' })).toEqual({ ok: true, subject: { email: 'priya.raman@example.co.uk', phone: null } });
  expect(parseCustomerSubject({ phone: ' 07700 900123 ' })).toEqual({ ok: true, subject: { email: null, phone: '07700 900123' } });
  expect(parseCustomerSubject({ email: null, phone: '07700 900123' })).toEqual({ ok: true, subject: { email: null, phone: '07700 900123' } });
});

test('a search with neither, or with a bad value, is refused naming the field', () => {
  expect(parseCustomerSubject({ email: ' ', phone: '' })).toEqual({ ok: false, fields: [{ field: 'email', message: 'Enter the customer’s email address or phone number' }] });
  expect(parseCustomerSubject({ email: 'not an email' })).toEqual({ ok: false, fields: [{ field: 'email', message: 'Enter an email address like name@example.co.uk' }] });
  expect(parseCustomerSubject({ phone: 'call me' })).toEqual({ ok: false, fields: [{ field: 'phone', message: 'Enter a phone number like 07700 900123' }] });
  expect(parseCustomerSubject({ phone: 7700 })).toEqual({ ok: false, fields: [{ field: 'phone', message: 'Phone must be text' }] });
  expect(parseCustomerSubject(null)).toMatchObject({ ok: false, fields: [{ field: 'email' }] });
});

test('a phone number matches however it was written, and a different one never does', () => {
  const subject = { email: null, phone: '+447700900123' };
  for (const phone of ['07700 900123', '07700900123', '+44 7700 900123', '+44 (0)7700 900 123', '0044 7700 900123', '07700-900-123']) {
    expect(matchesSubject({ email: null, phone }, subject)).toBe(true);
  }
  for (const phone of ['07700 900124', '07700 9001234', '020 7700 9001', '+33 7700 900123']) {
    expect(matchesSubject({ email: null, phone }, subject)).toBe(false);
  }
});

test('an email matches whatever its case, and only the whole address', () => {
  const subject = { email: 'priya@example.co.uk', phone: null };
  expect(matchesSubject({ email: 'Priya@Example.co.uk', phone: '020 7946 0000' }, subject)).toBe(true);
  expect(matchesSubject({ email: 'xpriya@example.co.uk', phone: '020 7946 0000' }, subject)).toBe(false);
  expect(matchesSubject({ email: null, phone: '020 7946 0000' }, subject)).toBe(false);
});

test('every request a subject matches holds each of its search words in its search text', () => {
  const ukMobile = fc.tuple(fc.constantFrom('07', '+44 7', '+44 (0)7', '0044 7'), fc.stringMatching(/^\d{9}$/)).map(([prefix, rest]) => `${prefix}${rest.slice(0, 3)} ${rest.slice(3)}`);
  fc.assert(
    fc.property(ukMobile, ukMobile, (stored, asked) => {
      const quote = sampleQuote({ phone: stored, email: null });
      const subject = { email: null, phone: asked };
      if (!matchesSubject(quote, subject)) return;
      const text = searchTextOf(quote);
      expect(subjectSearchWords(subject).some((word) => text.includes(word))).toBe(true);
    }),
  );
  fc.assert(
    fc.property(fc.emailAddress(), (email) => {
      const quote = sampleQuote({ email: email.toUpperCase() });
      const subject = { email: email.toLowerCase(), phone: null };
      expect(matchesSubject(quote, subject)).toBe(true);
      expect(searchTextOf(quote)).toContain(subjectSearchWords(subject)[0]);
    }),
  );
});

test('an erasure is confirmed only by the email or the phone number typed again', () => {
  const subject = { email: 'priya@example.co.uk', phone: '07700 900123' };
  expect(confirmsSubject(subject, ' PRIYA@example.co.uk ')).toBe(true);
  expect(confirmsSubject(subject, '+44 7700 900123')).toBe(true);
  expect(confirmsSubject(subject, 'yes')).toBe(false);
  expect(confirmsSubject(subject, '')).toBe(false);
  expect(confirmsSubject({ email: null, phone: '07700 900123' }, 'priya@example.co.uk')).toBe(false);
});

test('an erasure is told in words, with every count', () => {
  expect(describeErased({ requests: 2, steps: 3, emails: 4, alerts: 0 })).toBe('Erased 2 requests, 3 history entries, 4 email records and 0 alert records.');
  expect(describeErased({ requests: 1, steps: 1, emails: 1, alerts: 1 })).toBe('Erased 1 request, 1 history entry, 1 email record and 1 alert record.');
  expect(describeErased(nothingErased)).toBe('Nothing was erased: no request matches.');
});
