import { expect, onTestFinished, test } from 'vitest';
import { checkCover } from '../../../domain/quote/cover-check';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { manualClock } from '../../../fixtures/manual-clock.test-support';
import type { PageState } from '../../http-api/page-state';
import { startTestServer, type TestServer } from '../test-server.test-support';

test('a plain postcode check renders the home page told the postcode; the log keeps neither it nor its query', async () => {
  const server = await startTestServer('sqlite');
  try {
    const response = await fetch(`${server.url}/?postcode=SE16+4AB`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(server.rendered.at(-1)).toEqual({ url: '/', state: { coverCheck: { postcode: 'SE16 4AB' } } });

    // Anything longer than a postcode is cut to the field's length before the page repeats it.
    await fetch(`${server.url}/?postcode=${'A'.repeat(500)}`);
    expect(server.rendered.at(-1)).toEqual({ url: '/', state: { coverCheck: { postcode: 'A'.repeat(16) } } });

    const logged = JSON.stringify([server.logs, server.errors]);
    expect(server.logs.filter((entry) => entry.path === '/')).toHaveLength(2);
    expect(logged).not.toContain('SE16');
    expect(logged).not.toContain('postcode');
    expect(logged).not.toContain('AAAA');
  } finally {
    await server.stop();
  }
});

/** The page as the stand-in draws it: the answer to the postcode, the postcode as typed, and the form's token. */
const answerPage = (_url: string, state: PageState) => {
  const typed = state.coverCheck?.postcode ?? '';
  const answer = checkCover(typed);
  const said = answer.kind === 'not-a-postcode' ? 'not a postcode' : `${answer.kind} ${answer.district}`;
  return `<!doctype html><p>${said}</p><input name="postcode" value="${typed.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"/><input type="hidden" name="${formTokenFieldName}"/>`;
};
const tokenIn = (page: string) => new RegExp(`name="${formTokenFieldName}" value="([^"]*)"`).exec(page)?.[1] ?? '';
const checks = (server: TestServer) => server.rendered.filter(({ state }) => state.coverCheck !== undefined).length;
const check = async (server: TestServer, postcode: string, client = '203.0.113.7') => {
  const response = await fetch(`${server.url}/?${new URLSearchParams({ postcode }).toString()}`, { headers: { 'x-forwarded-for': client } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
};

test('a postcode asked again is answered without drawing the page again, with the token of the second as the home page has', async () => {
  const clock = manualClock('2026-11-20T09:00:00Z');
  const server = await startTestServer('sqlite', { renderHtml: answerPage, now: clock.now, trustProxy: true });
  onTestFinished(() => server.stop());
  const tokens = new Set<string>();
  for (let asked = 0; asked < 20; asked += 1) {
    clock.time += 250;
    const answer = await check(server, 'SE1 7PB');
    expect(answer.status).toBe(200);
    const token = tokenIn(answer.body);
    expect(answer.body).toBe(answerPage('/', { coverCheck: { postcode: 'SE1 7PB' } }).replace(`name="${formTokenFieldName}"/>`, `name="${formTokenFieldName}" value="${token}"/>`));
    // Issued within the second before it was sent, by the server's clock.
    const issued = Number(token.split('.')[0]);
    expect(clock.time - issued).toBeGreaterThanOrEqual(0);
    expect(clock.time - issued).toBeLessThan(1000);
    tokens.add(token);
  }
  expect(checks(server)).toBe(1);
  expect(tokens.size).toBe(5);
  expect(server.tokensIssued()).toBe(5);
});

test('each postcode gets its own answer, as typed, however the checks come: covered, outside, not a postcode', async () => {
  const server = await startTestServer('sqlite', { renderHtml: answerPage, trustProxy: true });
  onTestFinished(() => server.stop());
  const expected = [
    { typed: 'SE1 7PB', says: 'covered SE1' },
    { typed: 'se1 7pb', says: 'covered SE1' },
    { typed: 'M1 1AA', says: 'outside M1' },
    { typed: '"><b>London', says: 'not a postcode' },
    { typed: 'SE16', says: 'covered SE16' },
  ];
  for (let round = 0; round < 3; round += 1) {
    for (const { typed, says } of round === 1 ? [...expected].reverse() : expected) {
      const answer = await check(server, typed);
      expect(answer.status, typed).toBe(200);
      expect(answer.body, typed).toContain(`<p>${says}</p>`);
      expect(answer.body, typed).toContain(`value="${typed.replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"`);
    }
  }
  expect(checks(server)).toBe(expected.length);
});

test('a client checking ever new postcodes is refused past its allowance, 429 with Retry-After; a postcode it was answered, the plain page and other clients are not', async () => {
  const server = await startTestServer('sqlite', { renderHtml: answerPage, trustProxy: true, limits: { pagesDrawn: 3 } });
  onTestFinished(() => server.stop());
  for (const postcode of ['SE1 7PB', 'SE16 4AB', 'E1 6AN']) expect((await check(server, postcode)).status, postcode).toBe(200);
  const refused = await check(server, 'SE11 5QY');
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.body).toMatch(/^Too many requests\. Please try again in \d+ (?:second|seconds), or call us on /);
  expect(checks(server)).toBe(3);

  expect((await check(server, 'SE16 4AB')).body).toContain('<p>covered SE16</p>');
  expect((await fetch(`${server.url}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(200);
  // The thanks after a plain post is a page drawn for the request too.
  expect((await fetch(`${server.url}/?quote=submitted`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(429);
  expect((await check(server, 'SE11 5QY', '198.51.100.9')).body).toContain('<p>covered SE11</p>');
});
