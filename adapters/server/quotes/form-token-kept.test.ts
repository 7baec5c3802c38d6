// What decision 039 keeps, held: a request with no form token is weighed 4 of 10 and taken, one token
// serves many requests for its day, and what stops a flood of either is the per-address limit and the
// repeated-text rule, not the token.
import { expect, test } from 'vitest';
import { toNamedFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { inboxPage, startTestServer, type TestServer } from '../test-server.test-support';

/** The default QUOTE_REQUESTS_PER_HOUR: stored requests (spam too) one address may send in an hour. */
const perHour = 10;

async function withServer(run: (server: TestServer) => Promise<void>) {
  const server = await startTestServer('sqlite', { limits: { submissions: perHour } });
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

/** A plausible request, its description its own unless `text` is given. */
const request = (index: number, extra: Record<string, unknown> = {}, text = `The kitchen tap in flat ${String(index)} drips all night long`) => ({
  ...toNamedFields(sampleQuote({ name: `Sender ${String(index)}`, description: text })),
  ...extra,
});
const post = (server: TestServer, body: unknown) =>
  fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Where each request sent is now, by name: Waiting, or the Spam folder with its score. */
async function whereEach(server: TestServer) {
  const waiting = (await inboxPage(server, { view: 'new' })).quotes.map(({ name }) => [name, 'waiting'] as const);
  const spam = (await inboxPage(server, { view: 'spam' })).quotes.map(({ name, spam }) => [name, `spam ${String(spam?.score)}`] as const);
  return Object.fromEntries([...waiting, ...spam]);
}

test('a flood with no form token is taken at 4 of 10 until the address has sent its 10 an hour, then refused', async () => {
  await withServer(async (server) => {
    const statuses = [];
    for (let index = 1; index <= perHour + 2; index++) statuses.push((await post(server, request(index))).status);
    expect(statuses).toEqual([...Array<number>(perHour).fill(201), 429, 429]);
    const where = await whereEach(server);
    expect(Object.values(where)).toEqual(Array<string>(perHour).fill('waiting'));
  });
});

test('the same text with no token reaches staff three times, then goes to Spam at 10; with one token reused it stays at 6', async () => {
  await withServer(async (server) => {
    const same = 'Boiler not firing up, pressure fine, no hot water since Monday';
    for (let index = 1; index <= 4; index++) expect((await post(server, request(index, {}, same))).status).toBe(201);
    expect(await whereEach(server)).toEqual({ 'Sender 1': 'waiting', 'Sender 2': 'waiting', 'Sender 3': 'waiting', 'Sender 4': 'spam 10' });

    // One token, issued a minute before, serves every request of its day (as would a new one fetched
    // for each from the page or GET /api/form-token and held three seconds): copies 4 and 5 of the
    // text are judged repeated (6), under the threshold.
    const reused = await server.formToken(60);
    const other = 'Radiators upstairs cold at the top, downstairs all fine';
    for (let index = 5; index <= 9; index++) expect((await post(server, request(index, { [formTokenFieldName]: reused }, other))).status).toBe(201);
    const where = await whereEach(server);
    for (const name of ['Sender 5', 'Sender 6', 'Sender 7', 'Sender 8', 'Sender 9']) expect(where[name], name).toBe('waiting');
  });
});

test('a token past its day reads as none: an old tab is weighed 4 and still reaches staff', async () => {
  await withServer(async (server) => {
    const dayOld = await server.formToken(24 * 60 * 60 + 1);
    expect((await post(server, request(1, { [formTokenFieldName]: dayOld }))).status).toBe(201);
    expect(await whereEach(server)).toEqual({ 'Sender 1': 'waiting' });
  });
});
