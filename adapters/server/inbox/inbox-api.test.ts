import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { encodeCursor } from '../../../domain/inbox/inbox-query';
import { WireClockRecordsSchema, WireInboxSummarySchema } from '../../http-api/inbox-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { databases, inboxPage, storeQuote, withClockedServer, type TestServer } from '../test-server.test-support';

/** A GET as the signed-in staff member, or with another cookie, or none (null). */
const get = (server: TestServer, path: string, cookie: string | null = server.staffCookie) =>
  fetch(`${server.url}/api/quote-requests${path}`, cookie === null ? {} : { headers: { cookie } });

async function refusedFields(response: Response) {
  expect(response.status).toBe(400);
  const body = v.parse(WireErrorSchema, await response.json());
  expect(body.error).toBe('invalid-fields');
  return body.fields?.map(({ field }) => field);
}

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`the inbox API on ${kind}`, () => {
    test('without a staff session every inbox endpoint is 401 and shows nothing', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server, { name: 'Secret Customer' });
        const reads = ['', '?view=all', '/summary', '/counts', '/clock-records?since=2020-01-01T00:00:00Z'];
        for (const path of reads) {
          for (const cookie of [null, 'staff_session=forged']) {
            const response = await get(server, path, cookie);
            expect(response.status, path).toBe(401);
            expect(await response.text()).not.toContain('Secret Customer');
          }
        }
        for (const [action, body] of [
          ['activity', { kind: 'status-moved', from: 'new', to: 'contacted' }],
          ['activity', { kind: 'note', text: 'Sneaky' }],
          ['activity', { kind: 'call-attempted' }],
          ['resend-email', {}],
        ] as const) {
          const response = await fetch(`${server.url}/api/quote-requests/${id}/${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          expect(response.status, JSON.stringify(body)).toBe(401);
        }
        expect((await inboxPage(server)).quotes).toMatchObject([{ id, status: 'new', activity: [] }]);
      });
    });

    test('with no parameters it lists every request newest first, whatever its status: the first page, with next for the rest', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const names: string[] = [];
        for (let index = 0; index < 52; index += 1) {
          const { name } = await storeQuote(server, { name: `Request ${index}`, urgent: index % 5 === 0 });
          names.unshift(name);
          clock.time += 60_000;
        }
        const [newest] = (await inboxPage(server, { view: 'new', limit: '1' })).quotes;
        const moved = await fetch(`${server.url}/api/quote-requests/${newest?.id ?? ''}/activity`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: server.staffCookie },
          body: JSON.stringify({ kind: 'status-moved', from: 'new', to: 'contacted' }),
        });
        expect(moved.status).toBe(201);

        const first = await inboxPage(server, {});
        expect(first.quotes.map(({ name }) => name)).toEqual(names.slice(0, 50));
        expect(first.total).toBe(52);
        expect(first.next).not.toBeNull();
        const rest = await inboxPage(server, { after: first.next ?? '' });
        expect(rest).toMatchObject({ total: 52, next: null });
        expect(rest.quotes.map(({ name }) => name)).toEqual(names.slice(50));
      });
    });

    test('the waiting view, asked for by name: overdue urgent first, then by due time; total counts every match', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const standard = await storeQuote(server, { name: 'Standard, due at eleven' });
        clock.time += 10 * 60_000;
        const urgent = await storeQuote(server, { name: 'Urgent, due at 9:40', urgent: true });
        clock.time += 60 * 60_000;
        const later = await storeQuote(server, { name: 'Urgent, not yet due', urgent: true });

        const page = await inboxPage(server, { view: 'new' });
        expect(page.quotes.map(({ name }) => name)).toEqual([urgent.name, later.name, standard.name]);
        expect(page).toMatchObject({ total: 3, next: null });
        expect((await inboxPage(server, { view: 'all' })).quotes.map(({ id }) => id)).toEqual([later.id, urgent.id, standard.id]);
      });
    });

    test('filters narrow the page and the total; the cursor pages on without skipping or repeating', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const names: string[] = [];
        for (let index = 0; index < 7; index += 1) {
          const name = `Leak ${index}`;
          names.unshift(name);
          await storeQuote(server, { name, service_type: index % 2 === 0 ? 'emergency' : 'heating', urgent: index < 3 });
          clock.time += 60_000;
        }
        await storeQuote(server, { name: 'Boiler', description: 'Ölkessel' });

        const first = await inboxPage(server, { view: 'all', search: 'leak', limit: '3' });
        expect(first.total).toBe(7);
        expect(first.quotes.map(({ name }) => name)).toEqual(names.slice(0, 3));
        const second = await inboxPage(server, { view: 'all', search: 'leak', limit: '3', after: first.next ?? '' });
        expect(second.quotes.map(({ name }) => name)).toEqual(names.slice(3, 6));
        const third = await inboxPage(server, { view: 'all', search: 'leak', limit: '3', after: second.next ?? '' });
        expect(third).toMatchObject({ total: 7, next: null });
        expect(third.quotes.map(({ name }) => name)).toEqual(names.slice(6));

        const heating = await inboxPage(server, { view: 'all', service_type: 'heating', urgent: 'false' });
        expect(heating.quotes.map(({ name }) => name)).toEqual(['Leak 5', 'Leak 3']);
        const from = new Date(Date.parse('2026-11-20T09:02:00Z')).toISOString();
        const to = new Date(Date.parse('2026-11-20T09:04:00Z')).toISOString();
        expect((await inboxPage(server, { view: 'all', from, to })).quotes.map(({ name }) => name)).toEqual(['Leak 3', 'Leak 2']);
        expect((await inboxPage(server, { view: 'all', search: 'ÖLKESSEL' })).quotes.map(({ name }) => name)).toEqual(['Boiler']);
        expect((await inboxPage(server, { view: 'won' })).total).toBe(0);
      });
    });

    test('a parameter that is not valid is a 400 naming it, as the URL does', async () => {
      await withClockedServer(kind, async (server) => {
        expect(await refusedFields(await get(server, '?view=pending'))).toEqual(['view']);
        expect(await refusedFields(await get(server, '?urgent=yes&service_type=roofing'))).toEqual(['service_type', 'urgent']);
        expect(await refusedFields(await get(server, '?from=yesterday&to=2026-11-20'))).toEqual(['from', 'to']);
        expect(await refusedFields(await get(server, `?search=${'x'.repeat(101)}`))).toEqual(['search']);
        for (const limit of ['0', '501', '2.5', 'ten', '-1']) expect(await refusedFields(await get(server, `?limit=${limit}`))).toEqual(['limit']);
        expect(await refusedFields(await get(server, '?after=not-a-cursor'))).toEqual(['after']);
        const newest = encodeCursor({ order: 'newest', createdAt: new Date(), id: 'x' });
        expect(await refusedFields(await get(server, `?view=new&after=${encodeURIComponent(newest)}`))).toEqual(['after']);
        const body = v.parse(WireErrorSchema, await (await get(server, '?view=pending')).json());
        expect(body.fields?.[0]?.message).toBe('Choose a status from the list');
        // Empty parameters are unchosen filters, as an HTML form sends them.
        expect((await get(server, '?view=&search=&service_type=&urgent=&from=&to=&after=&limit=')).status).toBe(200);
      });
    });

    test('the summary and the clock records are read at the server’s time', async () => {
      await withClockedServer(kind, async (server, clock) => {
        await storeQuote(server, { name: 'Urgent', urgent: true });
        await storeQuote(server, { name: 'Standard' });
        clock.time += 45 * 60_000;

        const summary = v.parse(WireInboxSummarySchema, await (await get(server, '/summary')).json());
        expect(summary).toMatchObject({ waiting: 2, overdue: 1 });
        expect(summary.periods.map(({ days }) => days)).toEqual([7, 30]);
        expect(summary.periods[0]).toEqual({ days: 7, answered: 0, median_minutes: null, within_promise_share: 0 });

        const records = v.parse(WireClockRecordsSchema, await (await get(server, '/clock-records?since=2026-11-01T00:00:00Z')).json());
        expect(records.records).toHaveLength(2);
        expect(records.records.every((record) => record.responded_at === null && record.created_at === '2026-11-20T09:00:00.000Z')).toBe(true);
        expect(await refusedFields(await get(server, '/clock-records?since=last-week'))).toEqual(['since']);
      });
    });
  });
}
