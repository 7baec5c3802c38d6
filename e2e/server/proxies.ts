import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exited } from './spawned-server';

// The reverse proxies docs/deploy.md puts in front of the server, run from Debian's packages on free
// high ports, each with its files in a folder of the test's own, and stopped by their PIDs.

/** A port nobody is using now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Skips the calling test, saying how to install the binary, as the other tests of a missing tool do;
 * under CI, whose `.ci/run` installs it, fails instead.
 */
export function requireBinary(path: string, apt: string) {
  let present = true;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    present = false;
  }
  if (present) return;
  const message = `No ${path}: install it (apt-get install -y ${apt}); .ci/run does.`;
  if (process.env.CI) throw new Error(message);
  test.skip(true, `SKIPPED. ${message}`);
}

export interface Proxy {
  process: ChildProcess;
  /** What the proxy has written to its standard error so far. */
  errors: () => string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, started: ChildProcess[]): Proxy {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return { process: child, errors: () => stderr };
}

/** Replaces `line` in `text`, which must hold it exactly once: the file under test changed otherwise. */
function replaceLine(text: string, line: string, by: string): string {
  const lines = text.split('\n');
  expect(lines.filter((candidate) => candidate === line), `deploy/Caddyfile's line "${line}"`).toHaveLength(1);
  return lines.map((candidate) => (candidate === line ? by : candidate)).join('\n');
}

const caddyfile = readFileSync(new URL('../../deploy/Caddyfile', import.meta.url), 'utf8');

/**
 * Debian's Caddy with the repository's deploy/Caddyfile, changed only in its marked addresses (the
 * site's, the server's, the ports Caddy listens on and its admin endpoint's) and its certificate:
 * Caddy's own authority (`tls internal`), not put in the system's trust store. The site is
 * https://localhost:<httpsPort>, and plain HTTP on <httpPort> redirects there.
 */
export async function startCaddy(folder: string, ports: { https: number; http: number; upstream: number }, started: ChildProcess[]): Promise<Proxy> {
  let config = replaceLine(
    caddyfile,
    '\temail webmaster@example.co.uk # ← who the certificate authority writes to about the certificate',
    [`\thttp_port ${ports.http}`, `\tadmin 127.0.0.1:${await freePort()}`, '\tskip_install_trust'].join('\n'),
  );
  config = replaceLine(config, 'www.example.co.uk {', `https://localhost:${ports.https} {\n\ttls internal`);
  config = replaceLine(config, '\treverse_proxy 127.0.0.1:3000 # ← HOST and PORT of /etc/se1-quotes/quotes.env', `\treverse_proxy 127.0.0.1:${ports.upstream}`);
  const home = join(folder, 'home');
  mkdirSync(home);
  const file = join(folder, 'Caddyfile');
  writeFileSync(file, config);
  const caddy = run(
    '/usr/bin/caddy',
    ['run', '--config', file, '--adapter', 'caddyfile'],
    { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') },
    started,
  );
  await expect.poll(() => httpsStatus(ports.https, '/healthz'), { timeout: 20_000, message: `Caddy serves the site:\n${caddy.errors()}` }).toBe(200);
  return caddy;
}

/**
 * Debian's nginx with one `server` a port, each passing to its upstream with the headers given: the
 * common habits, `$host` among them. Plain HTTP: the habits are the same either way.
 */
export async function startNginx(folder: string, servers: { port: number; upstream: number; headers: string[] }[], started: ChildProcess[]): Promise<Proxy> {
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const path of paths) mkdirSync(join(folder, path));
  const file = join(folder, 'nginx.conf');
  writeFileSync(
    file,
    `daemon off;
master_process off;
pid ${join(folder, 'nginx.pid')};
error_log stderr warn;
events {}
http {
  access_log off;
  ${paths.map((path) => `${path}_temp_path ${join(folder, path)};`).join('\n  ')}
  ${servers
    .map(
      (server) => `server {
    listen 127.0.0.1:${server.port};
    server_name localhost;
    location / {
      proxy_pass http://127.0.0.1:${server.upstream};
      ${server.headers.join('\n      ')}
    }
  }`,
    )
    .join('\n  ')}
}
`,
  );
  const nginx = run('/usr/sbin/nginx', ['-p', folder, '-c', file], { PATH: process.env.PATH }, started);
  for (const server of servers) {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${server.port}/healthz`).catch(() => undefined))?.status, { timeout: 20_000, message: `nginx listens:\n${nginx.errors()}` })
      .toBe(200);
  }
  return nginx;
}

export async function stopAll(started: ChildProcess[]) {
  for (const child of started.reverse()) {
    child.kill('SIGTERM');
    await exited(child);
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request over HTTPS to Caddy on this machine, for https://localhost, sent from `localAddress`
 * (any of 127.0.0.0/8): a client Caddy sees at that address. Certificates are not checked, as the
 * browser's are not: Caddy's own authority signed this one.
 */
export function httpsRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; host?: string } = {},
): Promise<Answer> {
  const host = options.host ?? `localhost:${port}`;
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        servername: host.replace(/:\d+$/, ''),
        headers: { host, ...options.headers },
        rejectUnauthorized: false,
        ...(options.localAddress !== undefined && { localAddress: options.localAddress }),
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

function httpsStatus(port: number, path: string): Promise<number | undefined> {
  return httpsRequest(port, path).then(
    (answer) => answer.status,
    () => undefined,
  );
}
