import { describe, expect, test } from 'vitest';
import { honeypotFieldName } from '../../../domain/quote/quote';
import { refusalBody, type WireActivity } from '../../http-api/inbox-wire';
import { databases, inboxPage, storeQuote, testStaff, withClockedServer } from '../test-server.test-support';
import { entriesOf, errorOf, postStep, recordedOf } from './activity-requests.test-support';

// POST /api/quote-requests/{id}/activity: the one route every staff step of a request's life goes by.

const anyId = expect.any(String) as unknown;
const contacted = { kind: 'status-moved', from: 'new', to: 'contacted' } as const;
/** What a body may say of who and when: the server hears none of it. */
const forged = { id: 'forged', by: 'mallory@example.com', at: '2000-01-01T00:00:00.000Z' };

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`a request's activity on ${kind}`, () => {
    test('every kind of step staff take is recorded with the session’s staff and the server’s time, whatever the body says of them', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        const spam = await storeQuote(server, { [honeypotFieldName]: 'filled' });
        const steps = [
          { kind: 'taken' },
          { kind: 'call-attempted' },
          { kind: 'note', text: 'Rang twice, no answer' },
          contacted,
          { kind: 'status-moved', from: 'contacted', to: 'won', wonPence: 45_000 },
          { kind: 'status-moved', from: 'won', to: 'lost', lostReason: 'went-elsewhere' },
        ];
        const written: WireActivity[] = [];
        for (const step of steps) {
          clock.time += 60_000;
          const { quote, entry } = await recordedOf(await postStep(server, id, { ...step, ...forged }));
          expect(entry).toEqual({ ...step, id: anyId, by: testStaff.email, at: clock.now().toISOString() });
          expect(entry.id).not.toBe(forged.id);
          expect(quote.activity.at(-1)).toEqual(entry);
          written.push(entry);
        }
        const [listed] = (await inboxPage(server)).quotes;
        // Taken on first, so the move out of waiting takes nothing more.
        expect(listed).toMatchObject({ id, status: 'lost', responded_at: '2026-11-20T09:04:00.000Z', activity: written });

        clock.time += 60_000;
        const cleared = await recordedOf(await postStep(server, spam.id, { kind: 'spam-cleared', ...forged }));
        expect(cleared.entry).toEqual({ kind: 'spam-cleared', id: anyId, by: testStaff.email, at: clock.now().toISOString() });
        expect(cleared.quote).toMatchObject({ id: spam.id, status: 'new', created_at: clock.now().toISOString(), activity: [cleared.entry] });
      });
    });

    test('a step that is not one staff take, or whose data is wrong, is a 400 naming its field; a move the statuses forbid a 422; nothing is recorded', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        const refused = async (step: unknown) => errorOf(await postStep(server, id, step));

        expect(await refused({ kind: 'phoned-a-friend' })).toMatchObject({
          status: 400,
          body: { error: 'invalid-fields', fields: [{ field: 'kind', message: 'Choose a kind of step from the list' }] },
        });
        expect(await refused({ kind: 'note', text: ' \n ' })).toMatchObject({
          status: 400,
          body: { error: 'invalid-fields', fields: [{ field: 'text', message: 'Write the note before adding it' }] },
        });
        for (const wonPence of [-1, 100_000_001]) {
          expect(await refused({ kind: 'status-moved', from: 'new', to: 'won', wonPence })).toMatchObject({ status: 400, body: { fields: [{ field: 'wonPence' }] } });
        }
        // The customer's steps and the system's are theirs alone to take.
        for (const step of [{ kind: 'review-opened' }, { kind: 'review-asked' }, { kind: 'review-reminded' }, { kind: 'customer-wrote', text: 'Cancel it' }]) {
          expect(await refused(step), step.kind).toEqual({
            status: 400,
            body: { error: 'invalid-fields', message: 'The step cannot be recorded', fields: [{ field: 'kind', message: 'Staff cannot record that kind of step' }] },
          });
        }
        expect(await refused({ kind: 'status-moved', from: 'new', to: 'done' })).toMatchObject({
          status: 422,
          body: { error: 'not-allowed', fields: [{ field: 'to', message: 'A request cannot move from new to done' }] },
        });
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'new', activity: [] });
      });
    });

    test('a step refused by where the request now stands is a 409 saying why, and nothing is recorded', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        const { id: waiting } = await storeQuote(server);
        clock.time += 5 * 60_000;
        const taker = { by: testStaff.email, at: clock.now() };
        await recordedOf(await postStep(server, id, contacted));
        await recordedOf(await postStep(server, waiting, { kind: 'taken' }));
        const before = (await inboxPage(server)).quotes;

        const conflict = async (quoteId: string, step: unknown) => errorOf(await postStep(server, quoteId, step));
        expect(await conflict(id, contacted)).toEqual({ status: 409, body: refusalBody({ reason: 'moved', current: 'contacted' }) });
        expect(await conflict(waiting, { kind: 'taken' })).toEqual({ status: 409, body: refusalBody({ reason: 'already-taken', taken: taker }) });
        expect(await conflict(id, { kind: 'taken' })).toEqual({ status: 409, body: refusalBody({ reason: 'already-taken', taken: taker }) });
        expect(await conflict(id, { kind: 'call-attempted' })).toEqual({ status: 409, body: refusalBody({ reason: 'not-waiting', current: 'contacted' }) });
        expect(await conflict(waiting, { kind: 'spam-cleared' })).toEqual({ status: 409, body: refusalBody({ reason: 'not-spam' }) });
        expect((await inboxPage(server)).quotes).toEqual(before);
      });
    });

    test('150 "Called, no answer" on one card in one session: the fifth and every one after is a 409 naming the limit, with Retry-After, and the card keeps 4', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server);
        const statuses: number[] = [];
        let refused: Response | undefined;
        for (let made = 0; made < 150; made++) {
          clock.time += 1_000;
          const answer = await postStep(server, id, { kind: 'call-attempted' });
          statuses.push(answer.status);
          if (answer.status === 409) refused ??= answer;
          else await answer.body?.cancel();
        }
        expect(statuses.filter((status) => status === 201)).toHaveLength(4);
        expect(statuses.slice(4).every((status) => status === 409)).toBe(true);
        if (refused === undefined) throw new Error('nothing was refused');
        // The first of the four was at 09:00:01; the hour after it, in London (GMT), is 10:00:01: room again from 10:01.
        expect(refused.headers.get('retry-after')).toBe(String(60 * 60 - 4));
        expect(await errorOf(refused)).toEqual({
          status: 409,
          body: { error: 'conflict', reason: 'too-many-calls', message: 'At most 4 calls nobody answered are recorded on one request in an hour: record the next from 10:01', limit: 'request-hour', until: '2026-11-20T10:00:01.000Z' },
        });
        const [card] = (await inboxPage(server)).quotes;
        expect(entriesOf(card, 'call-attempted')).toHaveLength(4);
      });
    });

    test('a step on a request that is not there is a 404; without a staff session every step is a 401, and nothing is recorded', async () => {
      await withClockedServer(kind, async (server) => {
        const { id } = await storeQuote(server);
        const steps = [{ kind: 'taken' }, { kind: 'call-attempted' }, { kind: 'note', text: 'Hello' }, contacted, { kind: 'spam-cleared' }];
        for (const step of steps) {
          expect(await errorOf(await postStep(server, '00000000-0000-4000-8000-000000000000', step)), step.kind).toMatchObject({ status: 404, body: { error: 'not-found' } });
          expect(await errorOf(await postStep(server, id, step, '')), step.kind).toMatchObject({ status: 401, body: { error: 'not-signed-in' } });
        }
        // Refused before the body is read: a visitor learns nothing of what a step should hold.
        expect((await errorOf(await postStep(server, id, { kind: 'phoned-a-friend' }, ''))).status).toBe(401);
        expect((await inboxPage(server)).quotes[0]).toMatchObject({ status: 'new', activity: [] });
      });
    });
  });
}
