import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { photoErrorMessage, photoLimits } from '../../../domain/photos/photos';
import { toNamedFields } from '../../../domain/quote/quote';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { WireErrorSchema, WireQuoteSchema } from '../../http-api/wire';
import { decompressionBomb, noisyJpeg, pdfBytes, sidewaysPhoneJpeg } from '../../photos/test-photos.test-support';
import { databases, startTestServer, type TestServer } from '../test-server.test-support';

const fields = Object.fromEntries(
  Object.entries(toNamedFields(sampleQuote({ name: 'Priya Raman', phone: '07700 900123' }))).flatMap(([name, value]) =>
    value === null || value === false ? [] : [[name, value === true ? 'on' : value]],
  ),
);

let phone: Uint8Array;
let bomb: Uint8Array;
let eleven: Uint8Array;
beforeAll(async () => {
  phone = await sidewaysPhoneJpeg(400, 300);
  bomb = await decompressionBomb();
  eleven = await noisyJpeg(3400, 2600, 100);
  expect(eleven.byteLength).toBeGreaterThan(photoLimits.maxBytes);
}, 90_000);

function form(photos: { name: string; bytes: Uint8Array; type?: string }[], extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...extra })) body.append(name, value);
  for (const photo of photos) body.append('photos', new Blob([Buffer.from(photo.bytes)], { type: photo.type ?? 'image/jpeg' }), photo.name);
  return body;
}

const post = (server: TestServer, body: FormData, json = true) =>
  fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers: json ? { accept: 'application/json' } : {}, body });

const storedCount = async (server: TestServer) =>
  Number((await server.db.selectFrom('quote_requests').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

async function withServer(kind: keyof typeof databases, run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer(kind);
  try {
    await run(server);
    expect(readdirSync(server.uploadRoot)).toEqual([]);
  } finally {
    await server.stop();
  }
}

async function expectRefused(server: TestServer, response: Response, message: string) {
  expect(response.status).toBe(400);
  const body = v.parse(WireErrorSchema, await response.json());
  expect(body).toMatchObject({ error: 'invalid-fields', fields: [{ field: 'photos', message }] });
  expect(message).toMatch(/^Photos: /);
  expect(await storedCount(server)).toBe(0);
  expect(await server.photos.count()).toBe(0);
}

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`photos with a request on ${kind}`, () => {
    test('a phone photo is stored upright with no metadata, and staff read it and its thumbnail', { timeout: 30_000 }, async () => {
      await withServer(kind, async (server) => {
        const response = await post(server, form([{ name: 'boiler.jpg', bytes: phone }, { name: 'pipe.jpg', bytes: phone }]));
        expect(response.status).toBe(201);
        const quote = v.parse(WireQuoteSchema, await response.json());
        expect(quote.name).toBe('Priya Raman');
        expect(await server.photos.ids(quote.id)).toHaveLength(2);
        const [photoId] = await server.photos.ids(quote.id);
        const path = `${server.url}/api/quote-requests/${quote.id}/photos/${String(photoId)}`;

        const full = await fetch(path, { headers: { cookie: server.staffCookie } });
        expect(full.status).toBe(200);
        expect(full.headers.get('content-type')).toBe('image/jpeg');
        expect(full.headers.get('cache-control')).toBe('private, no-store');
        expect(full.headers.get('x-content-type-options')).toBe('nosniff');
        const kept = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
        expect(kept).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
        expect(kept.exif).toBeUndefined();
        expect(kept.xmp).toBeUndefined();
        expect(kept.iptc).toBeUndefined();
        expect(kept.orientation).toBeUndefined();

        const thumbnail = await fetch(`${path}/thumbnail`, { headers: { cookie: server.staffCookie } });
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get('cache-control')).toBe('private, no-store');
        expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ width: 240, height: 320 });

        for (const cookie of [undefined, 'quotes_session=forged', `${server.staffCookie}x`]) {
          const anonymous = await fetch(`${path}/thumbnail`, { headers: cookie === undefined ? {} : { cookie } });
          expect(anonymous.status).toBe(401);
          expect(anonymous.headers.get('content-type')).not.toBe('image/jpeg');
        }
        const none = await fetch(`${server.url}/api/quote-requests/${quote.id}/photos/no-such-photo`, { headers: { cookie: server.staffCookie } });
        expect(none.status).toBe(404);
      });
    });

    test('a PDF named .jpg is refused by its content, naming the field and the file', { timeout: 30_000 }, async () => {
      await withServer(kind, async (server) => {
        const response = await post(server, form([{ name: 'boiler.jpg', bytes: phone }, { name: 'invoice.jpg', bytes: pdfBytes }]));
        await expectRefused(server, response, photoErrorMessage({ kind: 'not-an-image', file: 'invoice.jpg' }));
      });
    });

    test('a 20,000 × 20,000 decompression bomb is refused', { timeout: 30_000 }, async () => {
      await withServer(kind, async (server) => {
        const response = await post(server, form([{ name: 'bomb.png', bytes: bomb, type: 'image/png' }]));
        await expectRefused(server, response, photoErrorMessage({ kind: 'too-many-pixels', file: 'bomb.png' }));
      });
    });

    test('a sixth photo is refused, and nothing of the request is stored', { timeout: 30_000 }, async () => {
      await withServer(kind, async (server) => {
        const six = Array.from({ length: 6 }, (_, index) => ({ name: `photo-${String(index + 1)}.jpg`, bytes: phone }));
        await expectRefused(server, await post(server, form(six)), photoErrorMessage({ kind: 'too-many', count: 6 }));
      });
    });

    test('an 11 MB photo is refused by name', { timeout: 30_000 }, async () => {
      await withServer(kind, async (server) => {
        const response = await post(server, form([{ name: 'boiler.jpg', bytes: phone }, { name: 'huge.jpg', bytes: eleven }]));
        await expectRefused(server, response, photoErrorMessage({ kind: 'too-large', file: 'huge.jpg' }));
      });
    });
  });
}

test('a plain form post with photos is answered 303 to the thanks', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const response = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', body: form([{ name: 'boiler.jpg', bytes: phone }]), redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/\?quote=submitted/);
    expect(await server.photos.count()).toBe(1);
  });
});

test('a plain form post with a refused photo gets the page again: the typed values, and the photo error by the field', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const response = await post(server, form([{ name: 'boiler.jpg', bytes: phone }, { name: 'invoice.jpg', bytes: pdfBytes }]), false);
    expect(response.status).toBe(400);
    const state = server.rendered.at(-1)?.state;
    expect(state?.form?.draft).toMatchObject({ name: 'Priya Raman', phone: '07700 900123' });
    expect(state?.form?.photos).toEqual({ sent: 2, error: photoErrorMessage({ kind: 'not-an-image', file: 'invoice.jpg' }) });
    expect(await storedCount(server)).toBe(0);
  });
});

test('a plain form post with photos and a missing field says the photos must be chosen again', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const response = await post(server, form([{ name: 'boiler.jpg', bytes: phone }], { phone: '' }), false);
    expect(response.status).toBe(400);
    const state = server.rendered.at(-1)?.state;
    expect(state?.form?.error).toMatchObject({ kind: 'missing-fields', fields: ['phone'] });
    expect(state?.form?.photos).toEqual({ sent: 1, error: null });
    expect(await server.photos.count()).toBe(0);
  });
});

test('text that is not UTF-8 is named, as in a form post', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const boundary = 'x-boundary';
    const parts = Object.entries({ ...fields, name: '' }).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const body = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`),
      Buffer.from([0x50, 0xff, 0x51]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${server.url}/api/quote-requests`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(v.parse(WireErrorSchema, await response.json()).fields?.[0]?.field).toBe('name');
  });
});

test('a body over the whole limit is refused with 413 before it is read', async () => {
  await withServer('sqlite', async (server) => {
    const { port } = new URL(server.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const client = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/quote-requests',
          headers: { accept: 'application/json', 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(60 * 1024 * 1024) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
          client.destroy();
        },
      );
      client.on('error', reject);
      client.write('--b\r\n');
    });
    expect(status).toBe(413);
    expect(await storedCount(server)).toBe(0);
  });
});

test('a client that goes away mid-upload leaves no file behind and nothing stored', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const { port } = new URL(server.url);
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/quote-requests',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(5 * 1024 * 1024) },
    });
    client.on('error', () => undefined);
    client.write(`--b\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    client.write(Buffer.from(phone));
    client.write(Buffer.alloc(512 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readdirSync(server.uploadRoot)).toHaveLength(1);
    client.destroy();
    const deadline = Date.now() + 5000;
    while (readdirSync(server.uploadRoot).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedCount(server)).toBe(0);
  });
});

test('a plain form post whose photo field was left empty is stored as one without photos', { timeout: 30_000 }, async () => {
  await withServer('sqlite', async (server) => {
    const body = form([]);
    // What a browser sends for a file input left empty: a part with no file name and no content.
    body.append('photos', new Blob([], { type: 'application/octet-stream' }), '');
    const response = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', body, redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(await storedCount(server)).toBe(1);
    expect(await server.photos.count()).toBe(0);
  });
});
