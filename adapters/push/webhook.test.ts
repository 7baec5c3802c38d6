import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { sampleRequest } from '../../fixtures/sample-request.test-support';
import { toWireQuote } from '../http-api/wire';
import { parseWebhookConfig, WebhookSender } from './webhook';

type Verify = (secret: string, signatureHeader: string | undefined, rawBody: string | Buffer, toleranceSeconds?: number) => boolean;

/** The receiver's check exactly as docs/operations.md gives it: its one js block defining verifyWebhook. */
async function verifierFromGuide(): Promise<Verify> {
  const guide = await readFile(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const blocks = [...guide.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').filter((code) => code.includes('function verifyWebhook('));
  expect(blocks).toHaveLength(1);
  const folder = await mkdtemp(join(tmpdir(), 'guide-webhook-'));
  try {
    const file = join(folder, 'verify.mjs');
    await writeFile(file, (blocks[0] ?? '').replace('function verifyWebhook(', 'export function verifyWebhook('));
    const module: unknown = await import(pathToFileURL(file).href);
    if (typeof module !== 'object' || module === null || !('verifyWebhook' in module) || typeof module.verifyWebhook !== 'function') throw new Error('docs/operations.md defines no verifyWebhook');
    return module.verifyWebhook as Verify;
  } finally {
    await rm(folder, { recursive: true });
  }
}

interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** A receiver on loopback that keeps what it is sent, and answers `status` (200 unless told). */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const state = { status: 200, answer: 'ok' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, rawBody: Buffer.concat(chunks) });
      response.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/quotes`;
  return {
    url,
    deliveries,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const secret = 'whsec_8kQ2vN4pL7xR1tY9';
const quote = sampleRequest({ id: 'b0c1d2e3-f405-4617-8829-3a4b5c6d7e8f', name: 'Tom Okafor', phone: '07700 900123', email: 'tom.okafor@example.co.uk', serviceType: 'emergency', urgent: true, postcode: 'SE1 9SG', description: 'Burst pipe under the kitchen sink, water everywhere.', createdAt: new Date('2026-05-14T09:30:00.000Z') });
const inboxUrl = `https://www.se1plumbing.example/quotes?id=${quote.id}`;
const delivery = { deliveryId: 'c3d4e5f6-0718-4293-a4b5-c6d7e8f90a1b', step: 'new' as const, quote, inboxUrl };

test('the JSON format posts the whole request, signed so that the guide\'s receiver accepts it', async () => {
  const verify = await verifierFromGuide();
  const receiver = await startReceiver();
  try {
    const now = new Date();
    await new WebhookSender({ url: receiver.url, secret, format: 'json', now: () => now }).send(delivery);
    await new WebhookSender({ url: receiver.url, secret, format: 'json' }).send({ ...delivery, step: 'escalated', deliveryId: 'd4e5f607-1829-43a4-b5c6-d7e8f90a1b2c' });
    const [first, second] = receiver.deliveries;
    if (first === undefined || second === undefined) throw new Error('two deliveries expected');
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['user-agent']).toBe('SE1-Plumbing-Webhook/1 (+https://www.se1plumbing.example)');
    expect(JSON.parse(first.rawBody.toString('utf8'))).toEqual({
      id: delivery.deliveryId,
      type: 'quote_request.new',
      created: now.toISOString(),
      data: { ...toWireQuote(quote), due_at: '2026-05-14T10:00:00.000Z', inbox_url: inboxUrl },
    });
    expect(JSON.parse(second.rawBody.toString('utf8'))).toMatchObject({ type: 'quote_request.escalated', id: 'd4e5f607-1829-43a4-b5c6-d7e8f90a1b2c' });
    expect(first.headers['webhook-signature']).toMatch(new RegExp(`^t=${Math.floor(now.getTime() / 1000)},v1=[0-9a-f]{64}$`));
    for (const { headers, rawBody } of [first, second]) {
      const header = headers['webhook-signature'] as string;
      expect(verify(secret, header, rawBody)).toBe(true);
      expect(verify(secret, header, rawBody.toString('utf8'))).toBe(true);
      expect(verify('another-secret-of-16', header, rawBody)).toBe(false);
      expect(verify(secret, header, Buffer.from(rawBody.toString('utf8').replace('Tom Okafor', 'Tom Okafer')))).toBe(false);
      expect(verify(secret, header, Buffer.concat([rawBody, Buffer.from(' ')]))).toBe(false);
      expect(verify(secret, header.replace(/t=\d+/, (t) => `t=${Number(t.slice(2)) + 1}`), rawBody)).toBe(false);
      expect(verify(secret, undefined, rawBody)).toBe(false);
      expect(verify(secret, 'garbage', rawBody)).toBe(false);
      expect(verify(secret, header.replace(/v1=.*/, 'v1='), rawBody)).toBe(false);
    }
  } finally {
    await receiver.close();
  }
});

test('the guide\'s receiver refuses a signature older than its tolerance, so a captured post cannot be replayed', async () => {
  const verify = await verifierFromGuide();
  const receiver = await startReceiver();
  try {
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await new WebhookSender({ url: receiver.url, secret, format: 'json', now: () => tenMinutesAgo }).send(delivery);
    const [old] = receiver.deliveries;
    if (old === undefined) throw new Error('a delivery expected');
    const header = old.headers['webhook-signature'] as string;
    expect(verify(secret, header, old.rawBody)).toBe(false);
    expect(verify(secret, header, old.rawBody, 15 * 60)).toBe(true);
  } finally {
    await receiver.close();
  }
});

test('the Slack format says what and where, and never the phone, email or description', async () => {
  const verify = await verifierFromGuide();
  const receiver = await startReceiver();
  try {
    const now = new Date('2026-05-14T09:42:00.000Z');
    await new WebhookSender({ url: receiver.url, secret, format: 'slack', now: () => now }).send({ ...delivery, step: 'escalated' });
    const [posted] = receiver.deliveries;
    if (posted === undefined) throw new Error('a delivery expected');
    const body = posted.rawBody.toString('utf8');
    expect(JSON.parse(body)).toEqual({
      text: `Nobody has taken this yet: *URGENT · Emergency Plumbing · SE1* · Tom · waiting 12 min · <${inboxUrl}|Open the request>`,
    });
    for (const secretive of [quote.phone, '07700900123', quote.email ?? '', 'Burst pipe', 'Okafor', '9SG']) expect(body).not.toContain(secretive);
    expect(verify(secret, posted.headers['webhook-signature'] as string, posted.rawBody, 10 ** 9)).toBe(true);
  } finally {
    await receiver.close();
  }
});

test('a visitor\'s name cannot become a Slack link or mention', async () => {
  const receiver = await startReceiver();
  try {
    await new WebhookSender({ url: receiver.url, secret, format: 'slack' }).send({ ...delivery, quote: { ...quote, name: '<!channel>&<https://evil.example|x>' } });
    const text = (JSON.parse(receiver.deliveries[0]?.rawBody.toString('utf8') ?? '{}') as { text: string }).text;
    expect(text).toContain('&lt;!channel&gt;&amp;&lt;https://evil.example|x&gt;');
    expect(text.match(/</g)).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

test('an answer that is not 2xx rejects with the status and what the receiver said, never the URL\'s path', async () => {
  const receiver = await startReceiver();
  try {
    receiver.state.status = 500;
    receiver.state.answer = 'Database is   locked\n';
    const sending = new WebhookSender({ url: receiver.url, secret, format: 'json' }).send(delivery);
    await expect(sending).rejects.toThrow(`Webhook to ${new URL(receiver.url).host} was refused: 500 Internal Server Error: Database is locked`);
    await expect(sending).rejects.not.toThrow('/hooks/quotes');
    receiver.state.status = 302;
    await expect(new WebhookSender({ url: receiver.url, secret, format: 'json' }).send(delivery)).rejects.toThrow('302');
    receiver.state.status = 204;
    receiver.state.answer = '';
    await expect(new WebhookSender({ url: receiver.url, secret, format: 'json' }).send(delivery)).resolves.toBeUndefined();
  } finally {
    await receiver.close();
  }
});

test('a receiver that cannot be reached, or never answers, rejects saying so', async () => {
  const receiver = await startReceiver();
  await receiver.close();
  await expect(new WebhookSender({ url: receiver.url, secret, format: 'json' }).send(delivery)).rejects.toThrow(/failed: fetch failed \(.*ECONNREFUSED/);
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    await expect(new WebhookSender({ url, secret, format: 'json', timeoutMs: 300 }).send(delivery)).rejects.toThrow('got no answer within 0.3 s');
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('the settings: none without a URL; a URL needs a long enough secret; the format is json or slack', () => {
  expect(parseWebhookConfig({})).toBeUndefined();
  expect(parseWebhookConfig({ WEBHOOK_URL: '', WEBHOOK_SECRET: '' })).toBeUndefined();
  expect(parseWebhookConfig({ WEBHOOK_URL: 'https://hooks.example.co.uk/quotes', WEBHOOK_SECRET: secret })).toEqual({ url: 'https://hooks.example.co.uk/quotes', secret, format: 'json' });
  expect(parseWebhookConfig({ WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x', WEBHOOK_SECRET: secret, WEBHOOK_FORMAT: 'slack' })?.format).toBe('slack');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'https://hooks.example.co.uk/quotes' })).toThrow('WEBHOOK_SECRET must be set when WEBHOOK_URL is');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'https://hooks.example.co.uk/quotes', WEBHOOK_SECRET: 'short' })).toThrow('WEBHOOK_SECRET must be at least 16 characters');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'ftp://hooks.example.co.uk/secret-path', WEBHOOK_SECRET: secret })).toThrow('WEBHOOK_URL must be an http:// or https:// URL');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'not a url/secret-path', WEBHOOK_SECRET: secret })).not.toThrow('secret-path');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'https://hooks.example.co.uk/quotes', WEBHOOK_SECRET: secret, WEBHOOK_FORMAT: 'xml' })).toThrow('WEBHOOK_FORMAT must be json or slack');
  expect(() => parseWebhookConfig({ WEBHOOK_SECRET: secret })).toThrow('WEBHOOK_URL must be set when WEBHOOK_SECRET is');
  expect(() => parseWebhookConfig({ WEBHOOK_URL: 'mailto:x@example.com', WEBHOOK_SECRET: 'short', WEBHOOK_FORMAT: 'xml' })).toThrow(
    'Invalid webhook configuration: WEBHOOK_URL must be an http:// or https:// URL; WEBHOOK_SECRET must be at least 16 characters; WEBHOOK_FORMAT must be json or slack',
  );
});
