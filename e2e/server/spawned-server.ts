import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

// Servers these specs run themselves, not the shared webServer: they kill them, and nobody else's
// requests may be in their databases. No browser either: Node's fetch sends the requests.

const serverMain = fileURLToPath(new URL('../../dist/server/server-main.js', import.meta.url));
export const quotesPath = '/api/quote-requests';
const staff = { email: 'staff@example.co.uk', password: 'a staff password for this run' };
/** Signs in as the staff account the server was started with, for the list; returns the Cookie header. */
export async function staffCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !cookie) throw new Error(`Signing in failed: ${response.status}`);
  return cookie.split(';')[0] ?? '';
}

/** Every stored request of every status, page by page through the inbox API, as staff read them. */
export async function listEveryRequest(url: string, cookie: string): Promise<{ id: string; name: string }[]> {
  const listed: { id: string; name: string }[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ view: 'all', limit: '500', ...(after === null ? {} : { after }) });
    const response = await fetch(`${url}${quotesPath}?${params.toString()}`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { quotes: { id: string; name: string }[]; next: string | null };
    listed.push(...page.quotes);
    after = page.next;
  } while (after !== null);
  return listed;
}

export interface Server {
  process: ChildProcess;
  url: string;
  /** Every line the server has written to its standard output (its request log among them), in order. */
  log: string[];
  /** What the server has written to its standard error so far: its warnings and errors. */
  errors: () => string;
}

/** Starts the built server on a port the system picks, over `dataDir`; resolves once /readyz is 200. */
export async function startServer(dataDir: string, started: ChildProcess[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STAFF_EMAIL: staff.email,
    STAFF_PASSWORD: staff.password,
    // One client sends everything here: the limit per client must not be what is measured.
    QUOTE_REQUESTS_PER_HOUR: '100000000',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    QUOTE_REFUSALS_PER_HOUR: '100000000',
    // A browser here fills the form in milliseconds, which the spam rules would take for a script.
    FORM_TOKEN_BACKDATE_SECONDS: '10',
    ...extraEnv,
  };
  delete env.DATABASE_URL; // SQLite in dataDir, whatever the shell has set
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });

  // Read every line, not just the first: a full pipe would block the server's logging.
  const log: string[] = [];
  const listening = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      log.push(line);
      if (!line.includes('"listening"')) return;
      const entry = JSON.parse(line) as { event?: string; url?: string };
      if (entry.event === 'listening' && entry.url) resolve(entry.url);
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`the server exited (${signal ?? code}) before listening:\n${stderr}`));
    });
  });
  const url = await listening;

  await expect
    .poll(async () => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
  return { process: child, url, log, errors: () => stderr };
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  child.kill(signal);
  await exited(child);
}

