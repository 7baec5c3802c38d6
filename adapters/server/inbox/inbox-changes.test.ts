import { describe, expect, test } from 'vitest';
import { refusalBody } from '../../http-api/inbox-wire';
import { databases, inboxPage, storeQuote, withClockedServer, signInCookie, testStaff } from '../test-server.test-support';
import { saveStaffAccount } from '../staff/staff-accounts';
import { SqlStaffStore } from '../../sql/sql-staff-store';
import { entriesOf, errorOf, post, postStep, recordedOf } from './activity-requests.test-support';

const anyId = expect.any(String) as unknown;
const move = (from: string, to: string, outcome: object = {}) => ({ kind: 'status-moved', from, to, ...outcome });

const second = { email: 'second@example.co.uk', password: 'another long staff password' };

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`inbox changes on ${kind}`, () => {
    test('a status change is stamped with the session’s staff and the server’s time, whatever the body says', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        clock.time += 25 * 60_000;

        const { quote, entry } = await recordedOf(await postStep(server, id, { ...move('new', 'contacted'), by: 'mallory@example.com', at: '2000-01-01T00:00:00Z' }));

        const stamp = { by: testStaff.email, at: '2026-11-20T09:25:00.000Z' };
        const change = { kind: 'status-moved', id: anyId, from: 'new', to: 'contacted', ...stamp };
        expect(entry).toEqual(change);
        // The first move out of waiting takes it on, by the same person at the same time.
        const log = [{ kind: 'taken', id: anyId, ...stamp }, change];
        expect(quote).toMatchObject({ id, status: 'contacted', responded_at: '2026-11-20T09:25:00.000Z', activity: log });
        const [listed] = (await inboxPage(server)).quotes;
        expect(listed).toMatchObject({ id, status: 'contacted', responded_at: '2026-11-20T09:25:00.000Z', activity: log });
        expect((await inboxPage(server, { view: 'new' })).total).toBe(0);
        expect((await inboxPage(server, { view: 'contacted' })).total).toBe(1);
      });
    });

    test('"Called, no answer" is stamped with the session’s staff and the server’s time, whatever the body says, and the request stays waiting', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server, { urgent: true });
        clock.time += 12 * 60_000;

        const { quote, entry } = await recordedOf(await postStep(server, id, { kind: 'call-attempted', by: 'mallory@example.com', at: '2000-01-01T00:00:00Z' }));

        const call = { kind: 'call-attempted', id: anyId, by: testStaff.email, at: '2026-11-20T09:12:00.000Z' };
        expect(entry).toEqual(call);
        expect(quote).toMatchObject({ id, status: 'new', responded_at: null, activity: [call] });
        expect((await inboxPage(server, { view: 'new' })).quotes).toMatchObject([{ id, activity: [call] }]);
        // Rung 12 minutes in, within the 30 minute promise; its next try is due at 09:42.
        clock.time += 20 * 60_000;
        const summary = await fetch(`${server.url}/api/quote-requests/summary`, { headers: { cookie: server.staffCookie } });
        expect(await summary.json()).toMatchObject({ waiting: 1, overdue: 0, periods: [{ days: 7, answered: 1, median_minutes: 12, within_promise_share: 1 }, { days: 30 }] });
      });
    });

    test('"Called, no answer" is refused for a request no longer waiting (409) or not there (404), and nothing is stored', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        await postStep(server, id, move('new', 'contacted'));

        expect(await errorOf(await postStep(server, id, { kind: 'call-attempted' }))).toEqual({
          status: 409,
          body: refusalBody({ reason: 'not-waiting', current: 'contacted' }),
        });
        expect((await errorOf(await postStep(server, '00000000-0000-4000-8000-000000000000', { kind: 'call-attempted' }))).status).toBe(404);
        expect(entriesOf((await inboxPage(server)).quotes[0], 'call-attempted')).toEqual([]);
      });
    });

    test('later moves keep the first response time and add to the history, each by whoever made it', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        const staffStore = new SqlStaffStore(server.db);
        await saveStaffAccount(staffStore, second.email, second.password);
        const secondCookie = await signInCookie(server.url, second);
        clock.time += 60_000;
        await postStep(server, id, move('new', 'contacted'));
        clock.time += 60_000;
        const { quote } = await recordedOf(await postStep(server, id, move('contacted', 'quoted'), secondCookie));

        expect(quote).toMatchObject({ status: 'quoted', responded_at: '2026-11-20T09:01:00.000Z' });
        expect(entriesOf(quote, 'status-moved')).toEqual([
          { kind: 'status-moved', id: anyId, from: 'new', to: 'contacted', by: testStaff.email, at: '2026-11-20T09:01:00.000Z' },
          { kind: 'status-moved', id: anyId, from: 'contacted', to: 'quoted', by: second.email, at: '2026-11-20T09:02:00.000Z' },
        ]);
        // Taken by the first to move it; a later move by someone else takes nothing.
        expect(entriesOf(quote, 'taken')).toEqual([{ kind: 'taken', id: anyId, by: testStaff.email, at: '2026-11-20T09:01:00.000Z' }]);
      });
    });

    test('a request someone else moved first is a 409 with where it is now, and stays there', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        await recordedOf(await postStep(server, id, move('new', 'contacted')));

        expect(await errorOf(await postStep(server, id, move('new', 'contacted')))).toEqual({
          status: 409,
          body: refusalBody({ reason: 'moved', current: 'contacted' }),
        });
        expect(entriesOf((await inboxPage(server)).quotes[0], 'status-moved')).toHaveLength(1);
      });
    });

    test('a move the rules forbid is a 422 naming it; a bad body a 400 naming the field; no such request a 404', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);

        const back = await errorOf(await postStep(server, id, move('contacted', 'new')));
        expect(back).toMatchObject({ status: 422, body: { error: 'not-allowed', fields: [{ field: 'to' }] } });
        expect(back.body.message).toMatch(/contacted to new/);
        expect(await errorOf(await postStep(server, id, move('new', 'won')))).toMatchObject({ status: 422 });

        const missing = await errorOf(await postStep(server, id, { kind: 'status-moved', from: 'new' }));
        expect(missing).toMatchObject({ status: 400, body: { error: 'invalid-fields', fields: [{ field: 'to' }] } });
        const both = await errorOf(await postStep(server, id, { kind: 'status-moved', from: 'pending', to: 7 }));
        expect(both.body.fields?.map(({ field }) => field)).toEqual(['from', 'to']);
        expect(await errorOf(await postStep(server, id, '{'))).toMatchObject({ status: 400, body: { error: 'invalid-json' } });
        expect(await errorOf(await postStep(server, id, '["new"]'))).toMatchObject({ status: 400, body: { error: 'invalid-fields' } });

        expect(await errorOf(await postStep(server, 'no-such-id', move('new', 'contacted')))).toMatchObject({
          status: 404,
          body: { error: 'not-found' },
        });
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'new', activity: [], responded_at: null });
      });
    });

    test("a job's value goes with a move to won and a reason with one to lost; a wrong one is a 400 naming its field, and nothing moves", async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        await recordedOf(await postStep(server, id, move('new', 'contacted')));

        for (const [outcome, to, field] of [
          [{ wonPence: -1 }, 'won', 'wonPence'],
          [{ wonPence: 12.5 }, 'won', 'wonPence'],
          [{ wonPence: '450' }, 'won', 'wonPence'],
          [{ wonPence: 100_000_001 }, 'won', 'wonPence'],
          [{ lostReason: 'too-dear' }, 'lost', 'lostReason'],
          [{ wonPence: 45_000 }, 'quoted', 'wonPence'],
          [{ lostReason: 'price' }, 'won', 'lostReason'],
        ] as const) {
          const refused = await errorOf(await postStep(server, id, move('contacted', to, outcome)));
          expect(refused, JSON.stringify(outcome)).toMatchObject({ status: 400, body: { error: 'invalid-fields', fields: [{ field }] } });
        }
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'contacted' });

        const won = await recordedOf(await postStep(server, id, move('contacted', 'won', { wonPence: 125_050 })));
        expect(won.entry).toMatchObject({ to: 'won', wonPence: 125_050 });
        await recordedOf(await postStep(server, id, move('won', 'lost', { lostReason: 'went-elsewhere' })));
        const history = entriesOf((await inboxPage(server)).quotes[0], 'status-moved');
        expect(history.map(({ to, wonPence, lostReason }) => [to, wonPence, lostReason])).toEqual([
          ['contacted', undefined, undefined],
          ['won', 125_050, undefined],
          ['lost', undefined, 'went-elsewhere'],
        ]);
      });
    });

    test('a note is stored trimmed, by the session’s staff at the server’s time, in the order written', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        clock.time += 5 * 60_000;
        const note = (await recordedOf(await postStep(server, id, { kind: 'note', text: '  No answer; try after six  ', by: 'mallory@example.com' }))).entry;
        expect(note).toEqual({ kind: 'note', id: anyId, text: 'No answer; try after six', by: testStaff.email, at: '2026-11-20T09:05:00.000Z' });
        clock.time += 60_000;
        const later = (await recordedOf(await postStep(server, id, { kind: 'note', text: 'Spoke to her\nCalling back Tuesday' }))).entry;

        // The log keeps them oldest first; the card folds them newest first.
        expect(entriesOf((await inboxPage(server)).quotes[0], 'note')).toEqual([note, later]);
      });
    });

    test('an empty, over-long or missing note is a 400 naming text with the domain’s message; no such request a 404', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);

        expect(await errorOf(await postStep(server, id, { kind: 'note', text: '   ' }))).toMatchObject({
          status: 400,
          body: { error: 'invalid-fields', fields: [{ field: 'text', message: 'Write the note before adding it' }] },
        });
        const long = await errorOf(await postStep(server, id, { kind: 'note', text: 'x'.repeat(2001) }));
        expect(long.body.fields).toEqual([{ field: 'text', message: 'Note must be 2,000 characters or fewer' }]);
        expect((await errorOf(await postStep(server, id, { kind: 'note', text: 7 }))).body.fields).toEqual([{ field: 'text', message: 'Note must be text' }]);
        expect((await errorOf(await postStep(server, id, { kind: 'note' }))).body.fields).toMatchObject([{ field: 'text' }]);
        expect(await errorOf(await postStep(server, 'no-such-id', { kind: 'note', text: 'Lost' }))).toMatchObject({ status: 404, body: { error: 'not-found' } });
        expect((await inboxPage(server)).quotes[0]?.activity).toEqual([]);
      });
    });

    test('resending the email of a request that is not there is a 404', async () => {
      await withClockedServer(kind, async (server) => {
        expect(await errorOf(await post(server, 'no-such-id/resend-email', {}))).toMatchObject({ status: 404, body: { error: 'not-found' } });
      });
    });
  });
}
