import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../email/test-smtp-server.test-support';
import { firstStartMs, from, office, type RunningFunction, startFunction } from './edge-function.test-support';
import { projectClaims } from './postgrest-on-scratch-database.test-support';
import { startPostgrestServer } from './postgrest-http-server.test-support';
import { type Claims, type SupabaseScratchDatabase, supabaseScratchDatabase } from './supabase-scratch-database.test-support';

/**
 * The send-quote-notification function under Deno, as Supabase runs it, with the project's database:
 * a PostgREST on loopback running our migrations on PostgreSQL (the same fake the adapter's tests
 * use), and a real SMTP server. It records how each email went, and lets staff resend one.
 */
const anonKey = 'edge-test-anon-key';
const serviceKey = 'edge-test-service-key';
const staffToken = 'staff-token';
const strangerToken = 'stranger-token';

interface Running {
  smtp: TestSmtpServer;
  edge: RunningFunction;
  database: SupabaseScratchDatabase;
  postgrestUrl: string;
  stop: () => Promise<void>;
}

let running: Running | undefined;

beforeAll(async () => {
  const database = await supabaseScratchDatabase();
  const users: Record<string, Claims> = {};
  for (const [token, staff] of [
    [staffToken, true],
    [strangerToken, false],
  ] as const) {
    const id = randomUUID();
    await database.owner.query('insert into auth.users (id) values ($1)', [id]);
    if (staff) await database.owner.query('insert into public.staff (user_id) values ($1)', [id]);
    users[token] = { role: 'authenticated', sub: id, email: `${token}@se1plumbing.example` };
  }
  const claimsOf = projectClaims({ anonKey, serviceKey, users });
  const postgrest = await startPostgrestServer(database, claimsOf);
  const smtp = await startTestSmtpServer();
  const edge = await startFunction({
    SMTP_URL: smtp.url,
    NOTIFY_TO: office,
    MAIL_FROM: from,
    SUPABASE_URL: postgrest.url,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceKey,
  });
  running = {
    smtp,
    edge,
    database,
    postgrestUrl: postgrest.url,
    stop: async () => {
      await edge.stop();
      await smtp.stop();
      await postgrest.stop();
      await database.drop();
    },
  };
}, firstStartMs + 10_000);

afterAll(async () => {
  await running?.stop();
});

function started(): Running {
  if (running === undefined) throw new Error('beforeAll did not start the function');
  return running;
}

const post = (body: unknown, token?: string) =>
  fetch(started().edge.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

/** A request as a visitor's browser stored it, its email not sent (yet, or after a failure). */
async function stored(name: string, { error = null }: { error?: string | null } = {}): Promise<string> {
  const { rows } = await started().database.owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, postcode, service_type, urgent, business_email_error)
     values ($1, '020 7946 0999', 'N1 9GU', 'heating', true, $2) returning id`,
    [name, error],
  );
  return rows[0]?.id ?? '';
}

async function delivery(id: string) {
  const { rows } = await started().database.owner.query<{ sent: boolean; error: string | null }>(
    'select business_email_sent_at is not null as sent, business_email_error as error from public.quote_requests where id = $1',
    [id],
  );
  return rows[0];
}

const emailsAbout = (name: string) => started().smtp.messages.filter((email) => email.text.includes(`Name: ${name}`));

async function waitForEmailAbout(name: string) {
  for (let count = 1; ; count++) {
    const found = (await started().smtp.waitFor(count, 5_000)).find((email) => email.text.includes(`Name: ${name}`));
    if (found !== undefined) return found;
  }
}

test('a stored request is emailed as the database has it, once, and recorded as sent', async () => {
  const id = await stored('Ada Stored');
  // The body says otherwise: the stored row is what the business reads.
  const response = await post({ id, name: 'Mallory Forged', phone: '020 7946 0000', postcode: 'SE1 7PB', service_type: 'other', urgent: false });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ sent: true });
  const email = await waitForEmailAbout('Ada Stored');
  expect(email.subject).toBe('URGENT: Heating Services request from Ada Stored');
  expect(/^Reference: (.*)$/m.exec(email.text)?.[1]).toBe(id);
  expect(email.text).toContain('Postcode: N1 9GU (Outside our usual area)');
  expect(await delivery(id)).toEqual({ sent: true, error: null });

  // Called again with the same id: already sent, nothing more goes out.
  expect((await post({ id, name: 'Ada Stored', phone: '020 7946 0999', service_type: 'heating', urgent: true })).status).toBe(200);
  expect(emailsAbout('Ada Stored')).toHaveLength(1);
  expect(emailsAbout('Mallory Forged')).toEqual([]);
});

test('a request sent with photos is emailed saying how many, with a link to it', async () => {
  const id = await stored('Pat Photos');
  for (const position of [0, 1]) {
    await started().database.owner.query(
      `insert into public.quote_photos (id, quote_id, position, width, height, thumbnail_width, thumbnail_height)
       values ($1, $2, $3, 2048, 1536, 320, 240)`,
      [randomUUID(), id, position],
    );
  }
  expect((await post({ id, name: 'Pat Photos', phone: '020 7946 0999', service_type: 'heating', urgent: true })).status).toBe(200);
  const email = await waitForEmailAbout('Pat Photos');
  expect(email.text).toContain(`2 photos: https://www.se1plumbing.example/quotes?id=${id}`);
});

test('an id with no stored request is 404, and nothing is emailed', async () => {
  const response = await post({ id: randomUUID(), name: 'Nobody Stored', phone: '020 7946 0000', service_type: 'other' });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ error: 'not-found' });
  expect(emailsAbout('Nobody Stored')).toEqual([]);
});

test('staff resend a failed email with their token: queued and recorded, then already-sent; an unknown id is not-found', async () => {
  const id = await stored('Bea Failed', { error: 'SMTP send failed: connection refused' });

  const resent = await post({ resend: id }, staffToken);
  expect(resent.status).toBe(200);
  expect(await resent.json()).toEqual({ outcome: 'queued' });
  await waitForEmailAbout('Bea Failed');
  expect(await delivery(id)).toEqual({ sent: true, error: null });

  expect(await (await post({ resend: id }, staffToken)).json()).toEqual({ outcome: 'already-sent' });
  expect(await (await post({ resend: randomUUID() }, staffToken)).json()).toEqual({ outcome: 'not-found' });
  expect(emailsAbout('Bea Failed')).toHaveLength(1);
});

test('only staff may resend: 403 for another user, 401 for the anonymous key or no token, 400 for a bad id', async () => {
  const id = await stored('Cy Waiting', { error: 'SMTP send failed' });
  const refused = [
    { token: strangerToken, status: 403, error: 'not-staff' },
    { token: anonKey, status: 401, error: 'not-signed-in' },
    { token: undefined, status: 401, error: 'not-signed-in' },
    { token: 'forged-token', status: 401, error: 'not-signed-in' },
  ];
  for (const { token, status, error } of refused) {
    const response = await post({ resend: id }, token);
    const body: unknown = await response.json();
    expect({ token, status: response.status, body }).toMatchObject({ token, status, body: { error } });
  }
  expect((await post({ resend: 'not-an-id' }, staffToken)).status).toBe(400);
  expect(emailsAbout('Cy Waiting')).toEqual([]);
  expect(await delivery(id)).toEqual({ sent: false, error: 'SMTP send failed' });
});

test('when the mail server is down the failure is recorded on the request, and a later resend sends it', async () => {
  const down = await startTestSmtpServer();
  await down.stop();
  const { database, postgrestUrl } = started();
  const id = await stored('Dee Down');
  const failing = await startFunction({
    SMTP_URL: down.url,
    NOTIFY_TO: office,
    MAIL_FROM: from,
    SUPABASE_URL: postgrestUrl,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceKey,
  });
  try {
    const response = await fetch(failing.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, name: 'Dee Down', phone: '020 7946 0999', service_type: 'heating', urgent: true }),
    });
    expect(response.status).toBe(502);
    const { rows } = await database.owner.query<{ error: string | null; sent: boolean }>(
      'select business_email_error as error, business_email_sent_at is not null as sent from public.quote_requests where id = $1',
      [id],
    );
    expect(rows[0]?.sent).toBe(false);
    expect(rows[0]?.error).toEqual(expect.any(String) as unknown);
    expect(rows[0]?.error).not.toMatch(/Dee|7946/);
  } finally {
    await failing.stop();
  }
  expect(await (await post({ resend: id }, staffToken)).json()).toEqual({ outcome: 'queued' });
  expect(await delivery(id)).toEqual({ sent: true, error: null });
}, firstStartMs);

test('a request in the Spam folder is emailed to nobody, its sender answered as anyone; after "Not spam" it is emailed', async () => {
  const { rows } = await started().database.owner.query<{ id: string }>(
    `insert into public.quote_requests (name, phone, service_type, email, honeypot_filled)
     values ('Eve Spam', '020 7946 0999', 'heating', 'eve@mailinator.com', true) returning id`,
  );
  const id = rows[0]?.id ?? '';
  const body = { id, name: 'Eve Spam', phone: '020 7946 0999', service_type: 'heating', urgent: false };
  const response = await post(body);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ sent: true });
  // Staff resending it hear there is no such email until they say it is not spam.
  expect(await (await post({ resend: id }, staffToken)).json()).toEqual({ outcome: 'not-found' });
  expect(await delivery(id)).toEqual({ sent: false, error: null });

  await started().database.owner.query(`update public.quote_requests set spam_cleared_by = 'office@se1plumbing.example', spam_cleared_at = now() where id = $1`, [id]);
  expect(await (await post(body)).json()).toEqual({ sent: true });
  await waitForEmailAbout('Eve Spam');
  expect(emailsAbout('Eve Spam')).toHaveLength(1);
  expect(await delivery(id)).toEqual({ sent: true, error: null });
});
