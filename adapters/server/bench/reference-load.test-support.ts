// The reference the API benchmark measures the home page against: nginx from Debian serving the same
// built folder, one worker process, with its precompressed copies, loaded by wrk when it is installed.
// Node runs the benchmarks by stripping types, so this file imports only node: builtins.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The first of these that exists: Debian puts nginx in /usr/sbin, out of most users' PATH. */
function installed(...paths: string[]): string | undefined {
  return paths.find((path) => existsSync(path));
}

export const nginxPath = installed('/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx');
export const wrkPath = installed('/usr/bin/wrk', '/usr/local/bin/wrk');

/** A port nobody listens on now, for nginx (which cannot be told to pick one). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Nginx {
  url: string;
  stop: () => Promise<void>;
}

/**
 * nginx serving `root` as a plain static host would: one worker, sendfile, the .gz copies for browsers
 * that take gzip (Debian's nginx has no Brotli), and an access log (as our server keeps its request
 * log), all in `workDir`. Resolves once it answers.
 */
export async function startNginx({ root, workDir, started }: { root: string; workDir: string; started: ChildProcess[] }): Promise<Nginx> {
  if (nginxPath === undefined) throw new Error('nginx is not installed');
  const port = await freePort();
  const config = join(workDir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${join(workDir, 'nginx.pid')};
error_log ${join(workDir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${join(workDir, 'nginx-access.log')};
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(nginxPath, ['-c', config, '-p', workDir, '-e', join(workDir, 'nginx-error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; waited < 5_000; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    const answer = await fetch(`${url}/`).catch(() => undefined);
    if (answer?.status === 200) {
      return {
        url,
        stop: async () => {
          // SIGQUIT: nginx finishes what it is sending, then exits.
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
          await Promise.race([exited, sleep(5_000)]);
        },
      };
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not answer within 5 s: ${stderr}`);
}

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** wrk's latency, "1.23ms", "456.00us" or "1.10s", in milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
}

/**
 * `connections` connections for `seconds` on one wrk thread, so the server has the other core, as
 * `url` with `headers`. wrk is written in C and keeps up with nginx; autocannon, in Node, does not.
 */
export async function wrk(url: string, { connections, seconds, headers = {} }: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<WrkResult> {
  if (wrkPath === undefined) throw new Error('wrk is not installed');
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const { stdout } = await run(wrkPath, args, { timeout: (seconds + 30) * 1000 });
  const find = (pattern: RegExp) => pattern.exec(stdout)?.[1];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)),
    p50Ms: milliseconds(find(/^\s+50%\s+(\S+)/m) ?? ''),
    p99Ms: milliseconds(find(/^\s+99%\s+(\S+)/m) ?? ''),
    non2xx: Number(find(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((total, count) => total + Number(count), 0) : 0,
  };
}
