import { afterAll, beforeAll, expect, test } from 'vitest';
import { type QuoteRequest, toNamedFields } from '../../domain/quote/quote';
import { sampleQuote, sampleRequest } from '../../fixtures/sample-request.test-support';
import { businessEmail } from '../email/business-email';
import { type ParsedEmail, startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp-server.test-support';
import { firstStartMs, from, office, runDeno, type RunningFunction, startFunction } from './edge-function.test-support';

let smtp: TestSmtpServer | undefined;
let edge: RunningFunction | undefined;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  edge = await startFunction({ SMTP_URL: smtp.url, NOTIFY_TO: office, MAIL_FROM: from });
}, firstStartMs + 5_000);

afterAll(async () => {
  await edge?.stop();
  await smtp?.stop();
});

/** The shared function and mail server, started in beforeAll. */
function running(): { smtp: TestSmtpServer; edge: RunningFunction } {
  if (smtp === undefined || edge === undefined) throw new Error('beforeAll did not start the function');
  return { smtp, edge };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The email that names this customer, once it has arrived: tests share the server, never a name. */
async function emailAbout(name: string): Promise<ParsedEmail> {
  for (let count = 1; ; count++) {
    const found = (await running().smtp.waitFor(count, 5_000)).find((email) => email.text.includes(`Name: ${name}`));
    if (found !== undefined) return found;
  }
}

const emailsAbout = (name: string) => running().smtp.messages.filter((email) => email.text.includes(name));

test('deno check passes on the function, with the domain and email code it imports', async () => {
  const child = runDeno(['check', 'index.ts'], {});
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
}, firstStartMs);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a valid urgent request is emailed to the business as our server composes it, timed on arrival', async () => {
  const sent = sampleRequest({
    id: '2f6d6c1e-8a4b-4f0e-9d8c-3b5a7e1f0a42',
    name: 'Priya <Raman> & Co',
    email: 'priya.raman@example.com',
    postcode: 'CR0 2RH',
    serviceType: 'emergency',
    description: 'Water through the <b>kitchen</b> ceiling.\nStopcock "stuck".',
    urgent: true,
  });
  const body = { ...toNamedFields(sent), id: sent.id };
  const before = new Date();
  const response = await post(running().edge.url, body);
  const after = new Date();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ sent: true });
  expect(response.headers.get('access-control-allow-origin')).toBe('*');

  const email = await emailAbout('Priya <Raman> & Co');
  expect(email.subject).toBe('URGENT: Emergency Plumbing request from Priya <Raman> & Co');
  expect(email.to).toEqual([office]);
  expect(email.from).toEqual({ name: 'SE1 Plumbing & Heating', address: 'website@se1-plumbing.example' });
  expect(email.replyTo).toEqual(['priya.raman@example.com']);
  expect(email.html).toContain('Priya &lt;Raman&gt; &amp; Co');
  expect(email.html).toContain('the &lt;b&gt;kitchen&lt;/b&gt; ceiling');
  expect(email.html).not.toContain('<b>kitchen</b>');
  // The postcode, with the flag for a district outside the usual area.
  expect(email.text).toContain('Postcode: CR0 2RH (Outside our usual area)');
  // The browser sends the id it gave the stored row, so the reference finds the request.
  const id = /^Reference: (.*)$/m.exec(email.text)?.[1] ?? '';
  expect(id).toBe(body.id);
  // Times show to the minute: the email is the composer's output for a moment during the request.
  const quote: QuoteRequest = { ...sent, id, createdAt: before };
  const composed = [before, after].map((createdAt) => businessEmail({ ...quote, createdAt }, { to: office }));
  expect(composed.map((expected) => expected.html.trimEnd())).toContain(email.html.trimEnd());
  expect(composed.map((expected) => expected.text.trimEnd())).toContain(email.text.trimEnd());
});

test('a request that is not urgent has no URGENT prefix, one without an email no Reply-To, one without an id a fresh reference', async () => {
  const response = await post(running().edge.url, {
    ...toNamedFields(sampleQuote({ name: 'Tom Okafor', email: null, serviceType: 'bathroom', urgent: false })),
    description: '',
  });
  expect(response.status).toBe(200);
  const email = await emailAbout('Tom Okafor');
  expect(email.subject).toBe('Bathroom Installation request from Tom Okafor');
  expect(email.replyTo).toEqual([]);
  // No id from the caller: the reference is a fresh one.
  expect(/^Reference: (.*)$/m.exec(email.text)?.[1]).toMatch(uuid);
});

test('a body missing required fields gets 400 naming them, and no email', async () => {
  const response = await post(running().edge.url, { email: 'nobody.named@example.com', description: 'Tap drips' });
  expect(response.status).toBe(400);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.json()).toEqual({
    error: 'missing-fields',
    message: 'Please fill in all required fields',
    fields: [
      { field: 'name', message: 'This field is required' },
      { field: 'phone', message: 'This field is required' },
      { field: 'service_type', message: 'This field is required' },
    ],
  });
  expect(running().smtp.messages.filter((email) => email.text.includes('nobody.named@example.com'))).toEqual([]);
});

test('invalid field values get 400 with the domain message for each, and no email', async () => {
  const response = await post(running().edge.url, {
    name: 'Bad Values',
    phone: 'call me',
    service_type: 'roofing',
    urgent: 'yes',
  });
  expect(response.status).toBe(400);
  const body: unknown = await response.json();
  expect(body).toMatchObject({ error: 'invalid-fields', message: 'Some fields are not valid' });
  expect(body).toHaveProperty('fields', [
    { field: 'phone', message: expect.stringMatching(/phone number/) as unknown },
    { field: 'service_type', message: 'Choose a service type from the list' },
    { field: 'urgent', message: 'Urgent must be true or false' },
  ]);
  expect(emailsAbout('Bad Values')).toEqual([]);
});

test('a body that is not JSON gets 400 invalid-json', async () => {
  const response = await post(running().edge.url, '{"name": "Half');
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'invalid-json', message: 'The request body is not valid JSON' });
});

test('a body that is not JSON by its type gets 415, and a huge one 413', async () => {
  const text = await post(running().edge.url, 'name=Plain', { 'content-type': 'text/plain' });
  expect(text.status).toBe(415);
  expect(await text.json()).toMatchObject({ error: 'unsupported-media-type' });

  const huge = await post(running().edge.url, { name: 'Huge', phone: '020 7946 0123', description: 'x'.repeat(20_000) });
  expect(huge.status).toBe(413);
  expect(await huge.json()).toMatchObject({ error: 'payload-too-large' });
  expect(emailsAbout('Huge')).toEqual([]);
});

test('GET gets 405 and says POST', async () => {
  const response = await fetch(running().edge.url);
  expect(response.status).toBe(405);
  expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  expect(await response.json()).toMatchObject({ error: 'method-not-allowed' });
});

test('a CORS preflight gets 204 allowing the headers supabase-js sends', async () => {
  const response = await fetch(running().edge.url, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://se1-plumbing.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim());
  expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']));
  expect(await response.text()).toBe('');
});

const valid = toNamedFields(sampleQuote({ name: 'Grace Hopper', email: 'grace@example.com', phone: '020 7946 0123' }));

test('when the mail server is down the function answers 502 and logs no personal data', async () => {
  const down = await startTestSmtpServer();
  await down.stop();
  const failing = await startFunction({ SMTP_URL: down.url, NOTIFY_TO: office, MAIL_FROM: from });
  try {
    const response = await post(failing.url, valid);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'notification-failed' });
    const log = await failing.logged(/SMTP send failed/);
    expect(log).not.toMatch(/Grace|grace@example\.com|7946/);
  } finally {
    await failing.stop();
  }
}, firstStartMs);

test('without its secrets the function answers 500 saying which to set', async () => {
  const unset = await startFunction({});
  try {
    const response = await post(unset.url, valid);
    expect(response.status).toBe(500);
    const body: unknown = await response.json();
    expect(body).toMatchObject({ error: 'not-configured', message: expect.stringContaining('SMTP_URL') as unknown });
    await unset.logged(/not configured: set the secrets SMTP_URL, NOTIFY_TO and MAIL_FROM/);
  } finally {
    await unset.stop();
  }
}, firstStartMs);

test('with only some secrets it answers 500 naming the missing ones, never the SMTP password', async () => {
  const partial = await startFunction({ SMTP_URL: 'smtp://user:hunter2@127.0.0.1:2525' });
  try {
    const response = await post(partial.url, valid);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain('NOTIFY_TO must be set');
    expect(text).toContain('MAIL_FROM must be set');
    expect(text + (await partial.logged(/NOTIFY_TO must be set/))).not.toContain('hunter2');
  } finally {
    await partial.stop();
  }
}, firstStartMs);
