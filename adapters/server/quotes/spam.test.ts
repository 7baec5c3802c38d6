import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { honeypotFieldName, toNamedFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { startTestSmtpServer, type TestSmtpServer } from '../../email/test-smtp-server.test-support';
import { WireRecordedSchema } from '../../http-api/inbox-wire';
import { WireErrorSchema, WireStoredQuoteSchema } from '../../http-api/wire';
import { sidewaysPhoneJpeg } from '../../photos/test-photos.test-support';
import { HmacFormTokens } from './form-tokens';
import { databases, inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

const office = 'office@example.co.uk';
const quotesPath = '/api/quote-requests';
const stopAfter: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0).reverse()) await stop();
});

/** A server that emails through a real SMTP stand-in and plans alerts, with both stopped after the test. */
async function serverWithMail(kind: keyof typeof databases): Promise<{ server: TestServer; smtp: TestSmtpServer }> {
  const smtp = await startTestSmtpServer();
  stopAfter.push(() => smtp.stop());
  const server = await startTestServer(kind, { mail: { smtpUrl: smtp.url, to: office }, alerts: {} });
  stopAfter.push(() => server.stop());
  return { server, smtp };
}

async function plainServer(kind: keyof typeof databases): Promise<TestServer> {
  const server = await startTestServer(kind);
  stopAfter.push(() => server.stop());
  return server;
}

/** A person's request: their own name and address, the page opened ten seconds before. */
const person = async (server: TestServer, name: string, extra: Record<string, unknown> = {}) => ({
  ...toNamedFields(sampleQuote({ name, email: `${name.split(' ')[0]?.toLowerCase() ?? 'someone'}@example.co.uk`, urgent: true })),
  [formTokenFieldName]: await server.formToken(),
  ...extra,
});

const postJson = (server: TestServer, body: unknown) =>
  fetch(`${server.url}${quotesPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const postForm = (server: TestServer, fields: Record<string, string>) =>
  fetch(`${server.url}${quotesPath}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

const notSpamStep = JSON.stringify({ kind: 'spam-cleared' });
const notSpam = (server: TestServer, id: string, headers: Record<string, string> = { cookie: server.staffCookie, origin: server.url }) =>
  fetch(`${server.url}${quotesPath}/${id}/activity`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: notSpamStep });

const spamFolder = async (server: TestServer) => (await inboxPage(server, { view: 'spam' })).quotes;
const signalsOf = (quote: { spam: { reasons: { signal: string }[] } | null } | undefined) => quote?.spam?.reasons.map(({ signal }) => signal);

/** Waits a while for emails that must not come, after those that must have. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`spam on ${kind}`, () => {
    test('a bot that fills the honeypot, and one that posts the moment it has the page, land in Spam with their reasons; they are answered as a person is, and nobody is emailed or alerted', async () => {
      const { server, smtp } = await serverWithMail(kind);

      const human = await postJson(server, await person(server, 'Priya Raman'));
      const honeypot = await postJson(server, await person(server, 'Honey Bot', { [honeypotFieldName]: 'https://spam.example' }));
      const tooFast = await postJson(server, await person(server, 'Fast Bot', { [formTokenFieldName]: await server.formToken(0.5) }));

      // The same status, the same headers that matter, the same shape of body: a bot cannot tell.
      const answers = [human, honeypot, tooFast];
      expect(answers.map((response) => response.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((response) => response.headers.get('content-type'))).size).toBe(1);
      const bodies = await Promise.all(answers.map(async (response) => v.parse(WireStoredQuoteSchema, await response.json())));
      expect(new Set(bodies.map((body) => JSON.stringify(Object.keys(body).sort()))).size).toBe(1);
      const [stored, honey, fast] = bodies;

      const folder = await spamFolder(server);
      expect(folder.map(({ id }) => id).sort()).toEqual([honey?.id, fast?.id].sort());
      expect(signalsOf(folder.find(({ id }) => id === honey?.id))).toEqual(['honeypot']);
      expect(signalsOf(folder.find(({ id }) => id === fast?.id))).toEqual(['too-fast']);
      expect(folder.every(({ spam, activity }) => activity.length === 0 && (spam?.score ?? 0) >= 10)).toBe(true);
      // Every other view leaves them out.
      expect((await inboxPage(server)).quotes.map(({ id }) => id)).toEqual([stored?.id]);
      expect((await inboxPage(server, { view: 'new' })).quotes.map(({ id }) => id)).toEqual([stored?.id]);

      await smtp.waitFor(2, 5_000);
      await server.alerts?.planner.planDue();
      await settle();
      expect(smtp.messages.flatMap(({ to }) => to).sort()).toEqual([office, 'priya@example.co.uk']);
      expect(smtp.messages.map(({ subject }) => subject).join()).not.toMatch(/Bot/);
      const cards = await inboxPage(server, { view: 'all' });
      expect(cards.quotes.find(({ id }) => id === stored?.id)?.alerts.map(({ step }) => step)).toEqual(['new']);
      expect((await spamFolder(server)).map(({ alerts }) => alerts)).toEqual([[], []]);
    });

    test('"Not spam" moves a request to Waiting as if sent now: the business and the customer are emailed at once, and whoever is on call alerted', async () => {
      const { server, smtp } = await serverWithMail(kind);
      const response = await postJson(server, await person(server, 'Dara Quinn', { [honeypotFieldName]: 'autofilled' }));
      const { id } = v.parse(WireStoredQuoteSchema, await response.json());
      await server.alerts?.planner.planDue();
      await settle();
      expect(smtp.messages).toEqual([]);

      const rescued = await notSpam(server, id);
      expect(rescued.status).toBe(201);
      const card = v.parse(WireRecordedSchema, await rescued.json()).quote;
      expect(card).toMatchObject({ id, status: 'new', spam: { reasons: [{ signal: 'honeypot' }] }, activity: [{ kind: 'spam-cleared', by: 'staff@example.co.uk' }] });
      expect(Date.parse(card.created_at)).toBeGreaterThan(Date.parse(card.spam?.sent_at ?? ''));

      const emails = await smtp.waitFor(2, 5_000);
      expect(emails.flatMap(({ to }) => to).sort()).toEqual(['dara@example.co.uk', office]);
      expect(emails.find(({ to }) => to.includes(office))?.subject).toBe('URGENT: Bathroom Installation request from Dara Quinn');
      await expect.poll(async () => (await inboxPage(server, { view: 'new' })).quotes.find((quote) => quote.id === id)?.alerts.map(({ step }) => step)).toEqual(['new']);
      expect(await spamFolder(server)).toEqual([]);

      // Once out of the folder, it stays out; and there is nothing to rescue that was never stored.
      const again = await notSpam(server, id);
      expect(again.status).toBe(409);
      expect(v.parse(WireErrorSchema, await again.json()).error).toBe('conflict');
      expect((await notSpam(server, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      await settle();
      expect(smtp.messages).toHaveLength(2);
    });

    test('"Not spam" is for staff alone, from our own site', async () => {
      const server = await plainServer(kind);
      const { id } = v.parse(WireStoredQuoteSchema, await (await postJson(server, await person(server, 'Honey Bot', { [honeypotFieldName]: 'x' }))).json());

      expect((await notSpam(server, id, {})).status).toBe(401);
      const crossSite = await notSpam(server, id, { cookie: server.staffCookie, origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect((await spamFolder(server)).map((quote) => quote.id)).toEqual([id]);
    });

    test('a bot’s burst of one text, with no form token, lands from the fourth copy on in Spam', async () => {
      const server = await plainServer(kind);
      const burst = { ...toNamedFields(sampleQuote({ description: 'Cheap SEO services for your plumbing website, first page of Google guaranteed' })) };
      const ids: string[] = [];
      for (let copy = 0; copy < 6; copy += 1) {
        const response = await postJson(server, { ...burst, name: `Sender ${copy}` });
        expect(response.status).toBe(201);
        ids.push(v.parse(WireStoredQuoteSchema, await response.json()).id);
      }

      const folder = await spamFolder(server);
      expect(folder.map(({ id }) => id).sort()).toEqual(ids.slice(3).sort());
      for (const quote of folder) expect(signalsOf(quote)).toEqual(['no-form-token', 'repeated']);
      expect((await inboxPage(server)).quotes.map(({ id }) => id).sort()).toEqual(ids.slice(0, 3).sort());
    });

    test('a forged, altered or expired form token counts as none', async () => {
      const server = await plainServer(kind);
      const forger = new HmacFormTokens(Buffer.alloc(32, 7).toString('base64url'));
      const valid = await server.formToken();
      const [issued = '', mac = ''] = valid.split('.');
      const tokens = {
        forged: await forger.issue(new Date(Date.now() - 60_000)),
        altered: `${Number(issued) - 60_000}.${mac}`,
        expired: await server.formToken(25 * 60 * 60),
        valid,
      };
      const ids: Record<string, string> = {};
      // A number nobody can answer is a sign a person gives too: with a good token it is not enough.
      for (const [kindOfToken, token] of Object.entries(tokens)) {
        const response = await postJson(server, { ...toNamedFields(sampleQuote({ name: `Token ${kindOfToken}`, phone: '0777 777 7777', description: null })), [formTokenFieldName]: token });
        ids[kindOfToken] = v.parse(WireStoredQuoteSchema, await response.json()).id;
      }

      const folder = await spamFolder(server);
      expect(folder.map(({ id }) => id).sort()).toEqual([ids.forged, ids.altered, ids.expired].sort());
      for (const quote of folder) expect(signalsOf(quote)).toEqual(['no-form-token', 'impossible-phone']);
      expect((await inboxPage(server)).quotes.map(({ id }) => id)).toEqual([ids.valid]);
    });

    test('a plain form post that fills the honeypot is answered as a person’s, with the customer’s link, and lands in Spam', async () => {
      const server = await plainServer(kind);
      const fields = (name: string) => ({ name, phone: '020 7946 0777', service_type: 'general', [formTokenFieldName]: '' });
      const token = await server.formToken();
      const human = await postForm(server, { ...fields('Ada Lovelace'), [formTokenFieldName]: token });
      const bot = await postForm(server, { ...fields('Form Bot'), [formTokenFieldName]: token, [honeypotFieldName]: 'http://spam.example' });

      const locations = [human, bot].map((response) => {
        expect(response.status).toBe(303);
        return response.headers.get('location') ?? '';
      });
      for (const location of locations) expect(location).toMatch(/^\/\?quote=submitted&link=[A-Za-z0-9_-]{43}$/);
      expect(new Set(locations).size).toBe(2);

      // The thanks page gives the customer their link, and passes its address on to nobody.
      const thanks = await fetch(`${server.url}${locations[1] ?? ''}`);
      expect(thanks.status).toBe(200);
      expect(thanks.headers.get('referrer-policy')).toBe('no-referrer');
      expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true, customerToken: locations[1]?.split('link=')[1] } });
      // Nor does the log hold it.
      expect(JSON.stringify(server.logs)).not.toContain(locations[1]?.split('link=')[1]);

      expect((await spamFolder(server)).map(({ name }) => name)).toEqual(['Form Bot']);
      expect((await inboxPage(server)).quotes.map(({ name }) => name)).toEqual(['Ada Lovelace']);
    });
  });
}

test('a post with photos that fills the honeypot is stored with its photos, in Spam', { timeout: 30_000 }, async () => {
  const server = await plainServer('sqlite');
  const body = new FormData();
  for (const [name, value] of Object.entries({ name: 'Photo Bot', phone: '020 7946 0777', service_type: 'general', [honeypotFieldName]: 'x', [formTokenFieldName]: await server.formToken() })) {
    body.append(name, value);
  }
  body.append('photos', new Blob([Buffer.from(await sidewaysPhoneJpeg())], { type: 'image/jpeg' }), 'boiler.jpg');
  const response = await fetch(`${server.url}${quotesPath}`, { method: 'POST', headers: { accept: 'application/json' }, body });

  expect(response.status).toBe(201);
  const { id } = v.parse(WireStoredQuoteSchema, await response.json());
  const [held] = await spamFolder(server);
  expect(held).toMatchObject({ id, photos: [{}] });
  expect(signalsOf(held)).toEqual(['honeypot']);
});

test('a thanks page whose link is not a token shows none', async () => {
  const server = await plainServer('sqlite');
  await fetch(`${server.url}/?quote=submitted&link=not-a-token`);
  expect(server.rendered.at(-1)).toEqual({ url: '/', state: { submitted: true } });
});
