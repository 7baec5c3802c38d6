// Load benchmark of the built server (`npm run bench:api`): the JSON API's insert for 10 s with 50
// connections, on loopback, over a fresh SQLite database, and then the home page (plain, and compressed
// as browsers ask for it) against nginx serving the same built folder, taken in turn.
// Node runs this file directly by stripping its types, so it imports only npm packages and node: builtins.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDeadline, type BenchServer, startBenchServer } from './bench-server.test-support.ts';
import { type Nginx, nginxPath, startNginx, wrk, wrkPath, type WrkResult } from './reference-load.test-support.ts';
// @ts-expect-error -- autocannon ships no types and none are installed; the shapes used are declared below.
import untypedAutocannon from 'autocannon';

/** The parts of autocannon's API this file uses (node_modules/autocannon/README.md). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests?: AutocannonRequest[];
}
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number } | undefined>;
}
const autocannon = untypedAutocannon as (options: AutocannonOptions) => Promise<AutocannonResult>;

const connections = 50;
const durationSeconds = 10;
/** Each GET run against our server and against nginx, taken in turn this many times. */
const getRounds = 2;
const getSeconds = 5;
/** The aims: the POST's rate and slowest answers, and the home page's rate against nginx's. */
const aims = { postPerSecond: 2_000, postP99Ms: 50, getRatio: 0.6 };
/** Everything, both runs included, must be over well within this; past it the server is killed. */
const deadlineMs = 180_000;
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
/** The built site, as the server serves it, and nginx too. */
const clientDir = fileURLToPath(new URL('../../dist/client/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'quotes-bench-'));
const started: ChildProcess[] = [];
let server: BenchServer | undefined;
let nginx: Nginx | undefined;
const met = (yes: boolean) => (yes ? 'met' : 'NOT MET');

function cleanUpNow() {
  for (const child of started) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

const deadline = benchDeadline(deadlineMs, cleanUpNow);

const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;

/** Each run's rate, and the runs' mean with their slowest p50 and p99. */
function reportWrk(label: string, runs: WrkResult[]) {
  const rates = runs.map((run) => Math.round(run.requestsPerSecond).toLocaleString('en-GB')).join(', ');
  const p50 = Math.max(...runs.map((run) => run.p50Ms));
  const p99 = Math.max(...runs.map((run) => run.p99Ms));
  const failed = runs.reduce((total, run) => total + run.non2xx + run.errors, 0);
  write(`${label} ${Math.round(mean(runs.map((run) => run.requestsPerSecond))).toLocaleString('en-GB').padStart(7)}/s (runs: ${rates}), p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, non-2xx or errors ${failed}`);
}

function report(title: string, result: AutocannonResult) {
  write(title);
  write(`  requests/s (average)  ${result.requests.average.toFixed(0)}`);
  write(`  latency p50           ${result.latency.p50} ms`);
  write(`  latency p99           ${result.latency.p99} ms`);
  write(`  non-2xx responses     ${result.non2xx}`);
  write(`  errors / timeouts     ${result.errors} / ${result.timeouts}`);
}

try {
  server = await startBenchServer({
    dataDir,
    started,
    env: {
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      // One client sends everything here: the limit per client must not be what is measured.
      QUOTE_REQUESTS_PER_HOUR: '100000000',
      QUOTE_REFUSALS_PER_HOUR: '100000000',
    },
  });
  const { url } = server;
  write(`server: ${url}, SQLite in ${dataDir}; autocannon: ${connections} connections, ${durationSeconds} s per run`);
  write();

  // Every POST has a name of its own, so every stored row can be told apart; each 201 names the id it stored.
  let serial = 0;
  const acknowledged: string[] = [];
  const post = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: quotesPath,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          serial += 1;
          const body = { name: `Bench Customer ${serial}`, phone: '07700 900123', service_type: 'general' };
          return { ...request, body: JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          if (status === 201) acknowledged.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ],
  });
  report(`POST ${quotesPath}`, post);

  const rows = await everyStoredId(url, await staffCookie(url));
  const stored = new Set(rows.map((row) => row.id));
  const created = post.statusCodeStats['201']?.count ?? 0;
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  write(`  201 responses         ${created} (autocannon's count; ${acknowledged.length} ids read from them)`);
  write(`  rows stored           ${rows.length}`);
  if (stored.size !== rows.length) write(`  listed twice          ${rows.length - stored.size}`);
  if (rows.length > acknowledged.length) {
    write(`  unacknowledged rows   ${rows.length - acknowledged.length} (in flight when autocannon stopped the run)`);
  }
  write(lost === 0 ? '  lost: 0' : `  lost: ${lost} acknowledged requests are not stored`);
  write();

  write(
    `  aim: ${aims.postPerSecond.toLocaleString('en-GB')}/s or more with p99 under ${aims.postP99Ms} ms: ` +
      `${post.requests.average.toFixed(0)}/s, p99 ${post.latency.p99} ms, ${met(post.requests.average >= aims.postPerSecond && post.latency.p99 < aims.postP99Ms)}`,
  );
  write();

  const compressed = { 'accept-encoding': 'br, gzip' };
  if (wrkPath === undefined) {
    // autocannon, in Node, is slower than either server: it would measure itself, not nginx.
    write('wrk is not installed (apt-get install -y wrk): GET / is measured with autocannon, and not against nginx');
    report('GET /', await autocannon({ url, connections, duration: durationSeconds, timeout: 10 }));
    report('GET / (Accept-Encoding: br, gzip)', await autocannon({ url, connections, duration: durationSeconds, timeout: 10, requests: [{ headers: compressed }] }));
    write();
  } else {
    if (nginxPath === undefined) write('nginx is not installed (apt-get install -y nginx-light): GET / is measured without it');
    else nginx = await startNginx({ root: clientDir, workDir: dataDir, started });
    write(`GET / with wrk: ${connections} connections, one thread, ${getSeconds} s a run, ${getRounds} runs each${nginx ? ', ours and nginx (one worker, gzip_static, the same dist/client) in turn' : ''}`);
    for (const { label, headers } of [
      { label: 'GET / (Accept-Encoding: br, gzip)', headers: compressed },
      { label: 'GET / (plain)', headers: {} },
    ]) {
      const ours: WrkResult[] = [];
      const theirs: WrkResult[] = [];
      for (let round = 0; round < getRounds; round += 1) {
        ours.push(await wrk(`${url}/`, { connections, seconds: getSeconds, headers }));
        if (nginx) theirs.push(await wrk(`${nginx.url}/`, { connections, seconds: getSeconds, headers }));
      }
      write(label);
      reportWrk('  ours ', ours);
      if (nginx) {
        reportWrk('  nginx', theirs);
        const ratio = mean(ours.map((run) => run.requestsPerSecond)) / mean(theirs.map((run) => run.requestsPerSecond));
        write(`  ours / nginx: ${ratio.toFixed(2)}× (aim: ${aims.getRatio}× or better) ${met(ratio >= aims.getRatio)}`);
      }
    }
    write();
  }

  write(`server: ${await server.stop()} after SIGTERM`);
  if (lost > 0 || stored.size !== rows.length) process.exitCode = 1;
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await nginx?.stop();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(deadline);
}
