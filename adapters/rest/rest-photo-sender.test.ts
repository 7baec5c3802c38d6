// @vitest-environment jsdom
// jsdom's XMLHttpRequest goes out through Node's http, where msw answers it as the server would.
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { photoErrorMessage } from '../../domain/photos/photos';
import { PhotoRejected } from '../../domain/ports/photos';
import { QuoteRejected } from '../../domain/quote/quote-rejected';
import { RateLimited } from '../../domain/quote/rate-limited';
import { mswServer } from '../contracts/msw-server.test-support';
import { toWireQuote } from '../http-api/wire';
import { RestPhotoSender } from './rest-photo-sender';

const server = mswServer();
const quote = sampleQuote({ urgent: true, email: null });
const photo = (name: string, size = 3) => new File([new Uint8Array(size).fill(0xff)], name, { type: 'image/jpeg' });

function api(respond: (request: Request) => Response | Promise<Response>) {
  // The page's own origin, as in the browser: a cross-origin upload would be preflighted first.
  const baseUrl = window.location.origin;
  const seen: Request[] = [];
  server.use(
    http.post(`${baseUrl}/api/quote-requests`, ({ request }) => {
      seen.push(request.clone());
      return respond(request);
    }),
  );
  return { sender: new RestPhotoSender({ baseUrl }), seen };
}

const customerToken = 'Tq3mX0bC1dE2fG3hI4jK5lM6nO7pQ8rS9tU0vW1xY2z';

test('sends the fields and how it arrived as a plain form post does, and the photos under "photos", asking for JSON; 201 is the stored request and its link', async () => {
  const stored = { ...quote, id: 'q-1', createdAt: new Date('2026-11-24T01:00:00Z') };
  const { sender, seen } = api(() => HttpResponse.json({ ...toWireQuote(stored), customer_token: customerToken }, { status: 201 }));
  const progress: number[] = [];

  const arrival = { honeypotFilled: true, formToken: 'issued.1764000000.signature' };
  const result = await sender.send(quote, [photo('boiler.jpg'), photo('leak.jpg')], (fraction) => progress.push(fraction), arrival);

  expect(result).toEqual({ ...stored, customerToken });
  const [request] = seen;
  expect(request?.headers.get('accept')).toBe('application/json');
  expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  // Read as sent, part by part: each field's name and value, each file's name.
  const body = (await request?.text()) ?? '';
  const parts = body.split(/--\S+\r\n/).flatMap((part) => {
    const match = /name="([^"]+)"(?:; filename="([^"]+)")?[\s\S]*?\r\n\r\n([\s\S]*?)\r\n$/.exec(part);
    return match ? [[match[1], match[2] ?? match[3]]] : [];
  });
  expect(parts).toEqual([
    ['name', quote.name],
    ['phone', quote.phone],
    ['postcode', quote.postcode],
    ['service_type', quote.serviceType],
    ['description', quote.description],
    ['heard_from', quote.heardFrom],
    ['urgent', 'on'],
    ['landing_page', quote.landingPage],
    ['referrer_host', quote.referrerHost],
    ['utm_source', quote.utmSource],
    ['utm_medium', quote.utmMedium],
    ['utm_campaign', quote.utmCampaign],
    ['has_gclid', 'on'],
    ['website', 'filled'],
    ['form_token', 'issued.1764000000.signature'],
    ['photos', 'boiler.jpg'],
    ['photos', 'leak.jpg'],
  ].filter(([, value]) => value !== null));
  expect(progress.at(-1)).toBe(1);
});

test("a 400 naming the photos is the refused photo, found again by the server's message", async () => {
  const message = photoErrorMessage({ kind: 'cannot-decode', file: 'IMG_0042.HEIC' });
  const { sender } = api(() => HttpResponse.json({ error: 'invalid-fields', message: 'Some fields are not valid', fields: [{ field: 'photos', message }] }, { status: 400 }));

  const refused = await sender.send(quote, [photo('boiler.jpg'), photo('IMG_0042.HEIC')], () => undefined).catch((error: unknown) => error);

  expect(refused).toBeInstanceOf(PhotoRejected);
  expect((refused as PhotoRejected).error).toEqual({ kind: 'cannot-decode', file: 'IMG_0042.HEIC' });
});

test('a 400 naming a field is the usual rejection, naming that field', async () => {
  const { sender } = api(() => HttpResponse.json({ error: 'invalid-fields', message: 'Some fields are not valid', fields: [{ field: 'email', message: 'Enter an email address' }] }, { status: 400 }));

  const refused = await sender.send(quote, [photo('boiler.jpg')], () => undefined).catch((error: unknown) => error);

  expect(refused).toBeInstanceOf(QuoteRejected);
  expect((refused as QuoteRejected).reason).toEqual({ kind: 'invalid-fields', issues: [{ field: 'email', message: 'Enter an email address' }] });
});

test("429 is the server's wait, with its Retry-After", async () => {
  const { sender } = api(() => HttpResponse.json({ error: 'rate-limited', message: 'Too many' }, { status: 429, headers: { 'Retry-After': '120' } }));

  const refused = await sender.send(quote, [photo('boiler.jpg')], () => undefined).catch((error: unknown) => error);

  expect(refused).toBeInstanceOf(RateLimited);
  expect((refused as RateLimited).retryAfterSeconds).toBe(120);
});

test('413 for a file over the limit is that file refused as too large; anything else is a failure that says what happened', async () => {
  const big = photo('whole-house.jpg');
  Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
  const tooLarge = api(() => HttpResponse.json({ error: 'payload-too-large', message: 'Too large' }, { status: 413 }));
  const refused = await tooLarge.sender.send(quote, [photo('boiler.jpg'), big], () => undefined).catch((error: unknown) => error);
  expect((refused as PhotoRejected).error).toEqual({ kind: 'too-large', file: 'whole-house.jpg' });

  const down = api(() => HttpResponse.json({ error: 'storage-unavailable', message: 'Down' }, { status: 503 }));
  await expect(down.sender.send(quote, [photo('boiler.jpg')], () => undefined)).rejects.toThrow(
    'Storing the quote request with photos failed: the server answered 503 (storage-unavailable: Down)',
  );
});

test('where the API runs in the page, the post goes by the fetch given, and the bar stands at the start until it is answered', async () => {
  const stored = { ...quote, id: 'q-2', createdAt: new Date('2026-11-24T01:00:00Z') };
  const posted: { url: string; init: RequestInit | undefined }[] = [];
  const progress: number[] = [];
  const sender = new RestPhotoSender({
    fetch: (input, init) => {
      posted.push({ url: input instanceof Request ? input.url : input.toString(), init });
      expect(progress).toEqual([0]);
      return Promise.resolve(Response.json({ ...toWireQuote(stored), customer_token: customerToken }, { status: 201 }));
    },
  });
  const result = await sender.send(quote, [photo('boiler.jpg')], (fraction) => progress.push(fraction), { honeypotFilled: false, formToken: 'page-token' });
  expect(result).toMatchObject({ id: 'q-2', customerToken });
  expect(progress).toEqual([0, 1]);
  expect(posted[0]?.url).toBe(`${window.location.origin}/api/quote-requests`);
  expect(posted[0]?.init?.headers).toEqual({ accept: 'application/json' });
  const form = posted[0]?.init?.body as FormData;
  expect(form.getAll('photos').map((file) => (file as File).name)).toEqual(['boiler.jpg']);
  expect(form.get('form_token')).toBe('page-token');
});
