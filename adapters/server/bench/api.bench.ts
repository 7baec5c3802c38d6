// Load benchmark of the built server (`npm run bench:api`), run as production runs it (node
// dist/server/server-main.js, MALLOC_ARENA_MAX=2) on one CPU of its own, with the load generator on the
// others, over a fresh SQLite database on loopback: the home page and the largest script as fast as 50
// connections are answered; the home page as a visitor from another site, or one checking a postcode
// without scripts, asks for it, with /healthz asked meanwhile; then quote requests at a steady 50 and
// 500 a second.
// Node runs this file directly by stripping its types, so it imports only npm packages and node: builtins.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchDeadline, type BenchServer, cpuMilliseconds, cpuPerAnswer, residentMegabytes, startBareServer, startBenchServer, tasksetPath } from './bench-server.test-support.ts';
import { type AutocannonRequest, type AutocannonResult, figures, load, percentileOf, probe, type Sample, steadyLoad } from './load-runs.test-support.ts';

const connections = 50;
const getSeconds = 10;
const postRates = [
  { perSecond: 50, seconds: 30 },
  { perSecond: 500, seconds: 10 },
];
/** The floors: each GET's rate and p99, and the p99 of quote requests at 50 a second. */
const floors = { getPerSecond: 3_000, getP99Ms: 25, postP99Ms: 50, postFloorRate: 50 };
/**
 * What a visitor sends to the home page must not cost much more than the plain page: each such run at
 * least this share of the plain page's rate, with /healthz, asked every `healthEveryMs` meanwhile, under
 * `healthP99Ms` at p99.
 */
const visitorAims = { shareOfPlain: 0.5, healthP99Ms: 50, healthEveryMs: 20 };
/** Everything must be over well within this; past it the server is killed. */
const deadlineMs = 360_000;
const quotesPath = '/api/quote-requests';
const staff = { email: 'staff@example.co.uk', password: 'a staff password for this run' };

/** Signs in as the staff account the server was started with, to read the inbox; returns the Cookie header. */
async function staffCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/** Every stored request's id, read through the staff inbox a page of 500 at a time, newest first. */
async function everyStoredId(url: string, cookie: string): Promise<{ id: string }[]> {
  const ids: { id: string }[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ view: 'all', limit: '500', ...(after === null ? {} : { after }) });
    const response = await fetch(`${url}${quotesPath}?${params.toString()}`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
    if (response.status !== 200) throw new Error(`GET ${quotesPath} answered ${response.status}`);
    const page = (await response.json()) as { quotes: { id: string }[]; next: string | null };
    ids.push(...page.quotes.map(({ id }) => ({ id })));
    after = page.next;
  } while (after !== null);
  return ids;
}

const write = (line = '') => process.stdout.write(`${line}\n`);
const clientDir = fileURLToPath(new URL('../../../dist/client/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'quotes-bench-'));
const started: ChildProcess[] = [];
let server: BenchServer | undefined;
const met = (yes: boolean) => (yes ? 'met' : 'NOT MET');
/** What made the run itself broken: any of these, and the bench exits non-zero. */
const broken: string[] = [];

function cleanUpNow() {
  for (const child of started) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

const deadline = benchDeadline(deadlineMs, cleanUpNow);

/** The largest script the build wrote, by its size as written (not its compressed copies). */
function largestScript(): { path: string; bytes: number } {
  const assets = join(clientDir, 'assets');
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ path: `/assets/${name}`, bytes: statSync(join(assets, name)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = scripts[0];
  if (largest === undefined) throw new Error(`no script in ${assets}: run npm run build first`);
  return largest;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Counts what a run got wrong: a status other than those expected, an error or a timeout. */
function judge(label: string, expected: number | readonly number[], { result, samples }: { result: AutocannonResult; samples: Sample[] }) {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  const wrong = samples.filter(({ status }) => !allowed.includes(status)).length;
  if (wrong > 0) broken.push(`${label}: ${wrong} answers were not ${allowed.join(' or ')}`);
  if (result.errors > 0 || result.timeouts > 0) broken.push(`${label}: ${result.errors} errors, ${result.timeouts} timeouts`);
  if (samples.length === 0) broken.push(`${label}: no answers`);
}

/** An answer's headers and its body as sent (fetch would undo its compression). */
function rawAnswer(target: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(target, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const flat = Object.entries(response.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as const] : []));
        resolve({ headers: Object.fromEntries(flat), body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** Fails the run unless `check` holds of a request answered before the load: a server that answers wrongly is not measured. */
async function expectAnswer(label: string, path: string, headers: Record<string, string>, check: (response: Response, body: string) => string | undefined) {
  const response = await fetch(`${server?.url ?? ''}${path}`, { headers });
  const problem = response.status === 200 ? check(response, await response.text()) : `answered ${response.status}`;
  if (problem !== undefined) broken.push(`${label}: ${problem}`);
}

try {
  const cpus = availableParallelism();
  // The server on the last CPU alone; this process, and so the load, on the others.
  const serverCpu = tasksetPath !== undefined && cpus >= 2 ? cpus - 1 : undefined;
  if (serverCpu !== undefined && tasksetPath !== undefined) execFileSync(tasksetPath, ['-a', '-cp', `0-${serverCpu - 1}`, String(process.pid)], { stdio: 'ignore' });
  server = await startBenchServer({
    dataDir,
    started,
    ...(serverCpu !== undefined && { cpu: serverCpu }),
    env: {
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      // As npm start runs it.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      // One client sends everything here: the limit per client must not be what is measured.
      QUOTE_REQUESTS_PER_HOUR: '100000000',
      QUOTE_REFUSALS_PER_HOUR: '100000000',
    },
  });
  const { url, pid } = server;
  await sleep(2_000);
  const idleRss = residentMegabytes(pid);
  const script = largestScript();
  write(`server: ${url}, SQLite in ${dataDir}, ${serverCpu === undefined ? 'on any CPU (no taskset, or one CPU): figures include the load generator' : `on CPU ${serverCpu} alone, autocannon on the other${cpus > 2 ? 's' : ''}`}`);
  write(`idle RSS: ${idleRss === undefined ? 'unknown (no /proc)' : `${idleRss.toFixed(0)} MB`}`);
  write();

  const browser = { 'accept-encoding': 'br, gzip' };
  await expectAnswer('GET / (br)', '/', browser, (response, body) =>
    response.headers.get('content-encoding') !== 'br' ? 'not Brotli' : /name="form_token" value="[^"]+"/.test(body) ? undefined : 'no form token in the page',
  );
  await expectAnswer('GET / (plain)', '/', { 'accept-encoding': 'identity' }, (response) => (response.headers.get('content-encoding') === null ? undefined : 'compressed'));
  await expectAnswer(`GET ${script.path}`, script.path, browser, (response) =>
    response.headers.get('cache-control')?.includes('immutable') === true ? undefined : 'not cached as immutable',
  );

  // Every POST has a name of its own, so every stored row can be told apart; each 201 names the id it stored.
  let serial = 0;
  const acknowledged: string[] = [];
  const post: AutocannonRequest = {
    method: 'POST',
    path: quotesPath,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      serial += 1;
      return { ...request, body: JSON.stringify({ name: `Bench Customer ${serial}`, phone: '07700 900123', service_type: 'general' }) };
    },
    onResponse: (status, body) => {
      if (status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
    },
  };

  // Warmed up first, unmeasured: the server's code compiled, its statements prepared.
  await load({ url, connections, duration: 2, requests: [{ headers: browser }] });
  await steadyLoad({ url, connections, duration: 3, overallRate: 50, requests: [post] });

  write(`GET, ${connections} connections, as fast as answered, ${getSeconds} s each`);
  const gets = [
    { label: 'GET / (Accept-Encoding: br, gzip)', path: '/', headers: browser },
    { label: 'GET / (plain)', path: '/', headers: {} },
    { label: `GET ${script.path} (${(script.bytes / 1024).toFixed(0)} KB, br)`, path: script.path, headers: browser },
  ];
  const getFigures = [];
  for (const { label, path, headers } of gets) {
    const cpuBefore = cpuMilliseconds(pid);
    const run = await load({ url, connections, duration: getSeconds, requests: [{ path, headers }] });
    judge(label, 200, run);
    const { perSecond, p50, p99 } = figures(run);
    getFigures.push({ label, perSecond, p99 });
    write(`  ${label.padEnd(52)} ${Math.round(perSecond).toLocaleString('en-GB').padStart(7)}/s, p50 ${ms(p50)}, p99 ${ms(p99)}${cpuPerAnswer(pid, cpuBefore, run.samples.length)}`);
  }
  // The same answer, headers and bytes, from a server that does nothing else: how far the load generator reaches here.
  const sample = await rawAnswer(`${url}/`, browser);
  const sampleFile = join(dataDir, 'home.br');
  writeFileSync(sampleFile, sample.body);
  const bare = await startBareServer({
    file: sampleFile,
    // As sent, but for what Node's server writes itself.
    headers: Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))),
    started,
    ...(serverCpu !== undefined && { cpu: serverCpu }),
  });
  await load({ url: bare.url, connections, duration: 2 });
  const bareCpuBefore = cpuMilliseconds(bare.pid);
  const bareRun = await load({ url: bare.url, connections, duration: getSeconds });
  judge('the bare server', 200, bareRun);
  const ceiling = figures(bareRun);
  write(
    `  ${'(the same answer from a bare Node HTTP server)'.padEnd(52)} ${Math.round(ceiling.perSecond).toLocaleString('en-GB').padStart(7)}/s, p50 ${ms(ceiling.p50)}, p99 ${ms(ceiling.p99)}${cpuPerAnswer(bare.pid, bareCpuBefore, bareRun.samples.length)}`,
  );
  await bare.stop();
  write();

  // A host and a postcode of their own for each request: what no cache of the answers can hold.
  let visitor = 0;
  const anotherSite: AutocannonRequest['setupRequest'] = (request) => {
    visitor += 1;
    return { ...request, headers: { ...request.headers, referer: `https://site-${visitor}.example/page` } };
  };
  const districts = ['SE1', 'SE11', 'SE16', 'SE17', 'SW8', 'E1', 'N1', 'M1'];
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const anotherPostcode: AutocannonRequest['setupRequest'] = (request) => {
    visitor += 1;
    const unit = `${visitor % 10}${letters[Math.floor(visitor / 10) % 20] ?? 'A'}${letters[Math.floor(visitor / 200) % 20] ?? 'A'}`;
    return { ...request, path: `/?postcode=${encodeURIComponent(`${districts[visitor % districts.length] ?? 'SE1'} ${unit}`)}` };
  };
  const fromGoogle = { ...browser, referer: 'https://www.google.com/' };
  const postcodePath = `/?postcode=${encodeURIComponent('SE1 7PB')}`;
  await expectAnswer('GET / from Google', '/', fromGoogle, (_response, body) =>
    body.includes('name="referrer_host" value="www.google.com"') ? undefined : 'the referrer is not in the form',
  );
  await expectAnswer(`GET ${postcodePath}`, postcodePath, browser, (_response, body) =>
    body.includes('Yes, we cover SE1.') && /name="form_token" value="[^"]+"/.test(body) ? undefined : 'not the answer, or no form token',
  );
  write(`What a visitor sends to the home page, ${connections} connections, as fast as answered, ${getSeconds} s each, /healthz asked every ${visitorAims.healthEveryMs} ms meanwhile`);
  const visits: { label: string; request: AutocannonRequest; statuses: readonly number[] }[] = [
    { label: 'GET / (br, gzip)', request: { path: '/', headers: browser }, statuses: [200] },
    { label: 'GET / from Google (Referer, br)', request: { path: '/', headers: fromGoogle }, statuses: [200] },
    { label: 'GET / from another site each time (br)', request: { path: '/', headers: browser, setupRequest: anotherSite }, statuses: [200, 429] },
    { label: 'GET /?postcode=SE1 7PB', request: { path: postcodePath, headers: browser }, statuses: [200] },
    { label: 'GET /?postcode=… another each time', request: { path: '/', headers: browser, setupRequest: anotherPostcode }, statuses: [200, 429] },
  ];
  const visitFigures = [];
  for (const { label, request, statuses } of visits) {
    const cpuBefore = cpuMilliseconds(pid);
    const [run, health] = await Promise.all([
      load({ url, connections, duration: getSeconds, requests: [request] }),
      probe({ url, path: '/healthz', seconds: getSeconds - 1, everyMs: visitorAims.healthEveryMs }),
    ]);
    judge(label, statuses, run);
    if (health.failures > 0) broken.push(`${label}: /healthz failed ${health.failures} times`);
    const { perSecond, p50, p99 } = figures(run);
    const healthP99 = percentileOf(health.samples, 0.99);
    visitFigures.push({ label, perSecond, healthP99 });
    const refused = run.samples.filter(({ status }) => status === 429).length;
    write(`  ${label.padEnd(52)} ${Math.round(perSecond).toLocaleString('en-GB').padStart(7)}/s, p50 ${ms(p50)}, p99 ${ms(p99)}${cpuPerAnswer(pid, cpuBefore, run.samples.length)}`);
    write(`    /healthz p50 ${ms(percentileOf(health.samples, 0.5))}, p99 ${ms(healthP99)}${statuses.includes(429) ? `; ${(run.samples.length - refused).toLocaleString('en-GB')} answered 200, ${refused.toLocaleString('en-GB')} 429` : ''}`);
  }
  write();

  write(`POST ${quotesPath}, ${connections} connections, at a steady rate (autocannon's overallRate, the connections' seconds staggered)`);
  const postFigures = [];
  for (const { perSecond: rate, seconds } of postRates) {
    const cpuBefore = cpuMilliseconds(pid);
    const run = await steadyLoad({ url, connections, duration: seconds, overallRate: rate, requests: [post] });
    const label = `${rate}/s for ${seconds} s`;
    judge(`POST at ${label}`, 201, run);
    const { perSecond, p50, p99, max } = figures(run);
    postFigures.push({ rate, p99 });
    write(`  at ${label.padEnd(16)} ${perSecond.toFixed(0).padStart(5)}/s answered, p50 ${ms(p50)}, p99 ${ms(p99)}, slowest ${ms(max)}${cpuPerAnswer(pid, cpuBefore, run.samples.length)}`);
    // When the slowest arrived, in seconds into the run: a stall that comes back on a period shows here.
    const slowest = [...run.samples].sort((a, b) => b.ms - a.ms).slice(0, 8);
    write(`    slowest at: ${slowest.map(({ at, ms: taken }) => `${(at / 1000).toFixed(2)} s (${taken.toFixed(0)} ms)`).join(', ')}`);
  }

  const rows = await everyStoredId(url, await staffCookie(url));
  const stored = new Set(rows.map((row) => row.id));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  write(`  ${acknowledged.length} acknowledged (warm-up included), ${rows.length} stored, lost: ${lost}`);
  if (lost > 0) broken.push(`${lost} acknowledged requests are not stored`);
  if (stored.size !== rows.length) broken.push(`${rows.length - stored.size} requests listed twice`);
  write();

  write('floors:');
  for (const { label, perSecond, p99 } of getFigures) {
    write(`  ${label}: ${floors.getPerSecond.toLocaleString('en-GB')}/s or more with p99 under ${floors.getP99Ms} ms: ${met(perSecond >= floors.getPerSecond && p99 < floors.getP99Ms)}`);
  }
  if (ceiling.perSecond < floors.getPerSecond || ceiling.p99 >= floors.getP99Ms) {
    write(`  (the bare server does not meet the GET floor either: on this machine now, the load generator is what is measured)`);
  }
  const plain = visitFigures[0];
  for (const { label, perSecond, healthP99 } of visitFigures) {
    const share = plain === undefined ? Number.NaN : perSecond / plain.perSecond;
    write(
      `  ${label}: ${visitorAims.shareOfPlain * 100}% of the plain page's rate or more (${(share * 100).toFixed(0)}%), /healthz p99 under ${visitorAims.healthP99Ms} ms: ${met(share >= visitorAims.shareOfPlain && healthP99 < visitorAims.healthP99Ms)}`,
    );
  }
  const atFloorRate = postFigures.find(({ rate }) => rate === floors.postFloorRate);
  write(`  POST at ${floors.postFloorRate}/s: p99 under ${floors.postP99Ms} ms: ${met(atFloorRate !== undefined && atFloorRate.p99 < floors.postP99Ms)}`);
  const afterRss = residentMegabytes(pid);
  if (afterRss !== undefined) write(`RSS after the runs: ${afterRss.toFixed(0)} MB`);
  write(`server: ${await server.stop()} after SIGTERM`);
  if (broken.length > 0) {
    write();
    write('The run itself is broken:');
    for (const problem of broken) write(`  ${problem}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(deadline);
}
