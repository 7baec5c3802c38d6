import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { WireLeadReportSchema } from '../../http-api/report-wire';
import { WireErrorSchema } from '../../http-api/wire';
import { databases, storeQuote, type TestServer, withClockedServer } from '../test-server.test-support';

const report = (server: TestServer, query: string, cookie: string | null = server.staffCookie) =>
  fetch(`${server.url}/api/report${query}`, { headers: cookie === null ? {} : { cookie } });

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  describe(`the report API on ${kind}`, () => {
    test('staff read this month by channel, with a won job’s value; the same as a CSV download; nobody else reads it', async () => {
      await withClockedServer(kind, async (server, clock) => {
        const { id } = await storeQuote(server, { utm_source: 'gbp', utm_medium: 'organic', has_gclid: false, referrer_host: null, utm_campaign: null });
        await storeQuote(server);
        clock.time += 20 * 60_000;
        for (const body of [{ kind: 'status-moved', from: 'new', to: 'contacted' }, { kind: 'status-moved', from: 'contacted', to: 'won', wonPence: 48_000 }]) {
          const moved = await fetch(`${server.url}/api/quote-requests/${id}/activity`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: server.staffCookie },
            body: JSON.stringify(body),
          });
          expect(moved.status).toBe(201);
        }

        const answer = await report(server, '?period=this-month');
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        const read = v.parse(WireLeadReportSchema, await answer.json());
        expect(read).toMatchObject({ period: 'this-month', from: '2026-11-01T00:00:00.000Z', total: { requests: 2, won: 1, won_pence: 48_000, median_minutes_to_first_call: 20, quotes_sent: 0, quotes_accepted: 0, acceptance_rate: null, quoted_pence: 0 } });
        expect(read.channels.find(({ channel }) => channel === 'Google Business Profile')).toMatchObject({ requests: 1, won: 1, win_rate: 1, won_pence: 48_000, within_promise_share: 1 });
        expect((await report(server, '')).status).toBe(200);

        const csv = await report(server, '?period=this-month&format=csv');
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(csv.headers.get('content-disposition')).toBe('attachment; filename="report-this-month-2026-11-20.csv"');
        const lines = (await csv.text()).split('\r\n');
        expect(lines).toContain('Google Business Profile,1,20,100,1,100,480,480,0,0,0,0,,0');
        expect(lines).toContain('All channels,2,20,100,1,50,480,240,0,0,0,0,,0');

        expect((await report(server, '?period=this-month', null)).status).toBe(401);
        expect((await report(server, '?period=this-month', 'quotes_session=forged')).status).toBe(401);
      });
    });

    test('a period or format it does not know is a 400 naming the field', async () => {
      await withClockedServer(kind, async (server) => {
        const refused = v.parse(WireErrorSchema, await (await report(server, '?period=forever&format=xml')).json());
        expect(refused).toMatchObject({ error: 'invalid-fields' });
        expect(refused.fields?.map(({ field }) => field)).toEqual(['period', 'format']);
      });
    });
  });
}
