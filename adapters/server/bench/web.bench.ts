// Lighthouse benchmark of the built site (`npm run bench:web`), against the home page's own floor: the same
// prerendered home page with every script and preload of code taken out, served by the same server. Seven
// runs each of the home page, that scriptless copy, the staff page signed out (/quotes) and the same page
// signed in with 50 requests waiting, taken in turn, each in a fresh Chrome profile, with Lighthouse's
// default settings (a mid-range phone on a slow 4G connection, simulated), over a fresh SQLite database.
// Prints each run, each page's medians, the home page against its copy and against its aims, the audits
// each median run fails, and every host the pages reached besides the site's own (there must be none).
// Node runs this file directly by stripping its types, so it imports only npm packages, node: builtins and
// files that do the same, but for the domain's code, which the first import lets them load.
import '../../extensionless-imports.ts';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Result, type RunnerResult } from 'lighthouse';
import { computeMedianRun as untypedComputeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { benchDeadline, type BenchServer, startBenchServer } from './bench-server.test-support.ts';
import { categories, type Figures, figures, lcpElement, medianFigures, printFailingAudits, printTable, requestedHosts, seconds, write } from './lighthouse-report.test-support.ts';
import { codeElements, withoutScripts } from './scriptless-page.test-support.ts';
import { inboxRequests, postRequests, requireInboxShown, signIn } from './signed-in-inbox.test-support.ts';

/** Lighthouse's own pick of the median run; its declaration names a global type only Lighthouse's build defines. */
const computeMedianRun = untypedComputeMedianRun as (results: Result[]) => Result;

/**
 * Seven, for a steady median: whether Lighthouse's own requests after the load (the web app manifest,
 * and the icon it names) start before the page's first paint varies from run to run, and its LCP
 * estimate adds a round trip when they do, on the home page and its scriptless copy alike.
 */
const runsPerPage = 7;
/** Everything, all runs included, must be over well within this; past it the server and Chrome are killed. */
const deadlineMs = 600_000;
/** Where the scriptless copy of the home page is served from, beside the real one. */
const scriptlessPath = '/scriptless';
/** The requests waiting in the inbox when staff open it signed in: a full first page. */
const inboxRequestCount = 50;
const pages = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'scriptless', path: scriptlessPath, signedIn: false },
  { name: '/quotes', path: '/quotes', signedIn: false },
  { name: 'inbox', path: '/quotes', signedIn: true },
] as const;
type PageName = (typeof pages)[number]['name'];
const pageTitle = (name: PageName, path: string) =>
  name === '/quotes' ? '/quotes, signed out' : name === 'inbox' ? `/quotes, signed in, ${inboxRequestCount} requests` : `${name} (${path})`;
/** The home page's aims: its LCP within this factor of its scriptless copy's, no blocking time, 100 in every category. */
const lcpAim = 1.1;
/** The signed-in inbox's aim: its LCP on the phone, with a full first page of requests. */
const inboxLcpAimMs = 1500;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const staff = { email: 'bench@example.co.uk', password: 'a bench staff password' };

/** The database, the copy of the build, the server's files and each Chrome profile live here, and go with it. */
const workDir = mkdtempSync(join(tmpdir(), 'web-bench-'));
const dataDir = join(workDir, 'data');
const siteDir = join(workDir, 'site');
mkdirSync(dataDir);
const started: ChildProcess[] = [];
let server: BenchServer | undefined;
let chrome: LaunchedChrome | undefined;

function cleanUpNow() {
  for (const child of started) child.kill('SIGKILL');
  chrome?.kill();
  rmSync(workDir, { recursive: true, force: true, maxRetries: 5 });
}

const deadline = benchDeadline(deadlineMs, cleanUpNow);

/**
 * A copy of the build with the scriptless home page added, written as the build writes pages (with its
 * brotli and gzip twins), so the server serves it as it serves the real one: from memory, compressed, and
 * with a form token of its own spliced in, since it holds the quote form too. Returns the copy's server entry
 * and what was taken out.
 */
function buildScriptlessCopy(): { entry: string; removed: string[] } {
  cpSync('dist', join(siteDir, 'dist'), { recursive: true });
  // The built server imports its npm packages; from the copy, Node finds them through this link.
  symlinkSync(realpathSync('node_modules'), join(siteDir, 'node_modules'), 'dir');
  const home = readFileSync(join(siteDir, 'dist/client/index.html'), 'utf8');
  const scriptless = withoutScripts(home);
  const pageDir = join(siteDir, 'dist/client', scriptlessPath.slice(1));
  mkdirSync(pageDir);
  const file = join(pageDir, 'index.html');
  writeFileSync(file, scriptless);
  writeFileSync(`${file}.gz`, gzipSync(scriptless, { level: constants.Z_BEST_COMPRESSION }));
  writeFileSync(`${file}.br`, brotliCompressSync(scriptless, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  return { entry: join(siteDir, 'dist/server/server-main.js'), removed: codeElements(home) };
}

/** The hashes a Content-Security-Policy allows for one directive, as `sha256-...`. */
function allowedHashes(policy: string, directive: string): Set<string> {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === directive);
  return new Set((found ?? []).slice(1).map((source) => source.replace(/^'|'$/g, '')).filter((source) => source.startsWith('sha256-')));
}

/**
 * Each page must answer 200 before anything is measured (the signed-in one is the same page, checked by
 * signing in); the scriptless copy must hold no code, and its inline stylesheet must still be allowed by
 * the policy the server sends with it, or it would paint unstyled.
 */
async function checkPages(url: string) {
  const answers: string[] = [];
  for (const { name, path } of pages.filter(({ signedIn }) => !signedIn)) {
    const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br, gzip' }, signal: AbortSignal.timeout(10_000) });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not 200`);
    answers.push(`${path} ${response.status} (${response.headers.get('content-encoding') ?? 'plain'})`);
    if (name !== 'scriptless') continue;
    const code = codeElements(html);
    if (code.length > 0) throw new Error(`the scriptless copy still holds code: ${code.join(', ')}`);
    const allowed = allowedHashes(response.headers.get('content-security-policy') ?? '', 'style-src');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => `sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}`);
    if (styles.length === 0) throw new Error('the scriptless copy has no inline stylesheet');
    for (const hash of styles) {
      if (!allowed.has(hash)) throw new Error(`the scriptless copy's stylesheet (${hash}) is not allowed by the Content-Security-Policy`);
    }
  }
  write(`pages answer: ${answers.join(', ')}; the copy holds no code, and its stylesheet is allowed by the CSP`);
}

/** Kills Chrome (its whole process group) and waits until it has gone, so its profile can be removed. */
async function stopChrome(): Promise<void> {
  const launched = chrome;
  chrome = undefined;
  if (!launched) return;
  const gone = launched.process.exitCode !== null || launched.process.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => launched.process.once('exit', () => resolve()));
  launched.kill();
  await Promise.race([gone, sleep(5_000)]);
}

/** Lighthouse could not measure the page this time (a trace that lost its start, say): its own error. */
class LighthouseRunError extends Error {}

/**
 * One Lighthouse run in a Chrome of its own, with a fresh profile: nothing is cached from the run before.
 * With a session's `cookie`, every request of the page carries it, as a signed-in browser's would.
 */
async function audit(url: string, run: string, cookie: string | undefined): Promise<RunnerResult> {
  const userDataDir = join(workDir, `chrome-${run.replace(/\W+/g, '-')}`);
  mkdirSync(userDataDir);
  chrome = await launch({ chromePath, chromeFlags, userDataDir, handleSIGINT: false, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      extraHeaders: cookie === undefined ? null : { Cookie: cookie },
    });
    if (!result) throw new Error(`${run}: Lighthouse returned no result`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`${run}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return result;
  } finally {
    await stopChrome();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** A run Lighthouse itself fails is taken once more, in a fresh Chrome, and said so; a second failure ends the bench. */
async function auditOnceMore(url: string, run: string, cookie: string | undefined): Promise<{ result: RunnerResult; retried: boolean }> {
  try {
    return { result: await audit(url, run, cookie), retried: false };
  } catch (error) {
    if (!(error instanceof LighthouseRunError)) throw error;
    write(`  ${error.message.replace(/\s+/g, ' ')}; taken once more`);
    return { result: await audit(url, `${run} again`, cookie), retried: true };
  }
}

const ratio = (a: number, b: number) => a / b;
const times = (value: number) => `${value.toFixed(2)}×`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

function printAims(home: Figures, scriptless: Figures) {
  const lcpRatio = ratio(home.lcpMs, scriptless.lcpMs);
  write('the home page against its aims (medians):');
  write(`  LCP at most ${times(lcpAim)} the scriptless page's: ${seconds(home.lcpMs)} / ${seconds(scriptless.lcpMs)} = ${times(lcpRatio)}  ${verdict(lcpRatio <= lcpAim)}`);
  write(`  TBT 0 ms: ${Math.round(home.tbtMs)} ms  ${verdict(home.tbtMs === 0)}`);
  write(`  100 in all four categories: ${home.scores.join(' / ')}  ${verdict(home.scores.every((score) => score === 100))}`);
}

try {
  const { entry, removed } = buildScriptlessCopy();
  server = await startBenchServer({
    dataDir,
    started,
    entry,
    env: {
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      // The requests for the inbox are posted from this one address, a moment after their pages arrive,
      // which the spam rules would take for a script's.
      QUOTE_REQUESTS_PER_HOUR: '1000',
      QUOTE_REFUSALS_PER_HOUR: '10000',
      FORM_TOKEN_BACKDATE_SECONDS: '10',
    },
  });
  const { url } = server;
  const ownHost = new URL(url).host;
  write(`server: ${url}, from a copy of the build in ${siteDir}, SQLite in ${dataDir}; Chrome: ${chromePath}`);
  write(`the scriptless copy of / at ${scriptlessPath}, without ${removed.length === 0 ? 'anything: the home page holds no code' : `${removed.length} elements:`}`);
  for (const element of removed) write(`  ${element.length > 160 ? `${element.slice(0, 159)}…` : element}`);
  await checkPages(url);
  const requests = inboxRequests(inboxRequestCount);
  await postRequests(url, requests);
  const cookie = await signIn(url, staff);
  write(`${requests.length} requests posted through the home page's form token (${requests.filter(({ urgent }) => urgent).length} urgent), and staff signed in`);
  write(`Lighthouse, ${runsPerPage} runs a page taken in turn (${pages.map(({ name, path }) => pageTitle(name, path)).join('; ')}), with its default settings (mobile emulation, simulated throttling)`);
  write();

  const results = new Map<PageName, Result[]>(pages.map(({ name }) => [name, []]));
  let retries = 0;
  const startedAt = Date.now();
  for (let round = 1; round <= runsPerPage; round += 1) {
    const took: string[] = [];
    for (const { name, path, signedIn } of pages) {
      const runStarted = Date.now();
      const run = `${name} run ${round}`;
      const { result, retried } = await auditOnceMore(`${url}${path}`, run, signedIn ? cookie : undefined);
      if (retried) retries += 1;
      if (signedIn) await requireInboxShown(result.artifacts, requests, run);
      results.get(name)?.push(result.lhr);
      took.push(`${name} ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
    }
    write(`round ${round}: ${took.join(', ')}`);
  }
  write(`all runs in ${((Date.now() - startedAt) / 1000).toFixed(0)} s${retries > 0 ? `, ${retries} taken again` : ''}`);
  write();

  const medians = new Map<PageName, Figures>();
  for (const { name, path } of pages) {
    const all = (results.get(name) ?? []).map(figures);
    const middle = medianFigures(all);
    medians.set(name, middle);
    write(pageTitle(name, path));
    printTable([...all.map((entry, index) => ({ label: `run ${index + 1}`, figures: entry })), { label: 'MEDIAN', figures: middle }]);
    write();
  }

  write(`medians of ${runsPerPage} runs`);
  printTable(pages.map(({ name, path }) => ({ label: pageTitle(name, path), figures: medians.get(name) ?? medianFigures([]) })));
  write();
  const home = medians.get('home');
  const scriptless = medians.get('scriptless');
  if (!home || !scriptless) throw new Error('no medians for the home page or its copy');
  const homeRuns = (results.get('home') ?? []).map(figures);
  const scriptlessRuns = (results.get('scriptless') ?? []).map(figures);
  const roundRatios = homeRuns.map((entry, index) => times(ratio(entry.lcpMs, scriptlessRuns[index]?.lcpMs ?? Number.NaN)));
  write(`home / scriptless: FCP ${times(ratio(home.fcpMs, scriptless.fcpMs))}, LCP ${times(ratio(home.lcpMs, scriptless.lcpMs))} (LCP round by round: ${roundRatios.join(' ')})`);
  printAims(home, scriptless);
  const inbox = medians.get('inbox');
  if (!inbox) throw new Error('no medians for the signed-in inbox');
  write(`the signed-in inbox (medians): LCP under ${seconds(inboxLcpAimMs)}: ${seconds(inbox.lcpMs)}  ${verdict(inbox.lcpMs < inboxLcpAimMs)}; JavaScript ${(inbox.scriptBytes / 1024).toFixed(1)} KB as sent`);
  write();

  const hosts = new Map<string, number>();
  for (const lhr of [...results.values()].flat()) {
    for (const [host, count] of requestedHosts(lhr)) hosts.set(host, (hosts.get(host) ?? 0) + count);
  }
  const ownRequests = hosts.get(ownHost) ?? 0;
  hosts.delete(ownHost);
  write(`requests over all runs: ${ownRequests} to ${ownHost}`);
  if (ownRequests === 0) throw new Error('Lighthouse recorded no requests to the site: the host check would prove nothing');
  if (hosts.size === 0) {
    write('hosts other than the site\'s own: none');
  } else {
    write('hosts other than the site\'s own (requests over all runs):');
    for (const [host, count] of hosts) write(`  ${host}  ${count}`);
    console.error('bench: a page requested hosts other than its own; it must load everything from the site');
    process.exitCode = 1;
  }
  write();

  const warnings = new Set([...results.values()].flat().flatMap((lhr) => lhr.runWarnings));
  for (const warning of warnings) write(`Lighthouse warning: ${warning}`);
  for (const { name } of pages) {
    const runs = results.get(name) ?? [];
    const medianRun = computeMedianRun(runs);
    write(`${name}: the median run (run ${runs.indexOf(medianRun) + 1}, the one closest to the median FCP and TTI)`);
    write(`largest contentful paint: ${lcpElement(medianRun)}`);
    printFailingAudits(medianRun);
    write();
  }

  write(`server: ${await server.stop()} after SIGTERM`);
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await stopChrome();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true, maxRetries: 5 });
  clearTimeout(deadline);
}
