// @vitest-environment node
import { expect, test } from 'vitest';
import { type PageState, parsePageState } from '../../adapters/http-api/page-state';
import { createPageRenderer } from './page-renderer';
import { defaultInboxQuery } from '../../domain/inbox/inbox-query';
import { toWireFirstScreen } from '../../adapters/http-api/inbox-page-state';
import { loadedBackend } from '../app/backends/backend';
import { testBackend } from '../test-app.test-support';
import { sampleDraft } from '../../fixtures/sample-request.test-support';
import { gasCopy } from '../../domain/safety/gas-copy';

/** A built page, marked with which one it is. */
const template = (kind: string) => `<!doctype html><html><head><!--${kind}--></head><body><div id="root"></div></body></html>`;
const pages = () =>
  createPageRenderer(loadedBackend(testBackend(), { quoteFormAction: '/api/quote-requests' }), {
    home: template('home'),
    app: template('app'),
    appAtOnce: template('app at once'),
    appAfterPaint: template('app after paint'),
  });
const templateOf = (html: string) => /<!--([a-z ]+)-->/.exec(html)?.[1];

/** The text of a rendered page, as a person without scripts reads it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

test('the home page renders whole without a browser, its form posting to the server', async () => {
  const { html, status } = await pages().render('/', {});

  expect(typeof window).toBe('undefined');
  expect(status).toBe(200);
  expect(textOf(html)).toContain('Professional Plumbing & Heating Services in SE1');
  expect(html).toContain('id="quote-section"');
  const form = /<form[^>]*class="quote-form"[^>]*>/.exec(html)?.[0] ?? '';
  expect(form).toContain('method="post"');
  expect(form).toContain('action="/api/quote-requests#quote-section"');
  // Before scripts run, the browser's own checks guard the required fields.
  expect(html).not.toContain('novalidate');
});

test('a plain postcode check renders the home page with its answer, and hands the postcode on', async () => {
  const answered = async (postcode: string) => {
    const { html } = await pages().render('/', { coverCheck: { postcode } });
    expect(parsePageState(/<script id="page-state"[^>]*>([^<]*)<\/script>/.exec(html)?.[1])).toEqual({ coverCheck: { postcode } });
    return html;
  };
  const form = /<form[^>]*class="cover-check"[^>]*>/.exec(await answered('se16 4ab'))?.[0] ?? '';
  expect(form).toContain('method="get"');
  expect(form).toContain('action="/#cover"');
  expect(textOf(await answered('se16 4ab'))).toContain('Yes, we cover SE16.');
  expect(await answered('se16 4ab')).toMatch(/<input[^>]*name="postcode"[^>]*value="se16 4ab"/);
  expect(textOf(await answered('SE10 9NF'))).toContain("That's outside our usual area, but ask anyway");
  const refused = await answered('<b>London</b>');
  expect(textOf(refused)).toContain('Enter your postcode as a UK postcode, like SE1 7PB');
  expect(refused).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="cover-postcode-error"/);
  expect(refused).not.toContain('<b>London');
});

test('an unknown path renders the 404 page with status 404', async () => {
  const { html, status } = await pages().render('/no-such-page', {});
  expect(status).toBe(404);
  expect(html).toContain('Oops! Page not found');
});

test('a failed plain post renders the form with what was typed, the errors and the toast, and hands them on', async () => {
  const state: PageState = {
    form: {
      draft: sampleDraft({ name: '', email: 'sam@example.com', phone: '', serviceType: 'heating', description: '</script><b>hi</b>', urgent: true }),
      error: { kind: 'missing-fields', fields: ['name', 'phone'] },
    },
  };
  const { html } = await pages().render('/', state);

  expect(textOf(html)).toContain('Missing Information');
  expect(textOf(html)).toContain('Enter your name');
  expect(html).toContain('value="sam@example.com"');
  expect(html).toMatch(/<option value="heating" selected="">/);
  expect(html).toContain('&lt;/script&gt;&lt;b&gt;hi&lt;/b&gt;</textarea>');
  expect(html).toMatch(/<input id="quote-urgent"[^>]*checked=""/);
  expect(html).toContain('Request Emergency Service');

  // The state rides along for hydration, and nothing typed can close its script element early.
  const [, json] = /<script id="page-state" type="application\/json">(.*?)<\/script>/.exec(html) ?? [];
  expect(json).not.toContain('</script>');
  expect(parsePageState(json)).toEqual(state);
});

test('after a plain post is stored, the home page opens with the success toast', async () => {
  const { html } = await pages().render('/', { submitted: true });
  expect(textOf(html)).toContain('Quote Request Submitted!');
  expect(textOf(html)).toContain("We'll contact you within 30 minutes for urgent requests");
  // Without scripts a close button could do nothing.
  expect(html).not.toContain('Dismiss notification');
});

test('without scripts, a form that comes back warns of the gas smell its description reports, the gas line first, as a tel: link', async () => {
  const state: PageState = {
    form: { draft: sampleDraft({ name: '', description: 'smell of gas in the hallway' }), error: { kind: 'missing-fields', fields: ['name'] }, gas: 'gas-smell' },
  };
  const { html } = await pages().render('/', state);

  const warning = /<div id="quote-gas-warning".*?class="gas-still-sent">[^<]*<\/p>/.exec(html)?.[0] ?? '';
  expect(warning).toMatch(/^<div id="quote-gas-warning" aria-live="polite"[^>]*><div class="gas-warning"><div class="gas-advice"><a class="gas-call" href="tel:0800111999">/);
  expect(textOf(warning)).toContain(`${gasCopy.call} ${gasCopy.steps['gas-smell'].heading}`);
  expect(textOf(warning)).toContain(gasCopy.stillSent);
  expect(parsePageState(/<script id="page-state" type="application\/json">(.*?)<\/script>/.exec(html)?.[1])).toEqual(state);
});

test.each(['gas-smell', 'carbon-monoxide'] as const)('without scripts, the thanks for a request that reported %s lead with the advice', async (gas) => {
  const { html } = await pages().render('/', { submitted: true, gas });
  const text = textOf(html);
  expect(text.indexOf(gasCopy.call)).toBeGreaterThan(-1);
  expect(text.indexOf(gasCopy.call)).toBeLessThan(text.indexOf('Quote Request Submitted!'));
  for (const step of gasCopy.steps[gas].steps) expect(text).toContain(step.text);
  expect(html).toContain(gas === 'carbon-monoxide' ? 'href="tel:999"' : 'href="tel:0800111999"');
});

test('the home page says "Smell gas? Call 0800 111 999 first" wherever it offers the emergency line, and warns of nothing else', async () => {
  const { html } = await pages().render('/', {});
  const offers = html.match(/<a class="gas-first" href="tel:0800111999">Smell gas\? Call 0800 111 999 first<\/a>/g) ?? [];
  // The hero's Emergency Call, the emergency line's card beside the form, and the footer.
  expect(offers).toHaveLength(3);
  expect(html).toMatch(/<div id="quote-gas-warning" aria-live="polite" aria-atomic="true" class="gas-warning-region"><\/div>/);
});

test('every page that works without scripts loads them on a first interaction; only the staff pages at once', async () => {
  const renderer = pages();
  const rendered = async (url: string, state: PageState = {}) => templateOf((await renderer.render(url, state)).html);
  expect(await rendered('/')).toBe('home');
  // The home page our server renders after a plain post, with its thanks or its errors.
  expect(await rendered('/', { submitted: true })).toBe('home');
  expect(await rendered('/', { form: { draft: sampleDraft({ name: '' }), error: { kind: 'missing-fields', fields: ['name'] } } })).toBe('home');
  expect(await rendered('/privacy')).toBe('app');
  expect(await rendered('/accessibility')).toBe('app');
  expect(await rendered('/no-such-page')).toBe('app');
  expect(await rendered('/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe('app');
  expect(await rendered('/quotes')).toBe('app at once');
  expect(await rendered('/quotes/settings')).toBe('app at once');
  expect(await rendered('/quotes/service-due')).toBe('app at once');
});

test('the inbox drawn by the server with a staff member’s requests is read as it arrives, and loads its scripts once painted', async () => {
  const first = {
    staff: { email: 'sam@se1plumbing.example' },
    at: new Date('2026-11-20T12:00:00Z'),
    query: defaultInboxQuery,
    page: { quotes: [], total: 0, next: null },
    summary: null,
    counts: null,
  };
  const { html } = await pages().render('/quotes', { inbox: toWireFirstScreen(first) });
  expect(templateOf(html)).toBe('app after paint');
  expect(textOf(html)).toMatch(/Quote Requests \( 0 \)/);
  expect(textOf(html)).toContain('Nobody is waiting for a call back.');
  expect(textOf(html)).toContain('Signed in as sam@se1plumbing.example');
  expect(textOf(html)).not.toContain('Staff sign-in');
});
