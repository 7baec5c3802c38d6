// Lighthouse benchmark of the built site (`npm run bench:web`): three runs on the home page served by the built
// server, with Lighthouse's default settings (a mid-range phone on a slow 4G connection, simulated), over a fresh
// SQLite database. Prints the scores, the timings and the bytes sent of each run and their median, the audits the
// median run fails, and every host the page reached besides the site's own (there must be none).
// Node runs this file directly by stripping its types, so it imports only npm packages and node: builtins.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun as untypedComputeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { benchDeadline, type BenchServer, startBenchServer } from './bench-server.test-support.ts';

/** Lighthouse's own pick of the median run; its declaration names a global type only Lighthouse's build defines. */
const computeMedianRun = untypedComputeMedianRun as (results: Result[]) => Result;

const runs = 3;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Everything, all runs included, must be over well within this; past it the server and Chrome are killed. */
const deadlineMs = 300_000;
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

const write = (line = '') => process.stdout.write(`${line}\n`);
/** The database, the server's files and each Chrome profile live here, and go with it. */
const workDir = mkdtempSync(join(tmpdir(), 'web-bench-'));
const dataDir = join(workDir, 'data');
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

/** One Lighthouse run in a Chrome of its own, with a fresh profile: nothing is cached from the run before. */
async function audit(url: string, run: number): Promise<Result> {
  const userDataDir = join(workDir, `chrome-${run}`);
  mkdirSync(userDataDir);
  chrome = await launch({ chromePath, chromeFlags, userDataDir, handleSIGINT: false, logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (!result) throw new Error(`run ${run}: Lighthouse returned no result`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`run ${run}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await stopChrome();
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

interface Figures {
  scores: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
}

const numericValue = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

function tableItems(lhr: Result, id: string) {
  const details = lhr.audits[id]?.details;
  return details?.type === 'table' || details?.type === 'opportunity' ? details.items : [];
}

/** Bytes transferred of one resource type ('script', 'total', ...) from the resource-summary audit. */
function transferred(lhr: Result, resourceType: string): number {
  const row = tableItems(lhr, 'resource-summary').find((item) => item.resourceType === resourceType);
  return typeof row?.transferSize === 'number' ? row.transferSize : 0;
}

function figures(lhr: Result): Figures {
  return {
    scores: categories.map((id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)),
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift'),
    scriptBytes: transferred(lhr, 'script'),
    totalBytes: transferred(lhr, 'total'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function medianFigures(all: Figures[]): Figures {
  const of = (pick: (entry: Figures) => number) => median(all.map(pick));
  return {
    scores: categories.map((_, index) => of((entry) => entry.scores[index] ?? Number.NaN)),
    fcpMs: of((entry) => entry.fcpMs),
    lcpMs: of((entry) => entry.lcpMs),
    tbtMs: of((entry) => entry.tbtMs),
    cls: of((entry) => entry.cls),
    scriptBytes: of((entry) => entry.scriptBytes),
    totalBytes: of((entry) => entry.totalBytes),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(rows: { label: string; figures: Figures }[]) {
  const header = ['', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'page'];
  const lines = rows.map(({ label, figures: entry }) => [
    label,
    ...entry.scores.map(String),
    seconds(entry.fcpMs),
    seconds(entry.lcpMs),
    `${Math.round(entry.tbtMs)} ms`,
    entry.cls.toFixed(3),
    kilobytes(entry.scriptBytes),
    kilobytes(entry.totalBytes),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  write(format(header));
  for (const line of lines) write(format(line));
}

/** Every host the page requested, each with its number of requests. */
function requestedHosts(lhr: Result): Map<string, number> {
  const hosts = new Map<string, number>();
  for (const item of tableItems(lhr, 'network-requests')) {
    if (typeof item.url !== 'string') continue;
    let address: URL;
    try {
      address = new URL(item.url);
    } catch {
      continue;
    }
    // data:, blob: and the like never leave the browser.
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(address.protocol)) continue;
    hosts.set(address.host, (hosts.get(address.host) ?? 0) + 1);
  }
  return hosts;
}

/** A few of what an audit found (elements, files, console messages), so the place to fix is plain. */
function examples(lhr: Result, id: string): string[] {
  const found: string[] = [];
  for (const item of tableItems(lhr, id).slice(0, 3)) {
    const { node, sourceLocation, url, description } = item;
    const parts: string[] = [];
    if (typeof node === 'object' && 'type' in node && node.type === 'node') {
      parts.push(node.selector ?? node.snippet ?? node.nodeLabel ?? '(an element)');
    }
    if (typeof url === 'string') parts.push(url);
    else if (typeof sourceLocation === 'object' && 'type' in sourceLocation && sourceLocation.type === 'source-location') {
      parts.push(`${sourceLocation.url}:${sourceLocation.line + 1}`);
    }
    if (typeof description === 'string') parts.push(description.replace(/\s+/g, ' '));
    const text = parts.join(' ');
    if (text) found.push(text.length > 200 ? `${text.slice(0, 199)}…` : text);
  }
  return found;
}

/** The audits of one run that do not pass, by category; informative, not applicable and manual ones aside. */
function printFailingAudits(lhr: Result) {
  const ignored = new Set(['informative', 'notApplicable', 'manual']);
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category) continue;
    const failing = category.auditRefs
      .filter((ref) => ref.group !== 'hidden')
      .map((ref) => lhr.audits[ref.id])
      .filter((entry) => entry !== undefined)
      .filter((entry) => !ignored.has(entry.scoreDisplayMode))
      .filter((entry) => entry.scoreDisplayMode === 'error' || (entry.score !== null && entry.score < 1));
    write(`${category.title} (${Math.round((category.score ?? Number.NaN) * 100)}): ${failing.length === 0 ? 'all audits pass' : `${failing.length} failing`}`);
    for (const entry of failing) {
      const score = entry.scoreDisplayMode === 'error' ? `error: ${entry.errorMessage ?? 'unknown'}` : `score ${entry.score?.toFixed(2) ?? '-'}`;
      const value = entry.displayValue ? `, ${entry.displayValue}` : '';
      write(`  - ${entry.title} [${entry.id}] (${score}${value})`);
      for (const where of examples(lhr, entry.id)) write(`      ${where}`);
    }
  }
}

try {
  server = await startBenchServer({ dataDir, started, env: { STAFF_EMAIL: staff.email, STAFF_PASSWORD: staff.password } });
  const { url } = server;
  const ownHost = new URL(url).host;
  write(`server: ${url}, SQLite in ${dataDir}; Chrome: ${chromePath}`);
  write(`Lighthouse ${runs} runs on ${url}/ with its default settings (mobile emulation, simulated throttling)`);
  write();

  const results: Result[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    results.push(await audit(`${url}/`, run));
    write(`run ${run} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  write();

  const all = results.map(figures);
  printTable([
    ...all.map((entry, index) => ({ label: `run ${index + 1}`, figures: entry })),
    { label: 'MEDIAN', figures: medianFigures(all) },
  ]);
  write();

  const hosts = new Map<string, number>();
  for (const lhr of results) {
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
    console.error('bench: the page requested hosts other than its own; it must load everything from the site');
    process.exitCode = 1;
  }
  write();

  const medianRun = computeMedianRun(results);
  const warnings = new Set(results.flatMap((lhr) => lhr.runWarnings));
  for (const warning of warnings) write(`Lighthouse warning: ${warning}`);
  write(`failing audits of the median run (run ${results.indexOf(medianRun) + 1}, the one closest to the median FCP and TTI):`);
  printFailingAudits(medianRun);
  write();

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
