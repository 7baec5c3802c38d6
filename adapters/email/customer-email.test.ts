// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { business } from '../../domain/business';
import type { QuoteRequest } from '../../domain/quote/quote';
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

test('greets them by their first name, and repeats nothing else they typed', () => {
  const email = customerEmail(quote({ urgent: true, postcode: 'SE1 7PB' }), { replyTo });
  for (const part of [email?.text ?? '', visibleText(email?.html ?? '')]) {
    expect(part).toContain('Hello Tom,');
    for (const typed of ['Okafor', 'Boiler', 'F28', 'SE1 7PB', 'tom.okafor@example.com', 'Description', 'Urgent']) expect(part).not.toContain(typed);
  }
  expect(document(email?.html ?? '').querySelectorAll('table th, caption')).toHaveLength(0);
});

test('says only "Hello," when the name is not one to repeat', () => {
  const email = customerEmail(quote({ name: 'Visit www.shop.example' }), { replyTo });
  expect(email?.text.startsWith('Hello,\n')).toBe(true);
  expect(document(email?.html ?? '').querySelector('p')?.textContent).toBe('Hello,');
});

test('holds exactly the greeting, the thanks and promise, the emergency line, the business and the line for whoever did not ask', () => {
  const email = customerEmail(quote(), { replyTo });
  expect(email?.text).toBe(
    [
      'Hello Tom,',
      '',
      `Thank you for asking ${business.name} for a quote. We'll contact you within 2 hours, as we do for all standard quotes.`,
      '',
      `For an emergency at any hour, call our 24/7 emergency line on ${business.phone.display}.`,
      '',
      business.name,
      '',
      'If you did not ask us for a quote, you can ignore this email.',
      '',
    ].join('\n'),
  );
  const paragraphs = [...document(email?.html ?? '').querySelectorAll('h1, p')].map((element) => element.textContent);
  expect(paragraphs).toEqual([
    `Your Heating Services request to ${business.name}`,
    'Hello Tom,',
    `Thank you for asking ${business.name} for a quote. We'll contact you within 2 hours, as we do for all standard quotes.`,
    `For an emergency at any hour, call our 24/7 emergency line on ${business.phone.display}.`,
    business.name,
    'If you did not ask us for a quote, you can ignore this email.',
  ]);
});

test('the subject names the service from our own list, never words the sender chose', () => {
  expect(customerEmail(quote({ serviceType: 'other', description: 'Pay at http://evil.example' }), { replyTo })?.subject).toBe(
    `Your Other request to ${business.name}`,
  );
});

/** A sender who writes to a stranger's address, hoping our confirmation carries their message to them. */
const attack = {
  name: 'Your invoice is overdue, pay at http://evil.example',
  description: 'Final notice: pay £450 at https://evil.example/pay or [here](http://evil.example) or www.evil.example today.',
  postcode: 'SE1 7PB',
  email: 'stranger@example.org',
};

test('none of what a sender typed to relay a message reaches the subject, the text or the HTML', () => {
  const email = customerEmail(quote(attack), { replyTo });
  if (email === undefined) throw new Error('an address gets a confirmation');
  const fragments = [
    attack.name,
    attack.description,
    attack.postcode,
    'invoice',
    'overdue',
    'evil',
    'http',
    'www.',
    'Final notice',
    '£450',
    'Your invoice',
  ];
  for (const part of [email.subject, email.text, email.html, visibleText(email.html)]) {
    for (const fragment of fragments) expect(part.toLowerCase()).not.toContain(fragment.toLowerCase());
  }
  expect(email.text.startsWith('Hello,\n')).toBe(true);
  // The only links are ours: the emergency line.
  expect([...document(email.html).querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([`tel:${business.phone.tel}`]);
});

test('gives the 24/7 emergency line, linked to call in the HTML', () => {
  const email = customerEmail(quote(), { replyTo });
  expect(email?.text).toContain(`call our 24/7 emergency line on ${business.phone.display}.`);
  const call = document(email?.html ?? '').querySelector(`a[href="tel:${business.phone.tel}"]`);
  expect(call?.textContent).toBe(business.phone.display);
});

test('markup in the name never becomes markup, nor is it repeated', () => {
  const email = customerEmail(quote({ name: '<b>Tom</b> & "Co"', description: '<script>alert(1)</script>\nthen <img src=x onerror=alert(1)>' }), {
    replyTo,
  });
  const page = document(email?.html ?? '');
  expect(page.querySelectorAll('script, b, img, [onerror]')).toHaveLength(0);
  expect(page.body.textContent).toContain('Hello,');
  for (const part of [email?.text ?? '', email?.html ?? '']) expect(part).not.toMatch(/script|onerror|<b>|&lt;b&gt;/);
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

test('links to the customer’s own page of their request when the address is known, and only then', () => {
  const follow = 'https://www.se1plumbing.example/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
  const email = customerEmail(quote(), { replyTo, follow });
  expect(email?.text).toContain(`Follow your request: ${follow}`);
  expect(visibleText(email?.html ?? '')).toContain(`Follow your request: ${follow}`);
  expect(document(email?.html ?? '').querySelector(`a[href="${follow}"]`)).not.toBeNull();
  expect(customerEmail(quote(), { replyTo })?.text).not.toContain('Follow your request');
});
