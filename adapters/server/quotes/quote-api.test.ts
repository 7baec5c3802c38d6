import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { emptyDraft } from '../../../domain/quote/quote';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { WireErrorSchema, WireQuoteSchema } from '../../http-api/wire';
import { databases, inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

const valid = toNamedFields(sampleQuote({ name: '  Priya Raman ', phone: '07700 900123' }));

async function withServer(kind: keyof typeof databases, run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer(kind);
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

const postJson = (server: TestServer, body: unknown) =>
  fetch(`${server.url}/api/quote-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const list = async (server: TestServer) => (await inboxPage(server)).quotes;

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`the API on ${kind}`, () => {
    test('a JSON request is stored, answered 201 with the stored request, and listed first, waiting', async () => {
      await withServer(kind, async (server) => {
        await postJson(server, { ...valid, name: 'Older Request' });
        const response = await postJson(server, valid);

        expect(response.status).toBe(201);
        const stored = v.parse(WireQuoteSchema, await response.json());
        expect(stored).toMatchObject({ ...valid, name: 'Priya Raman' });
        const quotes = await list(server);
        expect(quotes.map((quote) => quote.name)).toEqual(['Priya Raman', 'Older Request']);
        expect(quotes[0]).toMatchObject({ ...stored, status: 'new', responded_at: null, activity: [] });
      });
    });

    test('missing fields are named in a 400 and nothing is stored', async () => {
      await withServer(kind, async (server) => {
        const response = await postJson(server, { email: 'x@example.com', name: ' ' });

        expect(response.status).toBe(400);
        const body = v.parse(WireErrorSchema, await response.json());
        expect(body.error).toBe('missing-fields');
        expect(body.fields?.map((field) => field.field)).toEqual(['name', 'phone', 'service_type']);
        expect(await list(server)).toEqual([]);
      });
    });

    test('an invalid field is named with its message in a 400', async () => {
      await withServer(kind, async (server) => {
        const response = await postJson(server, { ...valid, email: 'priya@', service_type: 'roofing' });

        expect(response.status).toBe(400);
        const body = v.parse(WireErrorSchema, await response.json());
        expect(body.error).toBe('invalid-fields');
        expect(body.fields?.map((field) => field.field)).toEqual(['email', 'service_type']);
        expect(body.fields?.[0]?.message).toMatch(/email/i);
        expect(await list(server)).toEqual([]);
      });
    });

    test('malformed JSON is a 400, another content type a 415, an oversized body a 413', async () => {
      await withServer(kind, async (server) => {
        const url = `${server.url}/api/quote-requests`;
        const malformed = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
        expect(malformed.status).toBe(400);
        expect(v.parse(WireErrorSchema, await malformed.json()).error).toBe('invalid-json');

        const text = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
        expect(text.status).toBe(415);
        expect(v.parse(WireErrorSchema, await text.json()).error).toBe('unsupported-media-type');

        const huge = await postJson(server, { ...valid, description: 'x'.repeat(20_000) });
        expect(huge.status).toBe(413);
        expect(v.parse(WireErrorSchema, await huge.json()).error).toBe('payload-too-large');
        expect(await list(server)).toEqual([]);
      });
    });

    test('a form post that is stored is a 303 back to the home page, which is told so', async () => {
      await withServer(kind, async (server) => {
        const response = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Ada', phone: '020 7946 0777', service_type: 'general', email: '', urgent: 'on' }),
          redirect: 'manual',
        });

        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toMatch(/^\/\?quote=submitted&link=[A-Za-z0-9_-]{43}$/);
        expect(await list(server)).toMatchObject([{ name: 'Ada', email: null, urgent: true }]);
        await fetch(`${server.url}/?quote=submitted`);
        expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true } });
      });
    });

    test('a form post is urgent only when the box sent its own value: urgent=false, urgent= and no urgent are not', async () => {
      await withServer(kind, async (server) => {
        for (const [name, urgent] of [['Ben', 'false'], ['Cal', ''], ['Dee', '0'], ['Eve', undefined]] as const) {
          const fields = { name, phone: '020 7946 0777', service_type: 'general', ...(urgent === undefined ? {} : { urgent }) };
          const response = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
          expect(response.status).toBe(303);
        }
        const stored = await list(server);
        expect(stored.map(({ name, urgent }) => ({ name, urgent }))).toEqual(
          expect.arrayContaining(['Ben', 'Cal', 'Dee', 'Eve'].map((name) => ({ name, urgent: false }))),
        );
        expect(stored).toHaveLength(4);
      });
    });

    test('where a request came from is kept as sent; a part that breaks its rule is dropped, and the request taken', async () => {
      await withServer(kind, async (server) => {
        const plain = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({
            name: 'Gina',
            phone: '020 7946 0777',
            service_type: 'general',
            heard_from: 'google-maps',
            landing_page: '/?utm_source=gbp&utm_medium=organic',
            referrer_host: 'www.google.co.uk',
            utm_source: 'gbp',
            utm_medium: 'organic',
            has_gclid: 'on',
          }),
          redirect: 'manual',
        });
        expect(plain.status).toBe(303);
        const odd = await postJson(server, {
          ...valid,
          name: 'Odd',
          landing_page: 'https://elsewhere.example/?gclid=123',
          referrer_host: 'https://www.google.com/search?q=x',
          utm_source: '<script>',
          utm_medium: 'x'.repeat(101),
          utm_campaign: 42,
          has_gclid: 'yes',
        });
        expect(odd.status).toBe(201);
        const stored = await list(server);
        expect(stored.find((quote) => quote.name === 'Gina')).toMatchObject({
          heard_from: 'google-maps',
          landing_page: '/?utm_source=gbp&utm_medium=organic',
          referrer_host: 'www.google.co.uk',
          utm_source: 'gbp',
          utm_medium: 'organic',
          utm_campaign: null,
          has_gclid: true,
        });
        expect(stored.find((quote) => quote.name === 'Odd')).toMatchObject({
          landing_page: null,
          referrer_host: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          has_gclid: false,
        });
        // An answer not on the list (a page from before the list changed, or a script) is dropped: the request is taken, as sent otherwise.
        for (const heardFrom of ['carrier-pigeon', 42, ['leaflet']]) {
          const offList = await postJson(server, { ...valid, name: 'Off List', description: `The radiator in room ${JSON.stringify(heardFrom)} is cold`, heard_from: heardFrom });
          expect(offList.status).toBe(201);
          expect(await offList.json()).toMatchObject({ name: 'Off List', heard_from: null });
        }
        const plainOffList = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Plain Off List', phone: '020 7946 0777', service_type: 'general', heard_from: 'carrier-pigeon' }),
          redirect: 'manual',
        });
        expect(plainOffList.status).toBe(303);
        expect((await list(server)).filter((quote) => quote.name.endsWith('Off List')).map((quote) => quote.heard_from)).toEqual([null, null, null, null]);
        // A plain post that comes back keeps where it came from, for the page to hold it for the next try.
        const missing = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Nell', utm_source: 'gbp', utm_medium: 'organic', has_gclid: 'on' }),
          redirect: 'manual',
        });
        expect(missing.status).toBe(400);
        expect(server.rendered.at(-1)?.state.form?.draft).toMatchObject({ name: 'Nell', utmSource: 'gbp', utmMedium: 'organic', hasGclid: true });
      });
    });

    test('a postcode is stored normalised; one outside our area is taken, and the page that thanks says we will call to see', async () => {
      await withServer(kind, async (server) => {
        const response = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Ola', phone: '020 7946 0777', service_type: 'general', postcode: 'n1 9gu' }),
          redirect: 'manual',
        });
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toMatch(/^\/\?quote=submitted&remark=postcode&link=[A-Za-z0-9_-]{43}$/);
        await fetch(`${server.url}/?quote=submitted&remark=postcode&remark=name&remark=%3Cscript%3E`);
        expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true, remarks: ['postcode'] } });

        expect((await postJson(server, { ...valid, postcode: ' se17pb ' })).status).toBe(201);
        expect(await list(server)).toMatchObject([{ postcode: 'SE1 7PB' }, { name: 'Ola', postcode: 'N1 9GU' }]);
      });
    });

    test('a plain post reporting a gas smell is stored urgent, and the page that thanks repeats the advice; one that comes back warns', async () => {
      await withServer(kind, async (server) => {
        const post = (fields: Record<string, string>) => fetch(`${server.url}/api/quote-requests`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
        const response = await post({ name: 'Ola', phone: '020 7946 0777', service_type: 'heating', description: 'smel of gas in the hallway' });
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toMatch(/^\/\?quote=submitted&gas=gas-smell&link=[A-Za-z0-9_-]{43}$/);
        expect(await list(server)).toMatchObject([{ name: 'Ola', description: 'smel of gas in the hallway', urgent: true }]);
        await fetch(`${server.url}/?quote=submitted&gas=gas-smell`);
        expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true, gas: 'gas-smell' } });
        // Only a verdict the rule gives is passed on.
        await fetch(`${server.url}/?quote=submitted&gas=%3Cscript%3E`);
        expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true } });

        const missing = await post({ name: '', phone: '020 7946 0777', service_type: 'heating', description: 'the co alarm went off' });
        expect(missing.status).toBe(400);
        expect(server.rendered.at(-1)?.state.form?.gas).toBe('carbon-monoxide');
        expect((await postJson(server, { ...valid, description: 'gas boiler service', urgent: false })).status).toBe(201);
        expect(await list(server)).toMatchObject([{ description: 'gas boiler service', urgent: false }, { name: 'Ola', urgent: true }]);
      });
    });

    test('a postcode that is not one is a 400 naming postcode, and nothing is stored', async () => {
      await withServer(kind, async (server) => {
        const response = await postJson(server, { ...valid, postcode: 'Borough' });
        expect(response.status).toBe(400);
        expect(v.parse(WireErrorSchema, await response.json())).toEqual({
          error: 'invalid-fields',
          message: 'Some fields are not valid',
          fields: [{ field: 'postcode', message: 'Enter a UK postcode like SE1 7PB, or leave postcode empty' }],
        });
        expect(await list(server)).toEqual([]);
      });
    });

    test('a form post with errors gets the home page again with every typed value and the errors', async () => {
      await withServer(kind, async (server) => {
        const response = await fetch(`${server.url}/api/quote-requests`, {
          method: 'POST',
          body: new URLSearchParams({ name: 'Ada', phone: 'not a number', service_type: 'general', description: 'Tap drips' }),
        });

        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(server.rendered).toEqual([
          {
            url: '/',
            state: {
              form: {
                draft: { ...emptyDraft, name: 'Ada', phone: 'not a number', serviceType: 'general', description: 'Tap drips' },
                error: { kind: 'invalid-fields', issues: [{ field: 'phone', message: expect.stringMatching(/phone number/) as unknown }] },
              },
            },
          },
        ]);
        expect(await list(server)).toEqual([]);
      });
    });

    test('when the database is gone, writes and reads are 503 and /readyz says so, /healthz still alive', async () => {
      await withServer(kind, async (server) => {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        await server.db.destroy();

        expect((await postJson(server, valid)).status).toBe(503);
        expect((await fetch(`${server.url}/api/quote-requests`, { headers: { cookie: server.staffCookie } })).status).toBe(503);
        expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      });
    });
  });
}

test('an unknown API path is a 404 in JSON and an unknown page a 404 page', async () => {
  await withServer('sqlite', async (server) => {
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(v.parse(WireErrorSchema, await api.json()).error).toBe('not-found');

    const page = await fetch(`${server.url}/no-such-page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

test('each request is logged on one line, without a query string or anything the visitor typed', async () => {
  await withServer('sqlite', async (server) => {
    await postJson(server, valid);
    await fetch(`${server.url}/?quote=submitted&name=Priya`);

    expect(server.logs.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['POST', '/api/quote-requests', 201],
      ['GET', '/', 200],
    ]);
    expect(server.logs.every((entry) => typeof entry.durationMs === 'number')).toBe(true);
    expect(JSON.stringify(server.logs)).not.toMatch(/Priya|07700/);
  });
});

test('closing the server lets a request in flight finish', async () => {
  const server = await startTestServer('sqlite', { renderDelayMs: 300 });
  const inFlight = fetch(`${server.url}/`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopped = server.stop();

  expect((await inFlight).status).toBe(200);
  await stopped;
  await expect(fetch(`${server.url}/`)).rejects.toThrow();
});
