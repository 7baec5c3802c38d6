import { expect, test } from 'vitest';
import { photoFieldName, photoLimits } from '../../../domain/photos/photos';
import { type MultipartRead, readFormDataBody } from './form-data-body';

const read = (request: Request, limits?: Parameters<typeof readFormDataBody>[2]) => readFormDataBody(request, (result: MultipartRead) => Promise.resolve(result), limits);

const post = (form: FormData) => new Request('https://site.example/api/quote-requests', { method: 'POST', body: form });
const photo = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

test('the form values and photos of a multipart post, an empty file input left out', async () => {
  const form = new FormData();
  form.append('name', 'Amira Haddad');
  form.append('name', 'a second value is not read');
  form.append(photoFieldName, photo('boiler.jpg', 1000));
  form.append(photoFieldName, new File([], '', { type: 'application/octet-stream' }));
  const result = await read(post(form));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(result.body.fields).toEqual({ name: 'Amira Haddad' });
  expect(result.body.photos.map(({ name, size }) => ({ name, size }))).toEqual([{ name: 'boiler.jpg', size: 1000 }]);
  expect(result.body.photoCount).toBe(1);
  expect(result.body.photoError).toBeUndefined();
});

test('one photo too many is counted whole, and a file over the limit is named', async () => {
  const tooMany = new FormData();
  for (let n = 0; n <= photoLimits.maxCount; n++) tooMany.append(photoFieldName, photo(`${String(n)}.jpg`, 10));
  const many = await read(post(tooMany));
  expect(many.ok && many.body.photoError).toEqual({ kind: 'too-many', count: photoLimits.maxCount + 1 });

  const large = new FormData();
  large.append(photoFieldName, photo('huge.jpg', photoLimits.maxBytes + 1));
  const big = await read(post(large));
  expect(big.ok && big.body.photoError).toEqual({ kind: 'too-large', file: 'huge.jpg' });
  expect(big.ok && big.body.photos).toEqual([]);
});

test('a body over the whole limit is refused, said or not in its length, and garbage is malformed', async () => {
  const form = new FormData();
  form.append('description', 'x'.repeat(2000));
  expect(await read(post(form), { requestBytes: 1000, fieldBytes: 16 * 1024 })).toEqual({ ok: false, reason: 'too-large' });
  const declared = new Request('https://site.example/', { method: 'POST', headers: { 'content-length': String(10 ** 9), 'content-type': 'multipart/form-data; boundary=x' }, body: 'x' });
  expect(await read(declared)).toEqual({ ok: false, reason: 'too-large' });
  const garbage = new Request('https://site.example/', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: 'not multipart at all' });
  expect(await read(garbage)).toEqual({ ok: false, reason: 'malformed' });
});

test('a value whose bytes are not UTF-8, or over its limit, is named as unreadable', async () => {
  const boundary = 'boundary42';
  const bytes = new Uint8Array([
    ...new TextEncoder().encode(`--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\n`),
    0xff,
    0xfe,
    ...new TextEncoder().encode(`\r\n--${boundary}\r\ncontent-disposition: form-data; name="description"\r\n\r\n${'y'.repeat(40)}\r\n--${boundary}--\r\n`),
  ]);
  const request = new Request('https://site.example/', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: bytes });
  const result = await read(request, { requestBytes: 100_000, fieldBytes: 20 });
  expect(result.ok && result.body.unreadable).toEqual(['name', 'description']);
});
