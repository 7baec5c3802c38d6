// @vitest-environment jsdom
import { expect, test } from 'vitest';
import type { Activity } from '../../domain/activity/activity';
import { quoteSettings } from '../../domain/quote-settings';
import { type PricedQuote, pricedQuotesOf } from '../../domain/priced-quote/priced-quote';
import { quoteCopy } from '../../domain/priced-quote/quote-copy';
import type { QuoteLine } from '../../domain/priced-quote/quote-pricing';
import type { QuoteRequest } from '../../domain/quote/quote';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { quoteEmail } from './quote-email';

const link = 'https://www.se1plumbing.example/r/abc';
const replyTo = 'office@se1-plumbing.example';
const sam = 'sam.porter@se1plumbing.example';
const at = new Date('2026-12-02T10:00:00Z');

const request = (overrides: Partial<QuoteRequest> = {}) => sampleRequest({ name: 'Tom Okafor', email: 'tom.okafor@example.com', urgent: false, ...overrides });

/** Version 1 of a quote, as its log folds: written, sent, and (with `answer`) answered. */
function version(lines: QuoteLine[], { vatRegistered = true, answer }: { vatRegistered?: boolean; answer?: Activity } = {}): PricedQuote {
  const log: Activity[] = [
    { id: 'w', by: sam, at, kind: 'quote-written', version: 1, lines, validUntil: '2027-01-01', vatRegistered, terms: quoteSettings.terms },
    { id: 's', by: sam, at, kind: 'quote-sent', version: 1 },
    ...(answer ? [answer] : []),
  ];
  const [quote] = pricedQuotesOf(log);
  if (quote === undefined) throw new Error('no quote');
  return quote;
}
const radiators: QuoteLine[] = [{ description: 'Replace two radiators', quantity: 2, unitPence: 45_000, vat: 'standard' }];
const accepted = (earlyStart: boolean, totalPence = 108_000): Activity => ({ id: 'a', by: 'customer', at, kind: 'quote-accepted', version: 1, totalPence, earlyStart });
const visibleText = (markup: string) => new DOMParser().parseFromString(markup, 'text/html').body.textContent.replace(/\s+/g, ' ');

test('none is written to a customer with no address, and no confirmation of a version not accepted', () => {
  expect(quoteEmail(request({ email: null }), 'quote-sent', version(radiators), { link })).toBeUndefined();
  expect(quoteEmail(request(), 'quote-accepted', version(radiators), { link })).toBeUndefined();
});

test('the quote sent leads with its total, to the customer, with replies to the business', () => {
  const email = quoteEmail(request(), 'quote-sent', version(radiators), { link, replyTo });
  expect(email?.to).toBe('tom.okafor@example.com');
  expect(email?.replyTo).toBe(replyTo);
  expect(email?.subject).toContain('£1,080.00 including VAT');
  expect(visibleText(email?.html ?? '')).toMatch(/^\s*Your quote from .*: £1,080.00 including VAT\s*Hello Tom,\s*Total including VAT: £1,080.00\s*Here is your quote/);
});

test('a business not VAT registered says the total to pay, that no VAT is charged, and never "including VAT"', () => {
  const sent = quoteEmail(request(), 'quote-sent', version(radiators, { vatRegistered: false }), { link });
  expect(sent?.subject).not.toContain('VAT');
  expect(sent?.text).toContain(`${quoteCopy.total}: £900.00`);
  const confirmation = quoteEmail(request(), 'quote-accepted', version(radiators, { vatRegistered: false, answer: accepted(false, 90_000) }), { link });
  expect(confirmation?.text).toContain(quoteCopy.noVat);
  expect(confirmation?.text).not.toContain(quoteCopy.vatNumber);
  expect(confirmation?.text).toContain('Replace two radiators: 2 × £450.00 = £900.00');
});

test("the confirmation of an urgent request says what the right to cancel does not cover; others' do not", () => {
  const urgent = quoteEmail(request({ urgent: true }), 'quote-accepted', version(radiators, { answer: accepted(false) }), { link });
  expect(urgent?.text).toContain(quoteCopy.cancellation.urgent);
  expect(urgent?.text).toContain(quoteCopy.emails.noEarlyStart);
  const standard = quoteEmail(request(), 'quote-accepted', version(radiators, { answer: accepted(true) }), { link });
  expect(standard?.text).not.toContain(quoteCopy.cancellation.urgent);
  expect(standard?.text).toContain(quoteCopy.emails.earlyStart);
});

test('what staff typed on a line is shown as typed, never as markup', () => {
  const email = quoteEmail(request(), 'quote-accepted', version([{ ...radiators[0], description: '<img src=x onerror=alert(1)> & co' } as QuoteLine], { answer: accepted(false) }), { link });
  expect(email?.html).not.toContain('<img');
  expect(email?.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; co');
  expect(visibleText(email?.html ?? '')).toContain('<img src=x onerror=alert(1)> & co');
});
