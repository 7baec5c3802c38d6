import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isEmailAddress, mailtoHref } from './email-address';
import { validateQuote } from './validate-quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';

const badEmail = 'Enter an email address like name@example.co.uk, or leave email empty';

test.each([
  'priya.raman@example.co.uk',
  "siobhan.o'brien@example.ie",
  'jo+quotes@mail.example.com',
  'a_b-c@sub-domain.example.london',
  'ada@xn--80ak6aa92e.com',
  'UPPER@EXAMPLE.COM',
])('%s is an address', (address) => {
  expect(isEmailAddress(address)).toBe(true);
  expect(validateQuote({ ...sampleQuote(), email: address })).toMatchObject({ ok: true, quote: { email: address } });
});

test.each([
  'x?bcc=spy@attacker.example',
  'x@example.com?bcc=spy@attacker.example',
  'a&b@example.com',
  'a%40b@example.com',
  'a/b@example.com',
  'a#b@example.com',
  'a b@example.com',
  'a\tb@example.com',
  'a\u0000b@example.com',
  '"quoted"@example.com',
  '.a@example.com',
  'a.@example.com',
  'a..b@example.com',
  'a@localhost',
  'a@example.c',
  'a@-example.com',
  'a@example-.com',
  'a@[127.0.0.1]',
  'a@b@example.com',
  'a@example.com, spy@attacker.example',
  'josé@example.com',
  `${'a'.repeat(65)}@example.com`,
])('%j is refused, naming the email field', (address) => {
  expect(isEmailAddress(address)).toBe(false);
  expect(validateQuote({ ...sampleQuote(), email: address })).toEqual({
    ok: false,
    error: { kind: 'invalid-fields', issues: [{ field: 'email', message: badEmail }] },
  });
});

test('a local part of 64 characters is the longest taken', () => {
  expect(isEmailAddress(`${'a'.repeat(64)}@example.com`)).toBe(true);
});

test('no accepted address holds a character a URL reads as its own, or a space', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 20 }), (local, domain) => {
      const address = `${local}@${domain}.co.uk`;
      if (isEmailAddress(address)) expect(address).not.toMatch(/[?&%/#\s,;:<>"\\[\]()]|[^\x21-\x7e]/);
    }),
  );
});

test('any text becomes a mailto: link with one recipient and no query, whose address reads back as the text', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), (local, domain) => {
      const address = `${local}@${domain}`;
      const url = new URL(mailtoHref(address));
      expect(url.protocol).toBe('mailto:');
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
      expect(decodeURIComponent(url.pathname)).toBe(address);
    }),
  );
});

test('what a URL could read as its own is percent-encoded on either side of the @', () => {
  expect(mailtoHref("siobhan.o'brien+quotes@example.ie")).toBe("mailto:siobhan.o'brien%2Bquotes@example.ie");
  expect(mailtoHref('x?bcc=spy@attacker.example')).toBe('mailto:x%3Fbcc%3Dspy@attacker.example');
  expect(mailtoHref('no at sign?cc=a@b')).toBe('mailto:no%20at%20sign%3Fcc%3Da@b');
});
