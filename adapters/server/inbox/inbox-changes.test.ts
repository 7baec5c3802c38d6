import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { WireInboxQuoteSchema, WireNoteSchema } from '../../http-api/inbox-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { databases, inboxPage, storeQuote, withClockedServer, signInCookie, testStaff, type TestServer } from '../test-server.test-support';
import { saveStaffAccount } from '../staff/staff-accounts';
import { SqlStaffStore } from '../../sql/sql-staff-store';

const post = (server: TestServer, path: string, body: unknown, cookie = server.staffCookie) =>
  fetch(`${server.url}/api/quote-requests/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function errorOf(response: Response) {
  return { status: response.status, body: v.parse(WireErrorSchema, await response.json()) };
}

const second = { email: 'second@example.co.uk', password: 'another long staff password' };

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`inbox changes on ${kind}`, () => {
    test('a status change is stamped with the session’s staff and the server’s time, whatever the body says', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        clock.time += 25 * 60_000;

        const response = await post(server, `${id}/status`, { from: 'new', to: 'contacted', by: 'mallory@example.com', at: '2000-01-01T00:00:00Z' });

        expect(response.status).toBe(200);
        const change = { from: 'new', to: 'contacted', by: testStaff.email, at: '2026-11-20T09:25:00.000Z' };
        expect(v.parse(WireInboxQuoteSchema, await response.json())).toMatchObject({
          id,
          status: 'contacted',
          responded_at: '2026-11-20T09:25:00.000Z',
          history: [change],
        });
        const [listed] = (await inboxPage(server)).quotes;
        expect(listed).toMatchObject({ id, status: 'contacted', responded_at: '2026-11-20T09:25:00.000Z', history: [change] });
        expect((await inboxPage(server, { view: 'new' })).total).toBe(0);
        expect((await inboxPage(server, { view: 'contacted' })).total).toBe(1);
      });
    });

    test('"Called, no answer" is stamped with the session’s staff and the server’s time, whatever the body says, and the request stays waiting', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server, { urgent: true });
        clock.time += 12 * 60_000;

        const response = await post(server, `${id}/call-attempts`, { by: 'mallory@example.com', at: '2000-01-01T00:00:00Z' });

        expect(response.status).toBe(201);
        const call = { by: testStaff.email, at: '2026-11-20T09:12:00.000Z' };
        expect(v.parse(WireInboxQuoteSchema, await response.json())).toMatchObject({ id, status: 'new', responded_at: null, history: [], call_attempts: [call] });
        expect((await inboxPage(server, { view: 'new' })).quotes).toMatchObject([{ id, call_attempts: [call] }]);
        // Rung 12 minutes in, within the 30 minute promise; its next try is due at 09:42.
        clock.time += 20 * 60_000;
        const summary = await fetch(`${server.url}/api/quote-requests/summary`, { headers: { cookie: server.staffCookie } });
        expect(await summary.json()).toMatchObject({ waiting: 1, overdue: 0, periods: [{ days: 7, answered: 1, median_minutes: 12, within_promise_share: 1 }, { days: 30 }] });
      });
    });

    test('"Called, no answer" is refused for a request no longer waiting (409) or not there (404), and nothing is stored', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        await post(server, `${id}/status`, { from: 'new', to: 'contacted' });

        expect(await errorOf(await post(server, `${id}/call-attempts`, ''))).toEqual({
          status: 409,
          body: { error: 'conflict', message: 'This request is not waiting for a call back' },
        });
        expect((await errorOf(await post(server, '00000000-0000-4000-8000-000000000000/call-attempts', ''))).status).toBe(404);
        expect((await inboxPage(server)).quotes).toMatchObject([{ id, call_attempts: [] }]);
      });
    });

    test('later moves keep the first response time and add to the history, each by whoever made it', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        const staffStore = new SqlStaffStore(server.db);
        await saveStaffAccount(staffStore, second.email, second.password);
        const secondCookie = await signInCookie(server.url, second);
        clock.time += 60_000;
        await post(server, `${id}/status`, { from: 'new', to: 'contacted' });
        clock.time += 60_000;
        const quoted = await post(server, `${id}/status`, { from: 'contacted', to: 'quoted' }, secondCookie);

        expect(v.parse(WireInboxQuoteSchema, await quoted.json())).toMatchObject({
          status: 'quoted',
          responded_at: '2026-11-20T09:01:00.000Z',
          history: [
            { from: 'new', to: 'contacted', by: testStaff.email, at: '2026-11-20T09:01:00.000Z' },
            { from: 'contacted', to: 'quoted', by: second.email, at: '2026-11-20T09:02:00.000Z' },
          ],
        });
      });
    });

    test('a request someone else moved first is a 409 with where it is now, and stays there', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        expect((await post(server, `${id}/status`, { from: 'new', to: 'contacted' })).status).toBe(200);

        expect(await errorOf(await post(server, `${id}/status`, { from: 'new', to: 'contacted' }))).toMatchObject({
          status: 409,
          body: { error: 'conflict', current: 'contacted' },
        });
        expect((await inboxPage(server)).quotes[0]?.history).toHaveLength(1);
      });
    });

    test('a move the rules forbid is a 422 naming it; a bad body a 400 naming the field; no such request a 404', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);

        const back = await errorOf(await post(server, `${id}/status`, { from: 'contacted', to: 'new' }));
        expect(back).toMatchObject({ status: 422, body: { error: 'not-allowed', fields: [{ field: 'to' }] } });
        expect(back.body.message).toMatch(/contacted to new/);
        expect(await errorOf(await post(server, `${id}/status`, { from: 'new', to: 'won' }))).toMatchObject({ status: 422 });

        const missing = await errorOf(await post(server, `${id}/status`, { from: 'new' }));
        expect(missing).toMatchObject({ status: 400, body: { error: 'invalid-fields', fields: [{ field: 'to', message: 'Choose a status from the list' }] } });
        const both = await errorOf(await post(server, `${id}/status`, { from: 'pending', to: 7 }));
        expect(both.body.fields?.map(({ field }) => field)).toEqual(['from', 'to']);
        expect(await errorOf(await post(server, `${id}/status`, '{'))).toMatchObject({ status: 400, body: { error: 'invalid-json' } });
        expect(await errorOf(await post(server, `${id}/status`, '["new"]'))).toMatchObject({ status: 400, body: { error: 'invalid-fields' } });

        expect(await errorOf(await post(server, 'no-such-id/status', { from: 'new', to: 'contacted' }))).toMatchObject({
          status: 404,
          body: { error: 'not-found' },
        });
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'new', history: [], responded_at: null });
      });
    });

    test("a job's value goes with a move to won and a reason with one to lost; a wrong one is a 400 naming its field, and nothing moves", async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        expect((await post(server, `${id}/status`, { from: 'new', to: 'contacted' })).status).toBe(200);

        for (const [body, field] of [
          [{ from: 'contacted', to: 'won', won_pence: -1 }, 'won_pence'],
          [{ from: 'contacted', to: 'won', won_pence: 12.5 }, 'won_pence'],
          [{ from: 'contacted', to: 'won', won_pence: '450' }, 'won_pence'],
          [{ from: 'contacted', to: 'won', won_pence: 100_000_001 }, 'won_pence'],
          [{ from: 'contacted', to: 'lost', lost_reason: 'too-dear' }, 'lost_reason'],
          [{ from: 'contacted', to: 'quoted', won_pence: 45_000 }, 'won_pence'],
          [{ from: 'contacted', to: 'won', lost_reason: 'price' }, 'lost_reason'],
        ] as const) {
          const refused = await errorOf(await post(server, `${id}/status`, body));
          expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'invalid-fields', fields: [{ field }] } });
        }
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'contacted' });

        const won = await post(server, `${id}/status`, { from: 'contacted', to: 'won', won_pence: 125_050, lost_reason: null });
        expect(won.status).toBe(200);
        expect(v.parse(WireInboxQuoteSchema, await won.json()).history.at(-1)).toMatchObject({ to: 'won', won_pence: 125_050 });
        expect((await post(server, `${id}/status`, { from: 'won', to: 'lost', lost_reason: 'went-elsewhere' })).status).toBe(200);
        const history = (await inboxPage(server)).quotes[0]?.history;
        expect(history?.map(({ to, won_pence, lost_reason }) => [to, won_pence, lost_reason])).toEqual([
          ['contacted', undefined, undefined],
          ['won', 125_050, undefined],
          ['lost', undefined, 'went-elsewhere'],
        ]);
      });
    });

    test('a note is stored trimmed, by the session’s staff at the server’s time, newest first', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        clock.time += 5 * 60_000;
        const first = await post(server, `${id}/notes`, { text: '  No answer; try after six  ', by: 'mallory@example.com' });
        expect(first.status).toBe(201);
        const note = v.parse(WireNoteSchema, await first.json());
        expect(note).toMatchObject({ text: 'No answer; try after six', by: testStaff.email, at: '2026-11-20T09:05:00.000Z' });
        clock.time += 60_000;
        const later = v.parse(WireNoteSchema, await (await post(server, `${id}/notes`, { text: 'Spoke to her\nCalling back Tuesday' })).json());

        expect((await inboxPage(server)).quotes[0]?.notes).toEqual([later, note]);
      });
    });

    test('an empty, over-long or missing note is a 400 naming text with the domain’s message; no such request a 404', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);

        expect(await errorOf(await post(server, `${id}/notes`, { text: '   ' }))).toMatchObject({
          status: 400,
          body: { error: 'invalid-fields', fields: [{ field: 'text', message: 'Write the note before adding it' }] },
        });
        const long = await errorOf(await post(server, `${id}/notes`, { text: 'x'.repeat(2001) }));
        expect(long.body.fields).toEqual([{ field: 'text', message: 'Note must be 2,000 characters or fewer' }]);
        expect((await errorOf(await post(server, `${id}/notes`, {}))).body.fields).toEqual([{ field: 'text', message: 'Note must be text' }]);
        expect(await errorOf(await post(server, 'no-such-id/notes', { text: 'Lost' }))).toMatchObject({ status: 404, body: { error: 'not-found' } });
        expect((await inboxPage(server)).quotes[0]?.notes).toEqual([]);
      });
    });

    test('resending the email of a request that is not there is a 404', async () => {
      await withClockedServer(kind, async (server) => {
        expect(await errorOf(await post(server, 'no-such-id/resend-email', {}))).toMatchObject({ status: 404, body: { error: 'not-found' } });
      });
    });
  });
}
