import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { customerAuthor } from '../../../domain/activity/actor';
import type { StaffStep } from '../../../domain/activity/activity';
import { defaultInboxQuery } from '../../../domain/inbox/inbox-query';
import { londonDay } from '../../../domain/london-time';
import { quoteCopy } from '../../../domain/priced-quote/quote-copy';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { WireCustomerViewSchema, WireQuoteRefusalSchema } from '../../http-api/customer-link-wire';
import type { PageState } from '../../http-api/page-state';
import { WireErrorSchema } from '../../http-api/wire';
import { SqlCustomerLinks } from '../../sql/sql-customer-links';
import { SqlEmailOptOuts } from '../../sql/sql-email-opt-outs';
import { SqlQuoteInbox } from '../../sql/sql-quote-inbox';
import { SqlQuoteRepository } from '../../sql/sql-quote-repository';
import { createRateLimit } from '../http/rate-limits';
import { databases } from '../test-server.test-support';
import { customerLinkApi } from './customer-link-api';
import { DerivedCustomerTokens } from './customer-link-tokens';

const limit = (name: string) => createRateLimit({ name, points: 1000, durationSeconds: 3600, store: { kind: 'memory' }, logger: { error: () => undefined } });
const staff = 'sam.porter@se1plumbing.example';
const day = 24 * 60 * 60 * 1000;

/** The customer link over a real database, with a clock the test moves, and a staff member who writes and sends quotes. */
async function harness(kind: keyof typeof databases, { alertFails = false } = {}) {
  const { db, drop } = await databases[kind]();
  let clock = new Date();
  const tokens = new DerivedCustomerTokens(randomBytes(32).toString('base64url'));
  const stored = await new SqlQuoteRepository(db, { customerToken: (id) => tokens.linkFor(id) }).insert(sampleQuote({ name: 'Tom Okafor', description: `A new combi boiler ${randomBytes(4).toString('hex')}` }));
  const inbox = new SqlQuoteInbox(db);
  const token = stored.customerToken;
  const alerts: { id: string; totalPence: number }[] = [];
  const errors: string[] = [];
  const rendered: { url: string; state: PageState; status: number }[] = [];
  const app = new Hono().route(
    '/',
    customerLinkApi({
      links: new SqlCustomerLinks(db),
      reminders: { inbox, reminderOptOuts: new SqlEmailOptOuts(db, 'reminder_opt_outs') },
      alert: { customerWrote: () => Promise.resolve() },
      quoteAccepted: {
        quoteAccepted: (quote, totalPence) => (alertFails ? Promise.reject(new Error('push service down')) : Promise.resolve(void alerts.push({ id: quote.id, totalPence }))),
      },
      logger: { error: (message) => errors.push(message) },
      now: () => clock,
      limits: { views: limit('views'), changes: limit('changes') },
      clientKey: () => '203.0.113.7',
      pages: {
        page: (url, state, status) => {
          rendered.push({ url, state, status });
          return Promise.resolve(new Response('page', { status }));
        },
        notFoundPage: () => Promise.resolve(new Response('not found', { status: 404 })),
      },
    }),
  );
  const record = async (step: StaffStep) => {
    const outcome = await inbox.record({ id: stored.id, step, by: staff, at: clock });
    if (outcome.outcome !== 'recorded') throw new Error(`${step.kind} not recorded: ${JSON.stringify(outcome)}`);
  };
  /** Writes and sends a version: one combi boiler at £1,045.00 and 20% VAT, £1,254.00 in all. */
  const sendQuote = async (version: number, { unitPence = 104_500, validUntil = londonDay(new Date(clock.getTime() + 30 * day)) } = {}) => {
    await record({ kind: 'quote-written', version, lines: [{ description: 'Combi boiler, fitted', quantity: 1, unitPence, vat: 'standard' }], validUntil, vatRegistered: true, terms: 'Payment on completion.' });
    await record({ kind: 'quote-sent', version });
  };
  await record({ kind: 'status-moved', from: 'new', to: 'contacted' });
  const json = (to: string, body?: unknown) =>
    app.request(`http://localhost/api/r/${token}${to}`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const form = (to: string, fields: Record<string, string>) =>
    app.request(`http://localhost/r/${token}${to}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const open = async () => v.parse(WireCustomerViewSchema, await (await app.request(`http://localhost/api/r/${token}`)).json());
  const staffView = async () => {
    const page = await inbox.findPage({ query: { ...defaultInboxQuery, view: 'all' }, after: null, limit: 50, now: clock });
    const found = page.quotes.find(({ id }) => id === stored.id);
    if (!found) throw new Error('The request is not in the inbox');
    return found;
  };
  return {
    id: stored.id,
    token,
    app,
    alerts,
    errors,
    rendered,
    sendQuote,
    json,
    form,
    open,
    staffView,
    later: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
    drop,
  };
}

for (const kind of Object.keys(databases) as (keyof typeof databases)[]) {
  test(`on ${kind}, the customer opens their quote (recorded once), accepts it with an early start, and the job is won at its total; a second press is told`, async () => {
    const h = await harness(kind);
    try {
      await h.sendQuote(1);
      const first = await h.open();
      expect(first.quotes.map(({ version, total_pence, standing }) => ({ version, total_pence, standing }))).toEqual([{ version: 1, total_pence: 125_400, standing: 'viewed' }]);
      await h.open();
      expect((await h.staffView()).activity.filter((entry) => entry.kind === 'quote-viewed')).toHaveLength(1);

      // What is wrong is named, and nothing is recorded.
      const noVersion = await h.json('/quote/accept', { earlyStart: true });
      expect(noVersion.status).toBe(400);
      expect(v.parse(WireErrorSchema, await noVersion.json()).fields).toEqual([{ field: 'version', message: 'Say which version of the quote you are answering' }]);
      const notJson = await h.app.request(`http://localhost/api/r/${h.token}/quote/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      expect(notJson.status).toBe(400);

      const accepted = await h.json('/quote/accept', { version: 1, earlyStart: true });
      expect(accepted.status).toBe(200);
      const view = v.parse(WireCustomerViewSchema, await accepted.json());
      expect(view.status).toBe('won');
      expect(view.quotes[0]?.answer).toMatchObject({ kind: 'accepted', total_pence: 125_400, early_start: true });
      expect(h.alerts).toEqual([{ id: h.id, totalPence: 125_400 }]);
      const won = await h.staffView();
      expect(won.status).toBe('won');
      expect(won.history.at(-1)).toMatchObject({ to: 'won', by: customerAuthor });
      expect(won.activity.findLast((entry) => entry.kind === 'status-moved')).toMatchObject({ to: 'won', wonPence: 125_400 });

      // Pressed again (or from another tab): one result stands, and the page shows it.
      const again = await h.json('/quote/accept', { version: 1, earlyStart: false });
      expect(again.status).toBe(409);
      const refusal = v.parse(WireQuoteRefusalSchema, await again.json());
      expect(refusal).toMatchObject({ error: 'conflict', reason: 'quote-answered', message: quoteCopy.answeredAlready.accepted });
      expect(refusal.view.quotes[0]?.standing).toBe('accepted');
      expect(h.alerts).toHaveLength(1);

      expect((await h.app.request(`http://localhost/api/r/${'A'.repeat(43)}/quote/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"version":1}' })).status).toBe(404);
    } finally {
      await h.drop();
    }
  });

  test(`on ${kind}, a plain form's "No thanks" with a reason loses the request and goes back to the page; a reason not on the list is named and kept`, async () => {
    const h = await harness(kind);
    try {
      await h.sendQuote(1);
      const wrong = await h.form('/quote/decline', { version: '1', reason: 'too-cheap' });
      expect(wrong.status).toBe(400);
      expect(h.rendered.at(-1)?.state.customer?.quoteAnswer).toEqual({ answer: 'decline', version: 1, earlyStart: false, reason: 'too-cheap', error: 'Choose a reason from the list, or none', field: 'reason' });
      expect(h.rendered.at(-1)?.url).toBe(`/r/${h.token}`);

      const declined = await h.form('/quote/decline', { version: '1', reason: 'price' });
      expect(declined.status).toBe(303);
      expect(declined.headers.get('location')).toBe(`/r/${h.token}?done=quote-declined`);
      const lost = await h.staffView();
      expect(lost.status).toBe('lost');
      expect(lost.activity.findLast((entry) => entry.kind === 'status-moved')).toMatchObject({ to: 'lost', lostReason: 'price' });
      expect(h.alerts).toEqual([]);
    } finally {
      await h.drop();
    }
  });

  test(`on ${kind}, a version replaced while the customer's page showed it is refused, the page showing the new one; the new one is accepted by a plain form, a failed alert only logged`, async () => {
    const h = await harness(kind, { alertFails: true });
    try {
      await h.sendQuote(1);
      await h.open();
      await h.sendQuote(2, { unitPence: 99_000 });
      const stale = await h.form('/quote/accept', { version: '1', earlyStart: 'on' });
      expect(stale.status).toBe(409);
      const shown = h.rendered.at(-1)?.state.customer;
      expect(shown?.quoteAnswer).toEqual({ answer: 'accept', version: 1, earlyStart: true, reason: '', error: quoteCopy.replaced(2) });
      expect(v.parse(WireCustomerViewSchema, shown?.view).quotes.map(({ version, standing, replaced_by }) => ({ version, standing, replaced_by }))).toEqual([
        { version: 2, standing: 'viewed', replaced_by: null },
        { version: 1, standing: 'replaced', replaced_by: 2 },
      ]);

      const accepted = await h.form('/quote/accept', { version: '2' });
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get('location')).toBe(`/r/${h.token}?done=quote-accepted`);
      expect((await h.staffView()).activity.findLast((entry) => entry.kind === 'quote-accepted')).toMatchObject({ version: 2, totalPence: 118_800, earlyStart: false });
      expect(h.errors).toEqual(['Alerting staff to an accepted quote failed']);
    } finally {
      await h.drop();
    }
  });

  test(`on ${kind}, a quote past its day cannot be accepted: the customer is told until when it was valid`, async () => {
    const h = await harness(kind);
    try {
      await h.sendQuote(1, { validUntil: londonDay(new Date()) });
      h.later(2 * day);
      const late = await h.json('/quote/accept', { version: 1 });
      expect(late.status).toBe(409);
      const refusal = v.parse(WireQuoteRefusalSchema, await late.json());
      expect(refusal.reason).toBe('quote-expired');
      expect(refusal.message).toBe(quoteCopy.expired(londonDay(new Date())));
      expect(refusal.view.quotes[0]?.standing).toBe('expired');
      expect((await h.staffView()).status).toBe('quoted');
    } finally {
      await h.drop();
    }
  });
}
