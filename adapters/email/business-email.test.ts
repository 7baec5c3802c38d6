// @vitest-environment jsdom
import { expect, test } from 'vitest';
import type { QuoteRequest } from '../../domain/quote/quote';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { businessEmail } from './business-email';
import { SmtpMailer } from './smtp-mailer';
import { startTestSmtpServer, type ParsedEmail } from './test-smtp-server.test-support';

const to = 'office@se1-plumbing.example';

function quote(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return sampleRequest({
    id: 'q-1001',
    createdAt: new Date('2026-11-21T09:05:00Z'),
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    phone: '07700 900123',
    serviceType: 'emergency',
    description: 'Water coming through the kitchen ceiling.',
    urgent: true,
    ...overrides,
  });
}

/** The HTML part as a browser would show it: text is what a reader sees, never markup. */
function document(markup: string): Document {
  return new DOMParser().parseFromString(markup, 'text/html');
}

function cellText(markup: string, label: string): string | undefined {
  const header = [...document(markup).querySelectorAll('th[scope="row"]')].find((th) => th.textContent === label);
  return header?.nextElementSibling?.textContent ?? undefined;
}

test('an urgent request leads its subject with URGENT, then the service and the name', () => {
  expect(businessEmail(quote(), { to }).subject).toBe('URGENT: Emergency Plumbing request from Priya Raman');
});

test.each([
  ['Strong smell of gas in the hallway.', 'URGENT: Gas smell reported · Emergency Plumbing request from Priya Raman', 'Gas smell reported.'],
  ['The CO alarm keeps going off.', 'URGENT: CO reported · Emergency Plumbing request from Priya Raman', 'CO reported.'],
])('a description reporting %j marks the subject, and the first lines say what the visitor was told', (description, subject, mark) => {
  const email = businessEmail(quote({ description }), { to });
  expect(email.subject).toBe(subject);
  const note = `${mark} The visitor was told to ring the National Gas Emergency Service on 0800 111 999 first. The request was made urgent.`;
  expect(email.text.split('\n')[1]).toBe(note);
  expect(document(email.html).body.textContent).toContain(note);
});

test('a standard request has the service and the name as its subject', () => {
  const email = businessEmail(quote({ name: 'Tom Okafor', serviceType: 'heating', urgent: false }), { to });
  expect(email.subject).toBe('Heating Services request from Tom Okafor');
});

test('goes to the business address it is given', () => {
  expect(businessEmail(quote(), { to }).to).toBe(to);
});

test('both parts carry every field', () => {
  const email = businessEmail(quote(), { to });
  for (const line of [
    'Name: Priya Raman',
    'Phone: 07700 900123',
    'Email: priya.raman@example.com',
    'Service: Emergency Plumbing',
    'Urgent: yes',
    'Reference: q-1001',
    'Water coming through the kitchen ceiling.',
  ]) {
    expect(email.text).toContain(line);
  }
  expect(cellText(email.html, 'Name')).toBe('Priya Raman');
  expect(cellText(email.html, 'Phone')).toBe('07700 900123');
  expect(cellText(email.html, 'Email')).toBe('priya.raman@example.com');
  expect(cellText(email.html, 'Service')).toBe('Emergency Plumbing');
  expect(cellText(email.html, 'Urgent')).toBe('yes');
  expect(cellText(email.html, 'Reference')).toBe('q-1001');
  expect(cellText(email.html, 'Description')).toBe('Water coming through the kitchen ceiling.');
});

test('says when there is no email and no description, and that it is not urgent', () => {
  const email = businessEmail(quote({ email: null, description: null, urgent: false }), { to });
  expect(email.text).toContain('Email: not given');
  expect(email.text).toContain('Description: none');
  expect(email.text).toContain('Urgent: no');
  expect(cellText(email.html, 'Email')).toBe('not given');
  expect(cellText(email.html, 'Description')).toBe('none');
  expect(cellText(email.html, 'Urgent')).toBe('no');
});

test('shows the time received in UK winter time (GMT)', () => {
  const email = businessEmail(quote({ createdAt: new Date('2026-11-21T09:05:00Z') }), { to });
  expect(email.text).toContain('Received: Saturday 21 November 2026 at 09:05 (UK time)');
  expect(cellText(email.html, 'Received')).toBe('Saturday 21 November 2026 at 09:05 (UK time)');
});

test('shows the time received in UK summer time (BST), an hour ahead of UTC', () => {
  const email = businessEmail(quote({ createdAt: new Date('2026-07-04T08:05:00Z') }), { to });
  expect(email.text).toContain('Received: Saturday 4 July 2026 at 09:05 (UK time)');
  expect(cellText(email.html, 'Received')).toBe('Saturday 4 July 2026 at 09:05 (UK time)');
});

test('an urgent request promises a call back within 30 minutes, and says by when', () => {
  const email = businessEmail(quote(), { to });
  expect(email.text).toContain('URGENT: Call back within 30 minutes, by 09:35 (UK time).');
  expect(document(email.html).querySelector('strong')?.textContent).toBe('Call back within 30 minutes, by 09:35 (UK time).');
  expect(document(email.html).body.textContent).toContain('URGENT');
});

test('a standard request promises a call back within 2 hours', () => {
  const email = businessEmail(quote({ urgent: false }), { to });
  expect(email.text).toContain('Call back within 2 hours, by 11:05 (UK time).');
  expect(email.text).not.toContain('URGENT');
  expect(document(email.html).body.textContent).not.toContain('URGENT');
});

test('a deadline after midnight names its day', () => {
  const email = businessEmail(quote({ createdAt: new Date('2026-11-21T23:50:00Z') }), { to });
  expect(email.text).toContain('by Sunday 22 November 2026 at 00:20 (UK time)');
});

test('links the phone number to call and the email address to write to', () => {
  const email = businessEmail(quote(), { to });
  const links = [...document(email.html).querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
  expect(links).toContainEqual(['tel:+447700900123', '07700 900123']);
  expect(links).toContainEqual(['mailto:priya.raman@example.com', 'priya.raman@example.com']);
  expect(email.text).toContain('tel:+447700900123');
  expect(email.text).toContain('mailto:priya.raman@example.com');
});

test('an address stored before the rule, with a query in it, is linked as one recipient and is not the Reply-To', () => {
  const stored = 'x?bcc=spy@attacker.example&subject=Invoice';
  const email = businessEmail(quote({ email: stored }), { to });
  const href = document(email.html).querySelector('a[href^="mailto:"]')?.getAttribute('href') ?? '';
  expect(href).toBe('mailto:x%3Fbcc%3Dspy@attacker.example%26subject%3DInvoice');
  expect(new URL(href).search).toBe('');
  expect(email.text).toContain(`${stored} (mailto:x%3Fbcc%3Dspy@attacker.example%26subject%3DInvoice)`);
  expect(email.text).not.toContain('mailto:x?');
  expect(email).not.toHaveProperty('replyTo');
  expect(email.text).toContain('The email given is not an address we can reply to: phone the customer.');
});

test('a stored address that is two, or has a line break, is never the Reply-To', () => {
  for (const stored of ['priya@example.com, spy@attacker.example', 'priya@example.com\r\nBcc: spy@attacker.example']) {
    expect(businessEmail(quote({ email: stored }), { to })).not.toHaveProperty('replyTo');
  }
});

test('a bidirectional override or zero-width character in a stored name never reaches the subject', () => {
  const email = businessEmail(quote({ name: 'Bob \u202egnp.exe\u200b\u2066', urgent: false }), { to });
  expect(email.subject).toBe('Emergency Plumbing request from Bob gnp.exe');
  expect(email.subject).not.toMatch(/[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/);
});

test('without an email there is no mailto link and no Reply-To', () => {
  const email = businessEmail(quote({ email: null }), { to });
  expect(email.html).not.toContain('mailto:');
  expect(email.text).not.toContain('mailto:');
  expect(email).not.toHaveProperty('replyTo');
});

test('replies go to the customer', () => {
  expect(businessEmail(quote(), { to }).replyTo).toBe('priya.raman@example.com');
});

test('every value reaches the HTML as text, never as markup', () => {
  const hostile = quote({
    id: '<i>id</i>',
    name: '<b onmouseover="alert(1)">Tom</b> & "Co"',
    email: "o'brien+<x>@example.com",
    phone: '<img src=x onerror=alert(1)>',
    description: '<script>alert(1)</script>\nSecond line & more',
  });
  const email = businessEmail(hostile, { to });
  const page = document(email.html);
  expect(page.querySelectorAll('script, b, i, img, [onmouseover], [onerror]')).toHaveLength(0);
  expect(page.title).toBe('Emergency Plumbing request from <b onmouseover="alert(1)">Tom</b> & "Co"');
  expect(cellText(email.html, 'Name')).toBe('<b onmouseover="alert(1)">Tom</b> & "Co"');
  expect(cellText(email.html, 'Email')).toBe("o'brien+<x>@example.com");
  expect(cellText(email.html, 'Phone')).toBe('<img src=x onerror=alert(1)>');
  expect(cellText(email.html, 'Reference')).toBe('<i>id</i>');
  expect(cellText(email.html, 'Description')).toBe('<script>alert(1)</script>Second line & more');
  expect(page.querySelectorAll('td br')).toHaveLength(1);
});

function headerNames(email: ParsedEmail | undefined): string[] {
  return email?.headers.map(({ key }) => key) ?? [];
}

test('a line break in the name cannot start a header of its own', async () => {
  const server = await startTestSmtpServer();
  const mailer = new SmtpMailer({ url: server.url, from: 'Website <website@se1-plumbing.example>' });
  try {
    const name = 'Tom\r\nBcc: victim@example.com\r\nX-Injected: yes';
    const email = businessEmail(quote({ name, urgent: false, serviceType: 'heating' }), { to });
    expect(email.subject).toBe('Heating Services request from Tom Bcc: victim@example.com X-Injected: yes');
    await mailer.send(email);
    const [received] = await server.waitFor(1);
    expect(received?.subject).toBe('Heating Services request from Tom Bcc: victim@example.com X-Injected: yes');
    expect(headerNames(received)).toContain('subject');
    expect(headerNames(received)).not.toContain('bcc');
    expect(headerNames(received)).not.toContain('x-injected');
    expect(received?.envelope.to).toEqual([to]);
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('the postcode is there, and one outside our usual area is flagged in the text and the HTML', () => {
  const outside = businessEmail(quote({ postcode: 'N1 9GU' }), { to });
  expect(outside.text).toContain('Postcode: N1 9GU (Outside our usual area)');
  expect(cellText(outside.html, 'Postcode')).toBe('N1 9GU (Outside our usual area)');

  const inside = businessEmail(quote({ postcode: 'SE1 7PB' }), { to });
  expect(inside.text).toContain('Postcode: SE1 7PB\n');
  expect(cellText(inside.html, 'Postcode')).toBe('SE1 7PB');
  expect(businessEmail(quote({ postcode: null }), { to }).text).toContain('Postcode: not given');
});

test('sent over SMTP, a stored address with a Bcc in it reaches nobody but the business', async () => {
  const server = await startTestSmtpServer();
  const mailer = new SmtpMailer({ url: server.url, from: 'Website <website@se1-plumbing.example>' });
  try {
    await mailer.send(businessEmail(quote({ name: 'Bob \u202egnp.exe', email: 'x?bcc=spy@attacker.example', urgent: false }), { to }));
    const [received] = await server.waitFor(1);
    expect(received?.envelope.to).toEqual([to]);
    expect(headerNames(received)).not.toContain('reply-to');
    expect(headerNames(received)).not.toContain('bcc');
    expect(received?.subject).toBe('Emergency Plumbing request from Bob gnp.exe');
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('photos sent with a request are counted and linked to, never attached', () => {
  const email = businessEmail(quote({ id: 'q-42' }), { to, photos: { count: 2, siteUrl: 'https://se1-plumbing.example' } });
  expect(email.text).toContain('2 photos: https://se1-plumbing.example/quotes?id=q-42');
  const link = document(email.html).querySelector('a[href="https://se1-plumbing.example/quotes?id=q-42"]');
  expect(link?.textContent).toBe('2 photos');
  expect(cellText(email.html, 'Photos')).toBe('2 photos');
  expect(email).not.toHaveProperty('attachments');
  expect(businessEmail(quote(), { to, photos: { count: 1, siteUrl: 'https://se1-plumbing.example' } }).text).toContain('1 photo: ');
});

test('a request without photos says nothing of them', () => {
  const email = businessEmail(quote(), { to, photos: { count: 0, siteUrl: 'https://se1-plumbing.example' } });
  expect(email.text).not.toMatch(/photo/i);
  expect(cellText(email.html, 'Photos')).toBeUndefined();
});
