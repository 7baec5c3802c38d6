// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { business } from '../../domain/business';
import type { QuoteRequest } from '../../domain/quote';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { customerEmail } from './customer-email';

const replyTo = 'office@se1-plumbing.example';

function quote(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return sampleRequest({
    name: 'Tom Okafor',
    email: 'tom.okafor@example.com',
    serviceType: 'heating',
    description: 'Boiler shows error F28 and the radiators are cold.',
    urgent: false,
    ...overrides,
  });
}

function document(markup: string): Document {
  return new DOMParser().parseFromString(markup, 'text/html');
}

/** The email as a reader takes it in: the HTML's words with the spacing evened out. */
function visibleText(markup: string): string {
  return document(markup).body.textContent.replace(/\s+/g, ' ');
}

test('no email is written to a customer who gave no address', () => {
  expect(customerEmail(quote({ email: null }), { replyTo })).toBeUndefined();
});

test('goes to the customer, from the business by name, with replies to the business', () => {
  const email = customerEmail(quote(), { replyTo });
  expect(email?.to).toBe('tom.okafor@example.com');
  expect(email?.subject).toBe(`Your Heating Services request to ${business.name}`);
  expect(email?.replyTo).toBe(replyTo);
  expect(email?.text).toContain(`Thank you for asking ${business.name} for a quote.`);
});

test('without a reply-to address it sets none', () => {
  expect(customerEmail(quote(), {})).not.toHaveProperty('replyTo');
});

test('a standard request is promised a call within 2 hours, and only that', () => {
  const email = customerEmail(quote(), { replyTo });
  for (const part of [email?.text ?? '', visibleText(email?.html ?? '')]) {
    expect(part).toContain("We'll contact you within 2 hours, as we do for all standard quotes.");
    expect(part).not.toContain('30 minutes');
  }
});

test('an urgent request is promised a call within 30 minutes, and only that', () => {
  const email = customerEmail(quote({ urgent: true, serviceType: 'emergency' }), { replyTo });
  for (const part of [email?.text ?? '', visibleText(email?.html ?? '')]) {
    expect(part).toContain("We'll contact you within 30 minutes, as we do for all urgent requests.");
    expect(part).not.toContain('2 hours');
  }
});

test('repeats what they asked for', () => {
  const email = customerEmail(quote({ urgent: true }), { replyTo });
  expect(email?.text).toContain('Hello Tom Okafor,');
  expect(email?.text).toContain('Service: Heating Services');
  expect(email?.text).toContain('Urgent: yes');
  expect(email?.text).toContain('Boiler shows error F28 and the radiators are cold.');
  const page = document(email?.html ?? '');
  const rows = [...page.querySelectorAll('th[scope="row"]')].map((th) => [th.textContent, th.nextElementSibling?.textContent]);
  expect(rows).toEqual([
    ['Service', 'Heating Services'],
    ['Description', 'Boiler shows error F28 and the radiators are cold.'],
    ['Urgent', 'yes'],
  ]);
});

test('leaves the description out when there is none', () => {
  const email = customerEmail(quote({ description: null }), { replyTo });
  expect(email?.text).not.toContain('Description');
  expect(visibleText(email?.html ?? '')).not.toContain('Description');
});

test('gives the 24/7 emergency line, linked to call in the HTML', () => {
  const email = customerEmail(quote(), { replyTo });
  expect(email?.text).toContain(`call our 24/7 emergency line on ${business.phone.display}.`);
  const call = document(email?.html ?? '').querySelector(`a[href="tel:${business.phone.tel}"]`);
  expect(call?.textContent).toBe(business.phone.display);
});

test('every value reaches the HTML as text, never as markup', () => {
  const email = customerEmail(
    quote({ name: '<b>Tom</b> & "Co"', description: '<script>alert(1)</script>\nthen <img src=x onerror=alert(1)>' }),
    { replyTo },
  );
  const page = document(email?.html ?? '');
  expect(page.querySelectorAll('script, b, img, [onerror]')).toHaveLength(0);
  expect(page.body.textContent).toContain('Hello <b>Tom</b> & "Co",');
  expect(page.body.textContent).toContain('<script>alert(1)</script>then <img src=x onerror=alert(1)>');
});

test('a line break in the reply address cannot reach a header', () => {
  const email = customerEmail(quote({ email: 'tom@example.com' }), { replyTo: 'office@example.com\nX: y' });
  expect(email?.to).toBe('tom@example.com');
  expect(email?.replyTo).not.toMatch(/[\r\n]/);
});

test.each(['tom@example.com\r\nBcc: victim@example.com', 'tom@example.com, victim@example.com', 'x?bcc=victim@example.com'])(
  'a stored address that is not one address, %j, is never written to',
  (address) => {
    expect(customerEmail(quote({ email: address }), { replyTo: 'office@example.com' })).toBeUndefined();
  },
);
