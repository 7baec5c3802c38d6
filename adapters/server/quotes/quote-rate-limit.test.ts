// The quote form's limit counts what was stored (or looked abusive), never a visitor's mistakes.
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { WireErrorSchema } from '../../http-api/wire';
import { inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

const valid = { name: 'Ada Lovelace', phone: '020 7946 0777', service_type: 'general' };

async function withServer(limits: { submissions?: number; refusedSubmissions?: number }, run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer('sqlite', { limits });
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

const send = (server: TestServer, type: string, body: BodyInit) =>
  fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers: { 'content-type': type }, body, redirect: 'manual' });
const json = (server: TestServer, body: unknown) => send(server, 'application/json', JSON.stringify(body));
const form = (server: TestServer, fields: Record<string, string>) =>
  send(server, 'application/x-www-form-urlencoded', new URLSearchParams(fields).toString());
const stored = async (server: TestServer) => (await inboxPage(server)).quotes.length;

test('typos, bad JSON, bytes that are not UTF-8 and a wrong content type use none of the allowance', async () => {
  await withServer({ submissions: 2 }, async (server) => {
    const mistakes = [
      await json(server, { ...valid, phone: '12' }),
      await json(server, { ...valid, name: '' }),
      await form(server, { ...valid, email: 'ada@' }),
      await send(server, 'application/json', '{"name": "Ada",'),
      await send(server, 'application/json', Uint8Array.from([...new TextEncoder().encode('{"name": "Ada'), 0xff, ...new TextEncoder().encode('"}')])),
      await send(server, 'application/x-www-form-urlencoded', 'name=%FF&phone=020+7946+0777&service_type=general'),
      await send(server, 'text/plain', 'Ada Lovelace, 020 7946 0777'),
    ];
    expect(mistakes.map((response) => response.status)).toEqual([400, 400, 400, 400, 400, 400, 415]);

    expect((await json(server, valid)).status).toBe(201);
    expect((await form(server, { ...valid, name: 'Ada Again' })).status).toBe(303);
    expect(await stored(server)).toBe(2);

    const over = await json(server, { ...valid, name: 'Third' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored(server)).toBe(2);
  });
});

test('a bot that fills the honeypot uses the allowance like a stored request', async () => {
  await withServer({ submissions: 2 }, async (server) => {
    expect((await json(server, { ...valid, website: 'http://spam.example' })).status).toBe(201);
    expect((await form(server, { ...valid, website: 'cheap pills' })).status).toBe(303);
    expect((await json(server, valid)).status).toBe(429);
    expect(await stored(server)).toBe(0);
  });
});

test('a script posting nothing but garbage is stopped by the larger allowance for refusals, whatever it sends next', async () => {
  await withServer({ submissions: 5, refusedSubmissions: 3 }, async (server) => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await json(server, { name: 'x' })).status);
    expect(statuses).toEqual([400, 400, 400]);

    const blocked = await json(server, valid);
    expect(blocked.status).toBe(429);
    expect(v.parse(WireErrorSchema, await blocked.json()).error).toBe('rate-limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await form(server, { ...valid, name: 'Kept Name' });
    expect(page.status).toBe(429);
    expect(server.rendered.at(-1)?.state.form?.error.kind).toBe('rate-limited');
    expect(await stored(server)).toBe(0);
  });
});

test('a plain form post over the limit gets the page back, 429 with Retry-After, with every typed value and the friendly message', async () => {
  await withServer({ submissions: 1 }, async (server) => {
    expect((await form(server, valid)).status).toBe(303);
    const typed = {
      name: 'Siobhán Ní Bhriain',
      email: 'siobhan@example.ie',
      phone: '07700 900123',
      postcode: 'SE17 3AB',
      service_type: 'heating',
      description: 'Boiler pressure keeps dropping.\nRadiators cold upstairs.',
      urgent: 'on',
    };
    const response = await form(server, typed);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(server.rendered.at(-1)).toMatchObject({
      url: '/',
      state: {
        form: {
          draft: {
            name: typed.name,
            email: typed.email,
            phone: typed.phone,
            postcode: typed.postcode,
            serviceType: 'heating',
            description: typed.description,
            urgent: true,
          },
          error: { kind: 'rate-limited' },
        },
      },
    });
    expect(await stored(server)).toBe(1);
  });
});

test('a request the database could not store gives its point back', async () => {
  await withServer({ submissions: 1 }, async (server) => {
    // The table gone: every insert fails, as while the database is down.
    await server.db.schema.alterTable('quote_requests').renameTo('quote_requests_away').execute();
    expect((await json(server, valid)).status).toBe(503);
    await server.db.schema.alterTable('quote_requests_away').renameTo('quote_requests').execute();
    expect((await json(server, valid)).status).toBe(201);
  });
});
