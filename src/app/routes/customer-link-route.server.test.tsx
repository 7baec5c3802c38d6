// @vitest-environment node
import { expect, test } from 'vitest';
import { toWireCustomerView } from '../../../adapters/http-api/customer-link-wire';
import type { PageState } from '../../../adapters/http-api/page-state';
import { customerLinkViewOf } from '../../../domain/customer-link/customer-link';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import type { Activity } from '../../../domain/activity/activity';
import { quoteCopy } from '../../../domain/priced-quote/quote-copy';
import { createPageRenderer } from '../../render/page-renderer';
import { loadedBackend } from '../backends/backend';
import { testBackend } from '../../test-app.test-support';

const template = '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
const now = new Date('2026-11-20T09:00:00Z');

function stateOf(overrides: Parameters<typeof sampleInboxQuote>[0] = {}, message?: { draft: string; error: string }): PageState {
  const quote = sampleInboxQuote({ name: 'Tom Okafor', urgent: true, description: 'Leak under the sink', createdAt: new Date('2026-11-20T08:50:00Z'), ...overrides });
  const view = customerLinkViewOf(quote, now);
  if (!view) throw new Error('The sample request’s link has expired');
  return { customer: { view: toWireCustomerView(view), ...(message && { message }) } };
}

const render = (url: string, state: PageState) =>
  createPageRenderer(loadedBackend(testBackend(), { postsCustomerForms: true }), { home: template, app: template, appAtOnce: template, appAfterPaint: template }).render(url, state);

test('the customer’s page renders on our server with plain forms, kept out of search engines and referrers', async () => {
  const { html, status } = await render(`/r/${token}`, stateOf());
  expect(status).toBe(200);
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<meta name="robots" content="noindex"/>');
  expect(head).toContain('<meta name="referrer" content="no-referrer"/>');
  expect(html).toContain('<h1 id="customer-title">Your request</h1>');
  expect(html).toContain('Hello Tom.');
  expect(html).toMatch(/aria-current="step"[^>]*>.*Received/);
  expect(html).toContain('We aim to call you by 09:20');
  expect(html).toContain('Leak under the sink');
  expect(html).toContain(`action="/r/${token}/messages"`);
  expect(html).toContain('<label for="customer-message">Add a message</label>');
  expect(html).toContain('>Send message</button>');
  expect(html).toContain(`action="/r/${token}" method="get"`);
  expect(html).toContain('>No longer needed</button>');
  expect(html).toContain('href="tel:+442079460123"');
});

test('asked to close, the page asks to confirm with a form of its own', async () => {
  const { html } = await render(`/r/${token}?close=confirm`, stateOf());
  expect(html).toContain('Close your request?');
  expect(html).toContain(`action="/r/${token}/close"`);
  expect(html).toContain('>Yes, close my request</button>');
});

test('a message sent back keeps its text, with the error beside the box, where the page opens', async () => {
  const { html, status } = await render(`/r/${token}`, stateOf({}, { draft: 'Still <leaking>', error: 'Write your message before sending it' }));
  expect(status).toBe(200);
  expect(html).toContain('Still &lt;leaking&gt;</textarea>');
  expect(html).toContain('<p id="customer-message-error" class="field-error">Write your message before sending it</p>');
  expect(html).toMatch(/<textarea [^>]*autofocus=""[^>]*name="message"/);
  expect((await render(`/r/${token}`, stateOf())).html).not.toContain('autofocus');
});

test('after a plain post, the page says what was done; a closed request shows "Closed" and no close button', async () => {
  expect((await render(`/r/${token}?done=message`, stateOf())).html).toContain('Thank you. We have your message');
  const closed = await render(`/r/${token}?done=closed`, stateOf({ status: 'lost', history: [{ from: 'new', to: 'lost', by: 'customer', at: now }] }));
  expect(closed.html).toContain('Your request is closed');
  expect(closed.html).toContain('<strong>Closed</strong>');
  expect(closed.html).not.toContain('No longer needed</button>');
  expect(closed.html).not.toContain('We aim to call you');
});

test('without what the server found, a link is the plain 404', async () => {
  const { html, status } = await render(`/r/${token}`, {});
  expect(status).toBe(404);
  expect(html).toContain('404');
  expect(html).not.toContain('Your request');
});

const quoteLog: Activity[] = [
  { kind: 'status-moved', id: 'a1', from: 'new', to: 'contacted', by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:55:00Z') },
  {
    kind: 'quote-written',
    id: 'a2',
    version: 1,
    lines: [{ description: 'Combi boiler, fitted', quantity: 1, unitPence: 104_500, vat: 'standard' }],
    validUntil: '2026-12-20',
    vatRegistered: true,
    terms: '',
    by: 'sam@se1plumbing.example',
    at: new Date('2026-11-20T08:56:00Z'),
  },
  { kind: 'status-moved', id: 'a3', from: 'contacted', to: 'quoted', by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:57:00Z') },
  { kind: 'quote-sent', id: 'a4', version: 1, by: 'sam@se1plumbing.example', at: new Date('2026-11-20T08:57:00Z') },
];

test('a quote renders on our server with its two plain forms and no print button (that needs scripts)', async () => {
  const { html } = await render(`/r/${token}`, stateOf({ status: 'quoted', activity: quoteLog }));
  expect(html).toContain('Your quote (version 1)');
  expect(html.indexOf('£1,254.00')).toBeLessThan(html.indexOf('Combi boiler, fitted'));
  expect(html).toContain(`action="/r/${token}/quote/accept"`);
  expect(html).toContain(`action="/r/${token}/quote/decline"`);
  expect(html).toContain('<input type="hidden" name="version" value="1"/>');
  expect(html).toContain('>Accept and agree to pay £1,254.00</button>');
  expect(html).not.toContain(quoteCopy.print);
});

test('an answer sent back keeps the tick and the reason chosen, with the error beside the field it names', async () => {
  const state = stateOf({ status: 'quoted', activity: quoteLog });
  const customer = state.customer && { ...state.customer, quoteAnswer: { answer: 'decline' as const, version: 1, earlyStart: true, reason: 'other', error: 'Choose a reason from the list, or none', field: 'reason' } };
  const { html } = await render(`/r/${token}`, { ...state, ...(customer && { customer }) });
  expect(html).toMatch(/<input type="checkbox" id="customer-quote-early-start"[^>]*name="earlyStart"[^>]*checked=""/);
  expect(html).toContain('<option value="other" selected="">Another reason</option>');
  expect(html).toContain('<p id="customer-quote-reason-error" class="field-error">Choose a reason from the list, or none</p>');
});
