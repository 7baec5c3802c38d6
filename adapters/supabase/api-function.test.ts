// The `api` edge function under Deno, on a scratch database shaped like a Supabase project with our
// baseline pushed, driven over HTTP as the site drives it: the browser's own REST clients with the
// function's address as their base, staff signed in with an access token signed as Supabase Auth signs it.
import { sign } from 'hono/jwt';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { photoFieldName } from '../../domain/photos/photos';
import { toNamedFields } from '../../domain/quote/quote';
import { sampleQuote } from '../../fixtures/sample-request.test-support';
import { startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp-server.test-support';
import { photoPath } from '../http-api/photo-paths';
import { sidewaysPhoneJpeg } from '../photos/test-photos.test-support';
import { RestQuoteInbox } from '../rest/rest-quote-inbox';
import { RestQuoteRepository } from '../rest/rest-quote-repository';
import { type Database, openPostgresDatabase } from '../sql/database';
import { SqlStaffStore } from '../sql/sql-staff-store';
import { checkFunction, firstStartMs, type RunningFunction, startFunction } from './api-function.test-support';
import { pushMigrations, type ScratchProjectDatabase, scratchProjectDatabase } from './supabase-project-database.test-support';

const jwtSecret = 'the-project-jwt-secret-of-at-least-32-characters';
const tickSecret = 'the-tick-secret-of-at-least-32-characters';
const siteUrl = 'https://www.se1plumbing.example';
/** The project's address, which Supabase gives every function; its Auth issues tokens as `${projectUrl}/auth/v1`. */
const projectUrl = 'https://project-ref.supabase.co';
const office = 'office@se1plumbing.example';
const staffEmail = 'sam@se1plumbing.example';

let project: ScratchProjectDatabase | undefined;
let smtp: TestSmtpServer | undefined;
let running: RunningFunction | undefined;
let db: Kysely<Database> | undefined;

const fn = (): RunningFunction => {
  if (running === undefined) throw new Error('the function did not start');
  return running;
};
const mail = (): TestSmtpServer => {
  if (smtp === undefined) throw new Error('the mail server did not start');
  return smtp;
};
const database = (): Kysely<Database> => {
  if (db === undefined) throw new Error('the database was not made');
  return db;
};

beforeAll(async () => {
  project = await scratchProjectDatabase({ supabase: true });
  await pushMigrations(project.owner);
  smtp = await startTestSmtpServer();
  running = await startFunction(
    {
      SUPABASE_DB_URL: project.url,
      JWT_SECRET: jwtSecret,
      SUPABASE_URL: projectUrl,
      TICK_SECRET: tickSecret,
      SITE_URL: siteUrl,
      SMTP_URL: smtp.url,
      NOTIFY_TO: office,
      MAIL_FROM: `SE1 Plumbing & Heating <website@se1plumbing.example>`,
    },
  );
  db = openPostgresDatabase(project.url);
  // Staff are listed by email, as `npm run staff` lists them; their password is Supabase Auth's business.
  await new SqlStaffStore(db).saveAccount(staffEmail, 'signs in with Supabase Auth', new Date());
}, firstStartMs + 30_000);

afterAll(async () => {
  await running?.stop();
  await smtp?.stop();
  await db?.destroy();
  await project?.drop();
});

/** An access token as Supabase Auth issues one to a signed-in user; `claims` changes what it says. */
const accessTokenFor = (email: string, secret = jwtSecret, claims: Record<string, unknown> = {}) =>
  sign({ sub: crypto.randomUUID(), aud: 'authenticated', role: 'authenticated', email, iss: `${projectUrl}/auth/v1`, exp: Math.floor(Date.now() / 1000) + 3600, ...claims }, secret, 'HS256');

/** The site's clients, with the function's address as Supabase serves it: <project>/functions/v1/api. */
const clientOptions = (token: string | null = null) => ({ baseUrl: `${fn().url}/api`, accessToken: () => Promise.resolve(token) });

test('a visitor’s request is stored by the function, and its emails go from inside the request', async () => {
  const stored = await new RestQuoteRepository(clientOptions()).insert(sampleQuote({ name: 'Priya Visitor' }));
  expect(stored.name).toBe('Priya Visitor');
  expect(stored.customerToken).toMatch(/^[\w-]{43}$/);
  const emails = await mail().waitFor(2, 20_000);
  expect(emails.map((email) => email.envelope.to)).toEqual(expect.arrayContaining([[office], ['priya.raman@example.co.uk']]));
  // Made by our migrations at the function's start, in the project's public schema.
  expect(await database().selectFrom('quote_requests').select('name').execute()).toEqual([{ name: 'Priya Visitor' }]);
});

test('staff signed in with Supabase Auth list the inbox; a token of someone else, or forged, gets nothing', async () => {
  const stored = await new RestQuoteRepository(clientOptions()).insert(sampleQuote({ name: 'Tom Inbox', email: null }));
  const inbox = new RestQuoteInbox(clientOptions(await accessTokenFor(staffEmail)));
  const page = await inbox.findPage({ query: defaultInboxQuery, after: null, limit: 50, now: new Date() });
  expect(page.quotes.map((quote) => quote.id)).toContain(stored.id);

  const session = async (token: string): Promise<unknown> =>
    (await fetch(`${fn().url}/api/api/session`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(await session(await accessTokenFor('Sam@SE1Plumbing.example'))).toEqual({ staff: { email: staffEmail } });
  expect(await session(await accessTokenFor('visitor@example.co.uk'))).toEqual({ staff: null });
  expect(await session(await accessTokenFor(staffEmail, 'another-secret-of-at-least-32-characters!'))).toEqual({ staff: null });
  // Signed with the project's own secret, yet good for ever, or issued by another project's Auth.
  expect(await session(await accessTokenFor(staffEmail, jwtSecret, { exp: undefined }))).toEqual({ staff: null });
  expect(await session(await accessTokenFor(staffEmail, jwtSecret, { iss: 'https://another-ref.supabase.co/auth/v1' }))).toEqual({ staff: null });
  const forEver = await fetch(`${fn().url}/api/api/quote-requests`, { headers: { authorization: `Bearer ${await accessTokenFor(staffEmail, jwtSecret, { exp: undefined })}` } });
  expect(forEver.status).toBe(401);
  const listed = await fetch(`${fn().url}/api/api/quote-requests`, { headers: { authorization: `Bearer ${await accessTokenFor('visitor@example.co.uk')}` } });
  expect(listed.status).toBe(401);
});

test('the tick, with its secret, sends what waited; without it nothing runs', async () => {
  // The emails of the requests before this one, first: each went from inside its own request.
  const before = (await mail().waitFor(3, 20_000)).length;
  await mail().stop();
  await new RestQuoteRepository(clientOptions()).insert(sampleQuote({ name: 'Ada While Down', email: null }));
  await fn().logged(/Sending the business email for request .* failed/);
  await mail().restart();
  // As if its retry time had come.
  await database().updateTable('notifications').set({ next_attempt_at: new Date(0).toISOString() }).where('sent_at', 'is', null).execute();

  const tick = (authorization?: string) =>
    fetch(`${fn().url}/api/api/tick`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization && { authorization }) }, body: '{}' });
  expect((await tick()).status).toBe(401);
  expect((await tick('Bearer not-the-secret')).status).toBe(401);
  expect(mail().messages.length).toBe(before);
  expect((await tick(`Bearer ${tickSecret}`)).status).toBe(204);
  const emails = await mail().waitFor(before + 1, 10_000);
  expect(emails.slice(before).map((email) => email.subject)).toEqual([expect.stringContaining('Ada While Down')]);
});

test('the function serves the API’s document: its own routes, staff known by a bearer token', async () => {
  const answer = await fetch(`${fn().url}/api/api/openapi.json`);
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } };
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/tick', '/api/quote-requests', '/api/session', '/api/openapi.json']));
  expect(Object.keys(document.paths)).not.toContain('/healthz');
  expect(document.components.securitySchemes.staff).toMatchObject({ type: 'http', scheme: 'bearer' });
});

test('a photo sent with a request is kept upright and stripped of its metadata by the function', async () => {
  const form = new FormData();
  for (const [name, value] of Object.entries(toNamedFields(sampleQuote({ name: 'Photo Sender', email: null })))) {
    if (value === true) form.append(name, 'on');
    else if (typeof value === 'string') form.append(name, value);
  }
  form.append(photoFieldName, new Blob([Buffer.from(await sidewaysPhoneJpeg(400, 300))], { type: 'image/jpeg' }), 'kitchen.jpg');
  const sent = await fetch(`${fn().url}/api/api/quote-requests`, { method: 'POST', headers: { accept: 'application/json', origin: siteUrl }, body: form });
  expect(sent.status).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const photo = await database().selectFrom('quote_photos').select('id').where('quote_id', '=', id).executeTakeFirstOrThrow();
  const kept = await fetch(`${fn().url}/api${photoPath(id, photo.id, 'full')}`, { headers: { authorization: `Bearer ${await accessTokenFor(staffEmail)}` } });
  expect(kept.status).toBe(200);
  const metadata = await sharp(Buffer.from(await kept.arrayBuffer())).metadata();
  expect({ width: metadata.width, height: metadata.height, exif: metadata.exif, orientation: metadata.orientation }).toEqual({
    width: 300,
    height: 400,
    exif: undefined,
    orientation: undefined,
  });
});

test('the site’s origin may call the function from the browser; it is the only one named', async () => {
  const preflight = (origin: string) =>
    fetch(`${fn().url}/api/api/quote-requests`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
  const fromSite = await preflight(siteUrl);
  expect(fromSite.headers.get('access-control-allow-origin')).toBe(siteUrl);
  expect(fromSite.headers.get('access-control-allow-headers')).toContain('authorization');
  expect((await preflight('https://elsewhere.example')).headers.get('access-control-allow-origin')).not.toBe('https://elsewhere.example');
});

test('the function type-checks under Deno, with the versions its deno.lock holds', async () => {
  await expect(checkFunction()).resolves.toBeTypeOf('string');
}, firstStartMs);

test('the static page asks the function for the form’s token, so the spam rules weigh how long its visitor took', async () => {
  const answer = await fetch(`${fn().url}/api/api/form-token`);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const { token } = (await answer.json()) as { token: string };
  const repository = new RestQuoteRepository(clientOptions());
  // Sent the moment the token was had: too fast for a person, as on our server.
  const rushed = await repository.insert(sampleQuote({ name: 'Rushed Bot', email: null }), [], { honeypotFilled: false, formToken: token });
  // A person's pace: the same token, sent a few seconds on, passes.
  const { token: later } = (await (await fetch(`${fn().url}/api/api/form-token`)).json()) as { token: string };
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const person = await repository.insert(sampleQuote({ name: 'Patient Person', email: null }), [], { honeypotFilled: false, formToken: later });
  const rows = await database().selectFrom('quote_requests').select(['id', 'in_spam', 'spam_reasons']).where('id', 'in', [rushed.id, person.id]).execute();
  const row = (id: string) => rows.find((found) => found.id === id);
  expect(row(rushed.id)?.in_spam).toBe(true);
  expect(JSON.stringify(row(rushed.id)?.spam_reasons)).toContain('too-fast');
  expect(row(person.id)?.in_spam).toBe(false);
});
