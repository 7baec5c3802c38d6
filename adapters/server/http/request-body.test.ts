// Bytes that are not UTF-8 are refused with 400 on every route that reads a body, never stored as U+FFFD.
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { alertPaths } from '../../http-api/alerts-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { inboxPage, startTestServer, storeQuote, type TestServer } from '../test-server.test-support';

const valid = toNamedFields(sampleQuote({ name: 'Ada Lovelace', phone: '020 7946 0777', email: null }));
const notUtf8 = { error: 'invalid-utf8', message: 'The request body is not valid UTF-8' };

async function withServer(run: (server: TestServer) => Promise<void>, options: Parameters<typeof startTestServer>[1] = {}) {
  const server = await startTestServer('sqlite', options);
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

/** The JSON of `body` with `bytes` where `"@"` is in its text: bytes no encoder of text would send. */
function jsonWith(body: unknown, bytes: number[]): Uint8Array<ArrayBuffer> {
  const [before = '', after = ''] = JSON.stringify(body).split('@@');
  const encoder = new TextEncoder();
  return Uint8Array.from([...encoder.encode(before), ...bytes, ...encoder.encode(after)]);
}

const post = (server: TestServer, path: string, type: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': type, ...headers }, body, redirect: 'manual' });

// A lone continuation byte, a truncated sequence, an overlong "/", a surrogate, and a byte never used.
const badSequences = [[0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]];

test.each(badSequences.map((bytes) => ({ bytes })))('a quote request in JSON holding $bytes is a 400 saying so, and nothing is stored', async ({ bytes }) => {
  await withServer(async (server) => {
    const response = await post(server, '/api/quote-requests', 'application/json', jsonWith({ ...valid, name: 'Ada @@Lovelace' }, bytes));
    expect(response.status).toBe(400);
    expect(v.parse(WireErrorSchema, await response.json())).toEqual(notUtf8);
    expect((await inboxPage(server)).quotes).toEqual([]);
  });
});

test('text in UTF-8 from any script is stored as sent, a byte order mark dropped', async () => {
  await withServer(async (server) => {
    const name = 'Zoë Ní Bhriain 王 🔧';
    const body = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify({ ...valid, name }))]);
    expect((await post(server, '/api/quote-requests', 'application/json', body)).status).toBe(201);
    expect((await inboxPage(server)).quotes.map((quote) => quote.name)).toEqual([name]);
  });
});

test('a form post whose value decodes to bytes that are not UTF-8 gets the form back, 400, the field named and the rest kept', async () => {
  await withServer(async (server) => {
    const form = `name=Jos%E9+Garc%EDa&phone=020+7946+0777&service_type=general&description=Boiler+%E2%9C%93`;
    const response = await post(server, '/api/quote-requests', 'application/x-www-form-urlencoded', form);
    expect(response.status).toBe(400);
    expect(server.rendered.at(-1)?.state.form).toEqual({
      draft: expect.objectContaining({ name: 'Jos\ufffd Garc\ufffda', phone: '020 7946 0777', serviceType: 'general', description: 'Boiler ✓' }) as unknown,
      error: { kind: 'invalid-fields', issues: [{ field: 'name', message: 'Name has characters we could not read. Please type it again.' }] },
    });
    expect((await inboxPage(server)).quotes).toEqual([]);
  });
});

test('raw bytes that are not UTF-8 in a form post are named the same way; percent-encoded UTF-8 is stored as typed', async () => {
  await withServer(async (server) => {
    const raw = Uint8Array.from([...new TextEncoder().encode('name=Ada&phone=020+7946+0777&service_type=general&description=a'), 0xff]);
    const refused = await post(server, '/api/quote-requests', 'application/x-www-form-urlencoded', raw);
    expect(refused.status).toBe(400);
    expect(server.rendered.at(-1)?.state.form?.error).toEqual({
      kind: 'invalid-fields',
      issues: [{ field: 'description', message: 'Description has characters we could not read. Please type it again.' }],
    });

    const typed = new URLSearchParams({ name: 'José García', phone: '020 7946 0777', service_type: 'general', description: 'Kitchen tap & sink: 50% done?' }).toString();
    expect((await post(server, '/api/quote-requests', 'application/x-www-form-urlencoded', typed)).status).toBe(303);
    expect((await inboxPage(server)).quotes).toMatchObject([{ name: 'José García', description: 'Kitchen tap & sink: 50% done?' }]);
  });
});

test('staff routes refuse such bodies too: sign-in, a note, a status change, a push device', async () => {
  await withServer(
    async (server) => {
      const staff = { cookie: server.staffCookie };
      const { id } = await storeQuote(server);
      const attempts = [
        post(server, '/api/session', 'application/json', jsonWith({ email: 'staff@example.co.uk', password: 'pass@@word' }, [0xff])),
        post(server, `/api/quote-requests/${id}/activity`, 'application/json', jsonWith({ kind: 'note', text: 'Called @@back' }, [0xc3]), staff),
        post(server, `/api/quote-requests/${id}/activity`, 'application/json', jsonWith({ kind: 'status-moved', from: 'new', to: '@@contacted' }, [0x80]), staff),
        post(server, `${alertPaths.root}/devices`, 'application/json', jsonWith({ endpoint: 'https://push.example/@@' }, [0xfe]), staff),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status, response.url).toBe(400);
        expect(v.parse(WireErrorSchema, await response.json())).toEqual(notUtf8);
      }
      expect((await inboxPage(server)).quotes).toMatchObject([{ id, status: 'new', activity: [] }]);
    },
    { alerts: {} },
  );
});

test('JSON that escapes half a surrogate pair is valid UTF-8 but not text: the field is named, nothing stored', async () => {
  await withServer(async (server) => {
    const body = JSON.stringify({ ...valid, name: 'Ada' }).replace('"Ada"', '"Ada \\ud800"');
    const response = await post(server, '/api/quote-requests', 'application/json', body);
    expect(response.status).toBe(400);
    expect(v.parse(WireErrorSchema, await response.json())).toMatchObject({ error: 'invalid-fields', fields: [{ field: 'name', message: 'Name must be text' }] });
    expect((await inboxPage(server)).quotes).toEqual([]);
  });
});
