import { SqlEmailOptOuts } from '../../sql/sql-email-opt-outs';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { customerAuthor } from '../../../domain/activity/actor';
import { noLongerNeededReason } from '../../../domain/customer-link/customer-link';
import { defaultInboxQuery } from '../../../domain/inbox/inbox-query';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { WireCustomerViewSchema } from '../../http-api/customer-link-wire';
import { SqlCustomerLinks } from '../../sql/sql-customer-links';
import { SqlQuoteInbox } from '../../sql/sql-quote-inbox';
import { SqlQuoteRepository } from '../../sql/sql-quote-repository';
import { customerLinkApi } from './customer-link-api';
import { DerivedCustomerTokens } from './customer-link-tokens';
import { createRateLimit } from '../http/rate-limits';
import { databases } from '../test-server.test-support';

const limit = (name: string) => createRateLimit({ name, points: 1000, durationSeconds: 3600, store: { kind: 'memory' }, logger: { error: () => undefined } });

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`on ${kind}, a request's derived token opens its page (saying when we tried to call), and a message and "No longer needed" reach staff`, async () => {
    const { db, drop } = await databases[kind]();
    try {
      const tokens = new DerivedCustomerTokens(randomBytes(32).toString('base64url'));
      const stored = await new SqlQuoteRepository(db, { customerToken: (id) => tokens.linkFor(id) }).insert(sampleQuote({ urgent: true, name: 'Tom Okafor' }));
      // The token the sender is given is the one the confirmation email derives again.
      expect(stored.customerToken).toBe(tokens.tokenFor(stored.id));

      const alerted: string[] = [];
      const app = new Hono().route(
        '/',
        customerLinkApi({
          links: new SqlCustomerLinks(db),
          reminders: { inbox: new SqlQuoteInbox(db), reminderOptOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs') },
          alert: { customerWrote: (_quote, text) => Promise.resolve(void alerted.push(text)) },
          quoteAccepted: { quoteAccepted: () => Promise.resolve() },
          logger: { error: () => undefined },
          now: () => new Date(),
          limits: { views: limit('views'), changes: limit('changes') },
          clientKey: () => '203.0.113.7',
          pages: {
            page: () => Promise.resolve(new Response('page')),
            notFoundPage: () => Promise.resolve(new Response('not found', { status: 404 })),
          },
        }),
      );
      const path = `/api/r/${stored.customerToken}`;
      const post = (to: string, body?: unknown) =>
        app.request(`http://localhost${path}${to}`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });

      expect(v.parse(WireCustomerViewSchema, await (await app.request(`http://localhost${path}`)).json())).toMatchObject({ quote: { name: 'Tom Okafor' }, tried_at: null });
      // Rung with nobody answering: the page says when, no longer when we aim to call.
      const triedAt = new Date(stored.createdAt.getTime() + 4 * 60_000);
      await new SqlQuoteInbox(db).record({ id: stored.id, step: { kind: 'call-attempted' }, by: 'sam.porter@se1plumbing.example', at: triedAt });
      expect(v.parse(WireCustomerViewSchema, await (await app.request(`http://localhost${path}`)).json())).toMatchObject({ call_by: null, tried_at: triedAt.toISOString() });
      expect((await post('/messages', { message: 'The leak is worse now' })).status).toBe(200);
      expect(alerted).toEqual(['The leak is worse now']);
      expect(v.parse(WireCustomerViewSchema, await (await post('/close')).json()).status).toBe('lost');

      const page = await new SqlQuoteInbox(db).findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 10, now: new Date() });
      const quote = page.quotes.find(({ id }) => id === stored.id);
      expect(quote?.status).toBe('lost');
      expect(quote?.history.at(-1)).toMatchObject({ to: 'lost', by: customerAuthor });
      expect(quote?.notes.map(({ text, by }) => ({ text, by }))).toEqual(
        expect.arrayContaining([
          { text: 'The leak is worse now', by: customerAuthor },
          { text: noLongerNeededReason, by: customerAuthor },
        ]),
      );
      expect((await app.request(`http://localhost/api/r/${tokens.tokenFor('some-other-id')}`)).status).toBe(404);
    } finally {
      await drop();
    }
  });
}
