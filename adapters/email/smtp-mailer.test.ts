import { createServer, type Socket } from 'node:net';
import { expect, test } from 'vitest';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { businessEmail } from './business-email';
import { customerEmail } from './customer-email';
import { parseMailConfig, SmtpMailer } from './smtp-mailer';
import { startTestSmtpServer } from './test-smtp-server.test-support';

const office = 'office@se1-plumbing.example';
const from = 'SE1 Plumbing & Heating <website@se1-plumbing.example>';

const quote = sampleRequest({ name: 'Priya Raman', email: 'priya.raman@example.com', serviceType: 'emergency', urgent: true });

const simple = { to: office, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

test('the business email arrives as composed, from the sender, with replies to the customer', async () => {
  const server = await startTestSmtpServer();
  const mailer = new SmtpMailer({ url: server.url, from });
  try {
    const email = businessEmail(quote, { to: office });
    await mailer.send(email);
    const [received] = await server.waitFor(1);
    expect(received?.from).toEqual({ name: 'SE1 Plumbing & Heating', address: 'website@se1-plumbing.example' });
    expect(received?.to).toEqual([office]);
    expect(received?.replyTo).toEqual(['priya.raman@example.com']);
    expect(received?.subject).toBe('URGENT: Emergency Plumbing request from Priya Raman');
    expect(received?.text.trimEnd()).toBe(email.text.trimEnd());
    expect(received?.html.trimEnd()).toBe(email.html.trimEnd());
    expect(received?.envelope).toEqual({ from: 'website@se1-plumbing.example', to: [office] });
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('the customer email arrives at the customer, with replies to the business', async () => {
  const server = await startTestSmtpServer();
  const mailer = new SmtpMailer({ url: server.url, from });
  try {
    const email = customerEmail(quote, { replyTo: office });
    if (email === undefined) throw new Error('a customer with an email gets one');
    await mailer.send(email);
    const [received] = await server.waitFor(1);
    expect(received?.from?.address).toBe('website@se1-plumbing.example');
    expect(received?.to).toEqual(['priya.raman@example.com']);
    expect(received?.replyTo).toEqual([office]);
    expect(received?.subject).toBe('Your Emergency Plumbing request to SE1 Plumbing & Heating');
    expect(received?.text.trimEnd()).toBe(email.text.trimEnd());
    expect(received?.html.trimEnd()).toBe(email.html.trimEnd());
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('signs in with the user and password of the URL', async () => {
  const server = await startTestSmtpServer({ auth: { user: 'website', pass: 'p@ss:word' } });
  const mailer = new SmtpMailer({ url: server.url, from });
  const wrong = new SmtpMailer({ url: server.url.replace('p%40ss', 'nope'), from });
  try {
    await mailer.send(simple);
    expect(server.messages).toHaveLength(1);
    await expect(wrong.send(simple)).rejects.toThrow(/SMTP send failed: .*Invalid username or password/);
  } finally {
    mailer.close();
    wrong.close();
    await server.stop();
  }
});

test('rejects, saying why, when the server refuses the recipient', async () => {
  const server = await startTestSmtpServer({ refuse: [office] });
  const mailer = new SmtpMailer({ url: server.url, from });
  try {
    const sending = mailer.send(simple);
    await expect(sending).rejects.toThrow(/SMTP send failed: .*550 Mailbox unavailable/);
    expect(server.messages).toEqual([]);
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('rejects at once when the server is down, and sends again once it is back', async () => {
  const server = await startTestSmtpServer();
  const mailer = new SmtpMailer({ url: server.url, from });
  try {
    await server.stop();
    const started = performance.now();
    await expect(mailer.send(simple)).rejects.toThrow(/SMTP send failed: .*ECONNREFUSED/);
    expect(performance.now() - started).toBeLessThan(1_000);

    await server.restart();
    await mailer.send(simple);
    expect(await server.waitFor(1)).toHaveLength(1);
  } finally {
    mailer.close();
    await server.stop();
  }
});

test('gives up on a server that accepts the connection but never greets', async () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('listening on a port');
  // The URL's query overrides the default greeting timeout, so the test need not wait seconds.
  const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${address.port}?greetingTimeout=300`, from });
  try {
    const started = performance.now();
    await expect(mailer.send(simple)).rejects.toThrow(/SMTP send failed: .*Greeting never received/i);
    expect(performance.now() - started).toBeLessThan(2_000);
  } finally {
    mailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

const complete = {
  SMTP_URL: 'smtp://website:secret@mail.example.com:587',
  NOTIFY_TO: office,
  MAIL_FROM: 'website@se1-plumbing.example',
};

test('no SMTP_URL means no mail, whatever else is set', () => {
  expect(parseMailConfig({})).toBeUndefined();
  expect(parseMailConfig({ SMTP_URL: '', NOTIFY_TO: office })).toBeUndefined();
});

test('reads the URL, the business address and the sender', () => {
  expect(parseMailConfig(complete)).toEqual({ url: complete.SMTP_URL, to: office, from: 'website@se1-plumbing.example' });
  expect(parseMailConfig({ ...complete, SMTP_URL: 'smtps://mail.example.com:465' })?.url).toBe('smtps://mail.example.com:465');
});

test('the sender may have a name', () => {
  expect(parseMailConfig({ ...complete, MAIL_FROM: from })?.from).toBe(from);
  expect(parseMailConfig({ ...complete, MAIL_FROM: '"SE1, Plumbing" <website@se1-plumbing.example>' })?.from).toBe(
    '"SE1, Plumbing" <website@se1-plumbing.example>',
  );
});

test('a missing or malformed NOTIFY_TO is named', () => {
  expect(() => parseMailConfig({ ...complete, NOTIFY_TO: undefined })).toThrow(/NOTIFY_TO must be set/);
  expect(() => parseMailConfig({ ...complete, NOTIFY_TO: '' })).toThrow(/NOTIFY_TO must be set/);
  expect(() => parseMailConfig({ ...complete, NOTIFY_TO: 'the office' })).toThrow(/NOTIFY_TO must be an email address/);
});

test('a missing or malformed MAIL_FROM is named', () => {
  expect(() => parseMailConfig({ ...complete, MAIL_FROM: undefined })).toThrow(/MAIL_FROM must be set/);
  expect(() => parseMailConfig({ ...complete, MAIL_FROM: 'website' })).toThrow(/MAIL_FROM must be an email address/);
  expect(() => parseMailConfig({ ...complete, MAIL_FROM: 'Website <website>' })).toThrow(/MAIL_FROM/);
  expect(() => parseMailConfig({ ...complete, MAIL_FROM: 'Website\r\nBcc: x@example.com <website@example.com>' })).toThrow(
    /MAIL_FROM/,
  );
});

test('both missing are both named', () => {
  expect(() => parseMailConfig({ SMTP_URL: complete.SMTP_URL })).toThrow(/NOTIFY_TO must be set.*MAIL_FROM must be set/);
});

test('a malformed SMTP_URL is named, and its password never repeated', () => {
  const attempt = () => parseMailConfig({ ...complete, SMTP_URL: 'http://website:secret@mail.example.com' });
  expect(attempt).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
  expect(attempt).not.toThrow(/secret/);
  expect(() => parseMailConfig({ ...complete, SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
});
