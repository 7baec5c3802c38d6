// autocannon as the API benchmark runs it: every answer's latency as measured, runs at a steady rate,
// and the figures of a run. Node runs the benchmarks by stripping types, so this file imports only npm
// packages and node: builtins.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
// @ts-expect-error -- autocannon ships no types and none are installed; the shapes used are declared below.
import untypedAutocannon from 'autocannon';

/** The parts of autocannon's API this file uses (node_modules/autocannon/README.md). */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
}
export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  overallRate?: number;
  requests?: AutocannonRequest[];
}
export interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance {
  on: (event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void) => void;
}
const autocannon = untypedAutocannon as (options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

/** One answer as the load generator saw it: when it arrived (ms into the run), how long it took, and its status. */
export interface Sample {
  at: number;
  ms: number;
  status: number;
}

/**
 * A run of autocannon, with every answer's latency as measured (autocannon's own histogram, at a fixed
 * rate, "corrects" each latency as if a request were due every millisecond, which inflates it).
 */
export function load(options: AutocannonOptions): Promise<{ result: AutocannonResult; samples: Sample[] }> {
  return new Promise((resolve, reject) => {
    const samples: Sample[] = [];
    const started = performance.now();
    const instance = autocannon({ timeout: 10, ...options }, (error, result) => {
      if (error) reject(error);
      else resolve({ result, samples });
    });
    instance.on('response', (_client, status, _bytes, ms) => samples.push({ at: performance.now() - started, ms, status }));
  });
}

/**
 * A steady `rate` a second over `connections` connections. autocannon's overallRate gives each
 * connection its share of the second at the second's start, and starts every connection together: at
 * 50 a second that is 50 requests at once, once a second, which measures how long a burst of 50 takes.
 * Here each connection is a run of its own, started 1/`connections` of a second after the one before,
 * so the requests are spread over the second.
 */
export async function steadyLoad(options: AutocannonOptions & { overallRate: number }): Promise<{ result: AutocannonResult; samples: Sample[] }> {
  const started = performance.now();
  const runs: Promise<{ result: AutocannonResult; samples: Sample[] }>[] = [];
  for (let index = 0; index < options.connections; index += 1) {
    const offset = performance.now() - started;
    runs.push(
      load({ ...options, connections: 1, overallRate: options.overallRate / options.connections }).then(({ result, samples }) => ({
        result,
        samples: samples.map((sample) => ({ ...sample, at: sample.at + offset })),
      })),
    );
    await sleep(1000 / options.connections);
  }
  const done = await Promise.all(runs);
  return {
    result: {
      duration: Math.max(...done.map(({ result }) => result.duration)),
      errors: done.reduce((total, { result }) => total + result.errors, 0),
      timeouts: done.reduce((total, { result }) => total + result.timeouts, 0),
    },
    samples: done.flatMap(({ samples }) => samples),
  };
}

/** The value below which `fraction` of the sorted values lie. */
const percentile = (sorted: readonly number[], fraction: number) => sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
/** A run's figures: requests a second, and the latencies' p50, p99 and slowest. */
export function figures({ result, samples }: { result: AutocannonResult; samples: Sample[] }) {
  const sorted = samples.map(({ ms: taken }) => taken).sort((a, b) => a - b);
  return { perSecond: samples.length / result.duration, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

/**
 * `GET path` asked one at a time, every `everyMs`, for `seconds`, from a process of its own (so the load
 * generator's turns are not in its figures): every answer's latency in ms, and the statuses that were not 200.
 */
export function probe({ url, path, seconds, everyMs }: { url: string; path: string; seconds: number; everyMs: number }): Promise<{ samples: number[]; failures: number }> {
  const script = `
    import { Agent, request } from 'node:http';
    import { setTimeout as sleep } from 'node:timers/promises';
    const target = new URL(${JSON.stringify(path)}, ${JSON.stringify(url)});
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const samples = [];
    let failures = 0;
    const until = performance.now() + ${seconds * 1000};
    while (performance.now() < until) {
      const started = performance.now();
      const status = await new Promise((resolve) => {
        const asked = request(target, { agent, timeout: 10_000 }, (response) => { response.resume(); response.on('end', () => resolve(response.statusCode)); });
        asked.on('timeout', () => asked.destroy(new Error('timeout')));
        asked.on('error', () => resolve(0));
        asked.end();
      });
      const taken = performance.now() - started;
      samples.push(taken);
      if (status !== 200) failures += 1;
      await sleep(Math.max(0, ${everyMs} - taken));
    }
    process.stdout.write(JSON.stringify({ samples, failures }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    // Ahead of the load generator on their shared CPU, so its figures are the server's wait, not the generator's.
    try {
      setPriority(child.pid ?? 0, -10);
    } catch {
      // Not allowed (not root): the figures then include the generator's turns.
    }
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as { samples: number[]; failures: number });
      else reject(new Error(`the probe of ${path} exited with ${code}`));
    });
  });
}

/** The `fraction` percentile of latencies (p99 at 0.99). */
export const percentileOf = (values: readonly number[], fraction: number) =>
  percentile([...values].sort((a, b) => a - b), fraction);
