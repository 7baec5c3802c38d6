import { Hono } from 'hono';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { customerAuthor } from '../../../domain/activity/actor';
import { noLongerNeededReason } from '../../../domain/customer-link/customer-link';
import type { InboxQuote } from '../../../domain/inbox/inbox-quote';
import { CustomerLinksDouble } from '../../../fixtures/customer-links.test-support';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import { WireCustomerViewSchema } from '../../http-api/customer-link-wire';
import type { PageState } from '../../http-api/page-state';
import { WireErrorSchema } from '../../http-api/wire';
import { refuseCrossSiteRequests } from '../http/cross-site';
import { customerLinkApi } from './customer-link-api';
import { createRateLimit } from '../http/rate-limits';
import { requestLog, type RequestLogEntry } from '../http/request-log';
import { securityHeaders } from '../http/security-headers';

const now = new Date('2026-11-20T09:00:00Z');
const notFoundBody = '<!doctype html><title>Page not found</title>';

/** The routes as app.ts mounts them, behind the same log, headers and cross-site refusal. */
function harness({ views = 1000, changes = 1000 } = {}) {
  const links = new CustomerLinksDouble();
  const logs: RequestLogEntry[] = [];
  const rendered: { url: string; state: PageState; status: number }[] = [];
  const alerted: { id: string; text: string }[] = [];
  const errors: string[] = [];
  const limit = (name: string, points: number) =>
    createRateLimit({ name, points, durationSeconds: 3600, store: { kind: 'memory' }, logger: { error: () => undefined } });
  const app = new Hono();
  app.use(requestLog((entry) => logs.push(entry)));
  app.use(securityHeaders({ trustProxy: false }));
  app.use(refuseCrossSiteRequests({ trustProxy: false }));
  app.route(
    '/',
    customerLinkApi({
      links,
      // These tests set no reminder: recording one fails as an unreachable store would.
      reminders: { inbox: { record: () => Promise.reject(new Error('No inbox here')) }, reminderOptOuts: { optOut: () => Promise.reject(new Error('No opt-outs here')) } },
      alert: {
        customerWrote: (quote, text) => {
          alerted.push({ id: quote.id, text });
          return Promise.resolve();
        },
      },
      quoteAccepted: { quoteAccepted: () => Promise.resolve() },
      logger: { error: (message) => errors.push(message) },
      now: () => now,
      limits: { views: limit('views', views), changes: limit('changes', changes) },
      clientKey: () => '203.0.113.7',
      pages: {
        page: (url, state, status) => {
          rendered.push({ url, state, status });
          return Promise.resolve(new Response(`<!doctype html><title>${url}</title>`, { status, headers: { 'content-type': 'text/html; charset=utf-8' } }));
        },
        notFoundPage: () => Promise.resolve(new Response(notFoundBody, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', etag: '"404"' } })),
      },
    }),
  );
  const request = (path: string, init: RequestInit = {}) => app.request(`http://localhost${path}`, init);
  const form = (path: string, fields: Record<string, string>) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' }, body: new URLSearchParams(fields).toString() });
  const json = (path: string, body?: unknown) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { links, logs, rendered, alerted, errors, request, form, json, routes: app.routes };
}

const waiting = (overrides: Partial<InboxQuote> = {}) =>
  sampleInboxQuote({ name: 'Tom Okafor', urgent: true, createdAt: new Date('2026-11-20T08:50:00Z'), notes: [{ id: 'n1', text: 'Called, no answer', by: 'sam@example.co.uk', at: now }], ...overrides });

const privateHeaders = (response: Response) => ({
  robots: response.headers.get('x-robots-tag'),
  referrer: response.headers.get('referrer-policy'),
  cache: response.headers.get('cache-control'),
  etag: response.headers.get('etag'),
});

test('the page is rendered with what the customer may see, kept from search engines, caches and referrers', async () => {
  const { links, rendered, request } = harness();
  const token = links.add(waiting());
  const response = await request(`/r/${token}`);
  expect(response.status).toBe(200);
  expect(privateHeaders(response)).toEqual({ robots: 'noindex, nofollow', referrer: 'no-referrer', cache: 'no-store', etag: null });
  expect(rendered).toHaveLength(1);
  expect(rendered[0]?.url).toBe(`/r/${token}`);
  const view = v.parse(WireCustomerViewSchema, rendered[0]?.state.customer?.view);
  expect(view.quote.name).toBe('Tom Okafor');
  expect(view.status).toBe('new');
  // 30 minutes from 08:50 for an urgent request.
  expect(view.call_by).toBe('2026-11-20T09:20:00.000Z');
  // Staff's notes are not the customer's to see.
  expect(view.messages).toEqual([]);
  expect(JSON.stringify(view)).not.toContain('Called, no answer');
});

test('a malformed, guessed, expired or deleted link gets the one plain 404, each after a lookup', async () => {
  const { links, request } = harness();
  const expired = links.add(waiting({ status: 'lost', history: [{ from: 'new', to: 'lost', by: 'sam@example.co.uk', at: new Date('2026-10-01T09:00:00Z') }] }));
  const deleted = links.add(waiting());
  links.forget(deleted);
  const guessed = 'x'.repeat(43);
  const answers = [];
  for (const token of ['not-a-token', guessed, expired, deleted, `${guessed}%2F..`]) {
    const before = links.lookups.length;
    const response = await request(`/r/${token}`);
    answers.push({ status: response.status, body: await response.text(), ...privateHeaders(response) });
    expect(links.lookups.length).toBe(before + 1);
  }
  expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  expect(answers[0]).toEqual({ status: 404, body: notFoundBody, robots: 'noindex, nofollow', referrer: 'no-referrer', cache: 'no-store', etag: null });

  const api = await request(`/api/r/${guessed}`);
  expect(api.status).toBe(404);
  expect(v.parse(WireErrorSchema, await api.json()).error).toBe('not-found');
  expect((await request('/api/r/short')).status).toBe(404);
});

test('every page or answer a link has is the one 404 for a well-formed token no request has, found by walking the routes', async () => {
  const { request, routes } = harness();
  const guessed = 'x'.repeat(43);
  const reads = [...new Set(routes.filter(({ method, path }) => method === 'GET' && path.includes(':token')).map(({ path }) => path))];
  expect(reads.length).toBeGreaterThan(4);
  for (const path of reads) {
    const response = await request(path.replace(':token', guessed));
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
  }
});

test('a message posted from the plain form is added as the customer’s note, alerts on an urgent request, and comes back to the page', async () => {
  const { links, alerted, request, form } = harness();
  const token = links.add(waiting());
  const response = await form(`/r/${token}/messages`, { message: '  The leak is worse now  ' });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/r/${token}?done=message`);
  expect(privateHeaders(response).referrer).toBe('no-referrer');
  expect(links.quoteOf(token)?.notes[0]).toMatchObject({ text: 'The leak is worse now', by: customerAuthor, at: now });
  expect(alerted).toEqual([{ id: links.quoteOf(token)?.id, text: 'The leak is worse now' }]);
  expect((await request(`/r/${token}?done=message`)).status).toBe(200);
});

test('a message that is not fit to add brings the page back with the error beside the box and the text kept', async () => {
  const { links, rendered, form } = harness();
  const token = links.add(waiting());
  const long = 'x'.repeat(1001);
  const response = await form(`/r/${token}/messages`, { message: long });
  expect(response.status).toBe(400);
  expect(rendered.at(-1)?.url).toBe(`/r/${token}`);
  expect(rendered.at(-1)?.state.customer?.message).toEqual({ draft: long, error: 'Message must be 1,000 characters or fewer' });
  expect((await form(`/r/${token}/messages`, { message: '   ' })).status).toBe(400);
  expect(rendered.at(-1)?.state.customer?.message?.error).toBe('Write your message before sending it');
  expect(links.quoteOf(token)?.notes).toHaveLength(1);
});

test('a message on a request that is not urgent alerts nobody', async () => {
  const { links, alerted, form } = harness();
  const token = links.add(waiting({ urgent: false }));
  expect((await form(`/r/${token}/messages`, { message: 'Any day after 5pm is fine' })).status).toBe(303);
  expect(alerted).toEqual([]);
});

test('"No longer needed" closes the request as lost by the customer, with the reason as a note', async () => {
  const { links, form } = harness();
  const token = links.add(waiting());
  const response = await form(`/r/${token}/close`, {});
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(`/r/${token}?done=closed`);
  const quote = links.quoteOf(token);
  expect(quote?.status).toBe('lost');
  expect(quote?.history.at(-1)).toMatchObject({ to: 'lost', by: customerAuthor });
  expect(quote?.notes[0]).toMatchObject({ text: noLongerNeededReason, by: customerAuthor });
});

test('a post from another site is refused before it reaches the request', async () => {
  const { links, request } = harness();
  const token = links.add(waiting());
  const response = await request(`/r/${token}/close`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(response.status).toBe(403);
  expect(links.quoteOf(token)?.status).toBe('new');
});

test('the JSON API answers the view, adds messages, names what is wrong with one, and closes', async () => {
  const { links, json, request } = harness();
  const token = links.add(waiting());
  const seen = await request(`/api/r/${token}`);
  expect(seen.status).toBe(200);
  expect(privateHeaders(seen)).toMatchObject({ robots: 'noindex, nofollow', referrer: 'no-referrer', cache: 'no-store' });
  expect(v.parse(WireCustomerViewSchema, await seen.json()).quote.name).toBe('Tom Okafor');

  const sent = await json(`/api/r/${token}/messages`, { message: 'Water is coming through the ceiling' });
  expect(sent.status).toBe(200);
  expect(v.parse(WireCustomerViewSchema, await sent.json()).messages.map(({ text }) => text)).toEqual(['Water is coming through the ceiling']);

  const refused = await json(`/api/r/${token}/messages`, { message: '' });
  expect(refused.status).toBe(400);
  expect(v.parse(WireErrorSchema, await refused.json()).fields).toEqual([{ field: 'message', message: 'Write your message before sending it' }]);
  expect((await json(`/api/r/${token}/messages`)).status).toBe(400);

  const closed = await json(`/api/r/${token}/close`);
  expect(closed.status).toBe(200);
  expect(v.parse(WireCustomerViewSchema, await closed.json()).status).toBe('lost');
});

test('looks and changes are each limited per client, with a word on when to try again', async () => {
  const { links, request, form, json } = harness({ views: 2, changes: 1 });
  const token = links.add(waiting());
  expect((await request(`/r/${token}`)).status).toBe(200);
  expect((await request(`/api/r/${token}`)).status).toBe(200);
  const refused = await request(`/r/${token}`);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await refused.text()).toMatch(/Too many requests\. Please try again in \d+ seconds, or call us on 020 7946 0123\./);

  expect((await form(`/r/${token}/messages`, { message: 'One' })).status).toBe(303);
  expect((await form(`/r/${token}/messages`, { message: 'Two' })).status).toBe(429);
  expect((await json(`/api/r/${token}/close`)).status).toBe(429);
  expect(links.quoteOf(token)?.notes.filter((note) => note.by === customerAuthor).map(({ text }) => text)).toEqual(['One']);
});

test('a store that cannot be reached is told plainly, and the typed message is kept', async () => {
  const { links, rendered, request, form, errors } = harness();
  const token = links.add(waiting());
  links.failing = true;
  const page = await request(`/r/${token}`);
  expect(page.status).toBe(503);
  expect(await page.text()).toContain('call us on 020 7946 0123');
  expect((await form(`/r/${token}/messages`, { message: 'Still leaking' })).status).toBe(503);
  expect(rendered).toEqual([]);
  expect(errors.length).toBeGreaterThan(0);
});

test('the log never holds a link’s token', async () => {
  const { links, logs, request, form, json } = harness();
  const token = links.add(waiting());
  await request(`/r/${token}`);
  await form(`/r/${token}/messages`, { message: 'Hello' });
  await json(`/api/r/${token}/close`);
  await request('/r/not-a-token');
  expect(logs.map(({ path }) => path)).toEqual(['/r/…', '/r/…/messages', '/api/r/…/close', '/r/…']);
  expect(JSON.stringify(logs)).not.toContain(token);
});
