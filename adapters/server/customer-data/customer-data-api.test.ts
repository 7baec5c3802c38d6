import { sql } from 'kysely';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { sentEmailsNotice } from '../../../domain/customer-data/customer-data';
import { parseCustomerDataDocument } from '../../../domain/customer-data/customer-data-export';
import { utf8Bom } from '../../../domain/inbox/csv';
import { startTestSmtpServer } from '../../email/test-smtp-server.test-support';
import { customerDataPath, WireErasureSchema } from '../../http-api/customer-data-wire';
import { apiPaths, WireErrorSchema } from '../../http-api/wire';
import { databases, startTestServer, storeQuote, type TestServer } from '../test-server.test-support';

const find = (server: TestServer, params: Record<string, string>, cookie = server.staffCookie) =>
  fetch(`${server.url}${customerDataPath}?${new URLSearchParams(params).toString()}`, { headers: { cookie } });

const erase = (server: TestServer, body: unknown, cookie = server.staffCookie) =>
  fetch(`${server.url}${customerDataPath}`, {
    method: 'DELETE',
    headers: { cookie, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const fieldsOf = async (response: Response) => v.parse(WireErrorSchema, await response.json()).fields;

/** How many rows of each table that refers to a request refer to one of `ids`. */
async function rowsReferring(server: TestServer, ids: readonly string[]) {
  const counts: Record<string, number> = {};
  for (const table of ['quote_requests', 'quote_activity', 'notifications', 'alert_records', 'alert_deliveries'] as const) {
    const column = table === 'quote_requests' ? 'id' : 'quote_id';
    const { rows } = await sql<{ total: number | string }>`select count(*) as total from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(server.db);
    counts[table] = Number(rows[0]?.total);
  }
  return counts;
}

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`on ${kind}, only staff may see or erase a customer's data`, async () => {
    const server = await startTestServer(kind);
    try {
      await storeQuote(server, { email: 'priya@example.co.uk' });
      expect((await find(server, { email: 'priya@example.co.uk' }, '')).status).toBe(401);
      expect((await erase(server, { email: 'priya@example.co.uk', confirm: 'priya@example.co.uk' }, '')).status).toBe(401);
      expect((await find(server, { email: 'priya@example.co.uk' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test(`on ${kind}, a bad search or erasure is refused naming the field, and erases nothing`, async () => {
    const server = await startTestServer(kind);
    try {
      const stored = await storeQuote(server, { email: 'priya@example.co.uk', phone: '07700 900123' });
      expect(await fieldsOf(await find(server, {}))).toEqual([{ field: 'email', message: 'Enter the customer’s email address or phone number' }]);
      expect(await fieldsOf(await find(server, { phone: 'call me' }))).toEqual([{ field: 'phone', message: 'Enter a phone number like 07700 900123' }]);
      expect(await fieldsOf(await find(server, { email: 'priya@example.co.uk', format: 'xml' }))).toEqual([{ field: 'format', message: 'Format must be json or csv' }]);
      const refused = await erase(server, { email: 'priya@example.co.uk', confirm: 'yes' });
      expect(refused.status).toBe(400);
      expect((await fieldsOf(refused))?.map(({ field }) => field)).toEqual(['confirm']);
      expect((await erase(server, '{')).status).toBe(400);
      expect((await erase(server, { email: 'nope', confirm: 'nope' })).status).toBe(400);
      expect(await rowsReferring(server, [stored.id])).toMatchObject({ quote_requests: 1 });
    } finally {
      await server.stop();
    }
  });

  test(`on ${kind}, staff export a customer's data as JSON and CSV, then erase it leaving no row behind`, async () => {
    const smtp = await startTestSmtpServer();
    const server = await startTestServer(kind, { mail: { smtpUrl: smtp.url, to: 'office@example.co.uk' } });
    try {
      const first = await storeQuote(server, { name: 'Priya Raman', email: 'Priya@Example.co.uk', phone: '07700 900123' });
      const second = await storeQuote(server, { name: 'Priya Raman', email: null, phone: '+44 7700 900123' });
      const other = await storeQuote(server, { name: 'Tom Okafor', email: 'tom@example.co.uk', phone: '020 7946 0111' });
      const note = await fetch(`${server.url}/api/quote-requests/${first.id}/activity`, {
        method: 'POST',
        headers: { cookie: server.staffCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'note', text: 'Wants a morning visit' }),
      });
      expect(note.status).toBe(201);
      await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(5);
      const sentEmails = async () => parseCustomerDataDocument(await (await find(server, { email: 'priya@example.co.uk', phone: '07700900123' })).json())?.emails;
      await expect.poll(async () => (await sentEmails())?.filter(({ sentAt }) => sentAt !== null).length, { timeout: 5_000 }).toBe(3);

      const json = await find(server, { email: 'priya@example.co.uk', phone: '07700900123' });
      expect(json.status).toBe(200);
      expect(json.headers.get('cache-control')).toBe('no-store');
      const document: unknown = await json.json();
      expect(document).toMatchObject({ subject: { email: 'priya@example.co.uk', phone: '07700900123' }, emails_already_sent: sentEmailsNotice });
      const data = parseCustomerDataDocument(document);
      expect(data?.requests.map(({ id }) => id).sort()).toEqual([first.id, second.id].sort());
      expect(data?.requests.find(({ id }) => id === first.id)?.notes.map(({ text }) => text)).toEqual(['Wants a morning visit']);
      expect(data?.emails.map(({ kind: emailKind, to }) => `${emailKind} ${to}`).sort()).toEqual([
        'business the business inbox',
        'business the business inbox',
        'customer Priya@Example.co.uk',
      ]);

      const csv = await find(server, { phone: '07700 900123', format: 'csv' });
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="customer-data-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.startsWith(utf8Bom)).toBe(true);
      expect(text.split('\r\n').filter((line) => line.includes('Priya Raman'))).toHaveLength(2);

      const erased = await erase(server, { email: 'priya@example.co.uk', phone: '07700900123', confirm: '+447700900123' });
      expect(erased.status).toBe(200);
      expect(v.parse(WireErasureSchema, await erased.json())).toEqual({
        erased: { requests: 2, steps: 1, emails: 3, alerts: 0 },
        message: 'Erased 2 requests, 1 history entry, 3 email records and 0 alert records.',
        emails_already_sent: sentEmailsNotice,
      });
      expect(await rowsReferring(server, [first.id, second.id])).toEqual({
        quote_requests: 0,
        quote_activity: 0,
        notifications: 0,
        alert_records: 0,
        alert_deliveries: 0,
      });
      expect(await rowsReferring(server, [other.id])).toMatchObject({ quote_requests: 1, notifications: 2 });
      const after = parseCustomerDataDocument(await (await find(server, { email: 'priya@example.co.uk' })).json());
      expect(after).toEqual({ requests: [], emails: [] });
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
}

test('every status the customer data routes answer is in the contract', async () => {
  const server = await startTestServer('sqlite');
  try {
    await storeQuote(server, { email: 'priya@example.co.uk' });
    await find(server, { email: 'priya@example.co.uk' });
    await find(server, { email: 'priya@example.co.uk', format: 'csv' });
    await find(server, {});
    await find(server, { email: 'priya@example.co.uk' }, '');
    await erase(server, { email: 'priya@example.co.uk', confirm: 'no' });
    await erase(server, { email: 'priya@example.co.uk', confirm: 'priya@example.co.uk' }, '');
    await erase(server, 'x'.repeat(20_000));
    await erase(server, { email: 'priya@example.co.uk', confirm: 'priya@example.co.uk' });
    await server.db.destroy();
    await find(server, { email: 'priya@example.co.uk' });
    await erase(server, { email: 'priya@example.co.uk', confirm: 'priya@example.co.uk' });

    const answered = server.logs.filter((entry) => entry.path === customerDataPath).map(({ method, status }) => `${method} ${status}`);
    expect(answered).toEqual(['GET 200', 'GET 200', 'GET 400', 'GET 401', 'DELETE 400', 'DELETE 401', 'DELETE 413', 'DELETE 200', 'GET 503', 'DELETE 503']);
    const contract = (await (await fetch(`${server.url}${apiPaths.openapi}`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = contract.paths[customerDataPath] ?? {};
    for (const entry of answered) {
      const [method = '', status = ''] = entry.split(' ');
      expect(Object.keys(operations[method.toLowerCase()]?.responses ?? {}), entry).toContain(status);
    }
  } finally {
    await server.stop();
  }
});
